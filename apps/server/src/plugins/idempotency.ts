import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAY_HEADER } from '@shop/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/transaction';
import type { AppDeps } from '../deps';
import { badRequest, conflict, FieldErrors } from '../lib/errors';
import { msg } from '../lib/messages';
import {
  claimKey,
  deleteKeysBefore,
  findKey,
  type IdempotencyRow,
  reclaimKey,
  releaseKey,
  storeReply,
} from './idempotency.repository';

/** How long a key replays its first reply. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired keys are deleted at most this often per process. */
const PRUNE_EVERY_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` header; `'required'` refuses a call without one. Only
     * for routes of signed-in users: keys are kept per user.
     */
    idempotency?: 'optional' | 'required';
    /**
     * Who claims the key: the plugin, before the handler (the default), or the handler itself, in
     * the transaction that does its work (`request.idempotencyKey.requestHash` is what to claim it
     * with). Then a call that writes nothing claims nothing, a call costs no
     * statement of its own to claim, and a handler that fails asks `answerUsedKey` for the answer.
     */
    idempotencyClaim?: 'plugin' | 'handler';
  }
  interface FastifyRequest {
    /** The key this request holds while it runs (or its handler claims), to store its reply under. */
    idempotencyKey: {
      userId: number;
      key: string;
      requestHash: string;
      claimedBy: 'plugin' | 'handler';
      done: boolean;
    } | null;
  }
  interface FastifyInstance {
    /**
     * For a route whose handler claims its key: when the handler failed, answers as the key's
     * earlier use says (its stored reply; a 409 while it is still running; a 422 when it was
     * another request), and true; false when the key was not used (the failure stands).
     */
    answerUsedKey(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

const KEY_PATTERN = /^[\x21-\x7e]+$/;

function requestHash(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/** The 409 of a key whose first request is still running. */
export const keyStillRunning = () =>
  conflict(msg('A request with this Idempotency-Key is still being processed. Try again shortly.'));

/**
 * Whether `row` is a claim for the same request (`requestHash`) that was left without a reply for
 * `abandonedSeconds` (IDEMPOTENCY_ABANDONED_SECONDS): its request died on the way (crash, lost
 * connection), so a retry may take the key over.
 */
export function isAbandonedClaim(row: IdempotencyRow, requestHash: string, now: Date, abandonedSeconds: number) {
  return (
    row.requestHash === requestHash &&
    row.statusCode === null &&
    now.getTime() - row.createdAt.getTime() >= abandonedSeconds * 1000
  );
}

/**
 * Whether a call that claims its key itself (`idempotencyClaim: 'handler'`) and failed may have
 * been answered never: the key's claim is gone (its work committed, its reply was lost), or it is
 * this request's claim, left without a reply for `abandonedSeconds`.
 */
export async function claimWasAbandoned(
  db: Executor,
  userId: number,
  claim: { key: string; requestHash: string },
  now: Date,
  abandonedSeconds: number,
): Promise<boolean> {
  const used = await findKey(db, userId, claim.key);
  return !used || isAbandonedClaim(used, claim.requestHash, now, abandonedSeconds);
}

/** The answer to a request whose key `row` was used already: its first reply, 409 or 422. */
function answerUsed(row: IdempotencyRow, requestHash: string, reply: FastifyReply) {
  if (row.requestHash !== requestHash) {
    throw new FieldErrors({
      [IDEMPOTENCY_HEADER]: [msg('This Idempotency-Key was already used for another request.')],
    });
  }
  if (row.statusCode === null) throw keyStillRunning();
  reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  if (row.contentType) reply.type(row.contentType);
  return reply.status(row.statusCode).send(row.body ?? '');
}

/**
 * `Idempotency-Key` on the unsafe calls that opt in with `config: { idempotency }`: the same key and
 * body replay the first reply with its status; the same key with another request is a 422; a
 * duplicate that arrives while the first is still running is a 409. Replies of 5xx are not kept,
 * so the same request can be sent again. Registered before compression, so it keeps the JSON.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'database' | 'clock'>) => {
    const db = deps.database.fixedPlans;
    let lastPrune = 0;
    app.decorateRequest('idempotencyKey', null);

    app.addHook('onRoute', (route) => {
      if (route.config?.idempotencyClaim && !route.config.idempotency) {
        throw new Error(`Route ${String(route.method)} ${route.url}: idempotencyClaim needs idempotency.`);
      }
      if (!route.config?.idempotency) return;
      const access = route.config.access;
      if (!access || access === 'public') {
        throw new Error(
          `Route ${String(route.method)} ${route.url}: idempotency keys are kept per user; it must not be public.`,
        );
      }
    });

    app.addHook('preHandler', async (request, reply) => {
      const mode = request.routeOptions.config.idempotency;
      if (!mode || !request.user) return;
      const raw = request.headers[IDEMPOTENCY_HEADER];
      if (raw === undefined) {
        if (mode === 'required') throw badRequest(msg('The Idempotency-Key header is required.'));
        return;
      }
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) {
        throw new FieldErrors({
          [IDEMPOTENCY_HEADER]: [
            msg('The Idempotency-Key must be 1 to {{max}} visible ASCII characters.', {
              max: IDEMPOTENCY_KEY_MAX_LENGTH,
            }),
          ],
        });
      }
      const userId = request.user.id;
      const hash = requestHash(request);
      const now = deps.clock.now();

      if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        await deleteKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
      }
      if (request.routeOptions.config.idempotencyClaim === 'handler') {
        request.idempotencyKey = { userId, key, requestHash: hash, claimedBy: 'handler', done: false };
        return;
      }

      let claimed = await claimKey(db, { userId, key, requestHash: hash, now });
      if (!claimed) {
        const row = await findKey(db, userId, key);
        if (!row) {
          claimed = await claimKey(db, { userId, key, requestHash: hash, now });
        } else if (
          now.getTime() - row.createdAt.getTime() >= IDEMPOTENCY_TTL_MS ||
          isAbandonedClaim(row, hash, now, deps.config.IDEMPOTENCY_ABANDONED_SECONDS)
        ) {
          claimed = await reclaimKey(db, row, { requestHash: hash, now });
        } else {
          return answerUsed(row, hash, reply);
        }
        if (!claimed) throw keyStillRunning();
      }
      request.idempotencyKey = { userId, key, requestHash: hash, claimedBy: 'plugin', done: false };
    });

    app.decorate('answerUsedKey', async (request: FastifyRequest, reply: FastifyReply) => {
      const held = request.idempotencyKey;
      if (held?.claimedBy !== 'handler' || held.done) return false;
      const row = await findKey(db, held.userId, held.key);
      if (!row) return false;
      // This call wrote nothing: there is no reply of its own to keep.
      held.done = true;
      await answerUsed(row, held.requestHash, reply);
      return true;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const held = request.idempotencyKey;
      if (!held || held.done) return payload;
      held.done = true;
      const kept = typeof payload === 'string' && reply.statusCode < (held.claimedBy === 'handler' ? 400 : 500);
      if (!kept) {
        // A key the handler claims is claimed only with what it wrote: a failure holds nothing.
        if (held.claimedBy === 'plugin') await releaseKey(db, held.userId, held.key);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await storeReply(
        db,
        held,
        {
          statusCode: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body: payload,
          now: deps.clock.now(),
        },
        // A key the handler claimed is kept with the handler's writes, which a retry answers
        // from when this reply is lost: its reply need not wait for the disk.
        { durable: held.claimedBy === 'plugin' },
      );
      return payload;
    });

    // The reply never got to onSend (the connection broke, a stream failed): free the key.
    app.addHook('onResponse', async (request) => {
      const held = request.idempotencyKey;
      if (held && !held.done) {
        held.done = true;
        if (held.claimedBy === 'plugin') await releaseKey(db, held.userId, held.key);
      }
    });
  },
);
