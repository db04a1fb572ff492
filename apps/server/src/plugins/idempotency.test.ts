import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@shop/contracts/constants';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/idempotency';
import { executeRows, transaction } from '../db/transaction';
import { ManualClock } from '../lib/clock';
import { msg, Translator } from '../lib/messages';
import { createCustomer, signInNewCustomer } from '../testing/auth';
import { createTestApp, databaseTargets, describeEachDatabase, type TestApp } from '../testing/test-app';
import { accessPlugin } from './access';
import { errorsPlugin } from './errors';
import { IDEMPOTENCY_TTL_MS, idempotencyPlugin } from './idempotency';
import { findKey, storeReply } from './idempotency.repository';

const address = (name: string) => ({
  name,
  phone: '81234567890',
  address_type: 'home',
  address_line: 'Jl. Sudirman 1, Jakarta',
});

describeEachDatabase('idempotency keys on POST /api/address/store', (ctx) => {
  async function store(headers: Record<string, string>, body: unknown) {
    return ctx.app.inject({ method: 'POST', url: '/api/address/store', headers, payload: body as object });
  }
  async function addressCount(headers: Record<string, string>) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers });
    return (res.json() as { data: { addresses: unknown[] } }).data.addresses.length;
  }

  it('replays the first reply, with its status, for the same key and body; saves once', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const headers = { ...session.bearerHeaders, [IDEMPOTENCY_HEADER]: 'first-key' };
    const first = await store(headers, address('Home'));
    expect(first.statusCode).toBe(200);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const again = await store(headers, address('Home'));
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.json()).toEqual(first.json());
    expect(await addressCount(session.bearerHeaders)).toBe(1);
  });

  it('answers 422 for the same key with another body, and saves nothing for it', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const headers = { ...session.bearerHeaders, [IDEMPOTENCY_HEADER]: 'reused-key' };
    expect((await store(headers, address('Home'))).statusCode).toBe(200);
    const other = await store(headers, address('Office'));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[IDEMPOTENCY_HEADER]).toHaveLength(1);
    expect(await addressCount(session.bearerHeaders)).toBe(1);
  });

  it('replays a refused request too (its 422), and keeps keys apart per user', async () => {
    const a = await signInNewCustomer(ctx.app, ctx.db);
    const b = await signInNewCustomer(ctx.app, ctx.db);
    const refused = await store({ ...a.session.bearerHeaders, [IDEMPOTENCY_HEADER]: 'shared' }, {});
    expect(refused.statusCode).toBe(422);
    const replayed = await store({ ...a.session.bearerHeaders, [IDEMPOTENCY_HEADER]: 'shared' }, {});
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    const otherUser = await store({ ...b.session.bearerHeaders, [IDEMPOTENCY_HEADER]: 'shared' }, address('Home'));
    expect(otherUser.statusCode).toBe(200);
    expect(otherUser.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
  });

  it('without a key every call runs; a malformed key is a 422', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    expect((await store(session.bearerHeaders, address('Home'))).statusCode).toBe(200);
    expect((await store(session.bearerHeaders, address('Home'))).statusCode).toBe(200);
    expect(await addressCount(session.bearerHeaders)).toBe(2);
    for (const bad of ['x'.repeat(256), 'with space', 'clé']) {
      const res = await store({ ...session.bearerHeaders, [IDEMPOTENCY_HEADER]: bad }, {});
      expect(res.statusCode, bad).toBe(422);
    }
    expect(await addressCount(session.bearerHeaders)).toBe(2);
  });

  it('forgets a key after 24 hours', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const headers = { ...session.bearerHeaders, [IDEMPOTENCY_HEADER]: 'day-old' };
    expect((await store(headers, address('Home'))).statusCode).toBe(200);
    ctx.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
    const later = await store(headers, address('Home'));
    expect(later.statusCode).toBe(200);
    expect(later.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await addressCount(session.bearerHeaders)).toBe(2);
  });

  it("stores a reply waiting for the disk only when it is durable (a handler's claim is not)", async () => {
    const userId = (await createCustomer(ctx.db)).id;
    const now = ctx.clock.now();
    const committedSync = async (key: string, durable: boolean) =>
      transaction(ctx.db, async (tx) => {
        await tx.insert(idempotencyKeys).values({ userId, key, requestHash: 'h', createdAt: now });
        await storeReply(
          tx,
          { userId, key, requestHash: 'h' },
          { statusCode: 200, contentType: null, body: key, now },
          {
            durable,
          },
        );
        // What the transaction's commit will do: set for this transaction alone.
        const [row] = await executeRows<{ value: string }>(
          tx,
          sql`select current_setting('synchronous_commit') as value`,
        );
        return row?.value;
      });
    expect(await committedSync('durable', true)).toBe('on');
    expect(await committedSync('handler', false)).toBe('off');
    const [after] = await executeRows<{ value: string }>(
      ctx.db,
      sql`select current_setting('synchronous_commit') as value`,
    );
    expect(after?.value).toBe('on');
    for (const key of ['durable', 'handler']) {
      expect(await findKey(ctx.db, userId, key)).toMatchObject({ statusCode: 200, body: key });
    }
  });
});

/**
 * Two requests with one key at the same moment, on PostgreSQL (PGlite runs one statement at a
 * time and proves nothing about races). A route of its own holds the first request inside its
 * handler until the second has been answered.
 */
describe.runIf(databaseTargets().includes('postgres'))('idempotency keys under concurrency (postgres)', () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  let userId: number;
  const clock = new ManualClock(new Date());
  /** Requests to /slow held inside their handler until `release`. */
  const held: (() => void)[] = [];
  const release = () => {
    for (const resume of held.splice(0)) resume();
  };
  let entered: () => void = () => {};
  /** Resolves when the next request to /slow is inside its handler. */
  const nextEntry = () =>
    new Promise<void>((resolve) => {
      entered = resolve;
    });
  let runs = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ kind: 'postgres' });
    userId = (await createCustomer(ctx.db)).id;
    app = Fastify({ logger: false });
    await app.register(errorsPlugin, { translator: new Translator(new Map()) });
    // No owner or seller routes here: the access plugin only needs to see the user.
    await app.register(accessPlugin, {
      ownership: {
        address: { owns: async () => false, notFound: msg('Address not found.') },
        payment: { owns: async () => false, notFound: msg('Payment not found.') },
        order: { owns: async () => false, notFound: msg('Order not found.') },
        return: { owns: async () => false, notFound: msg('Return not found.') },
        ticketAttachment: { owns: async () => false, notFound: msg('Attachment not found.') },
        digital_order: { owns: async () => false, notFound: msg('Order not found.') },
        session: { owns: async () => false, notFound: msg('Session not found.') },
      },
      sellerShopId: async () => null,
    });
    app.addHook('onRequest', async (request) => {
      request.user = { id: userId, role: 'customer' };
    });
    await app.register(idempotencyPlugin, { config: ctx.config, database: ctx.database, clock });
    app.post('/slow', { config: { access: 'customer', idempotency: 'required' } }, async (request) => {
      runs++;
      entered();
      await new Promise<void>((resolve) => held.push(resolve));
      return { message: 'done', data: { body: request.body } };
    });
    app.post('/fails', { config: { access: 'customer', idempotency: 'required' } }, async () => {
      runs++;
      throw new Error('the database went away');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  const post = (url: string, key: string, body: object = { n: 1 }) =>
    app.inject({ method: 'POST', url, headers: { [IDEMPOTENCY_HEADER]: key }, payload: body });

  it('answers 409 to a duplicate that arrives while the first still runs, then replays the first', async () => {
    runs = 0;
    const inside = nextEntry();
    const first = post('/slow', 'concurrent');
    await inside;
    const duplicate = await post('/slow', 'concurrent');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('CONFLICT');
    release();
    expect((await first).statusCode).toBe(200);
    const replay = await post('/slow', 'concurrent');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(runs).toBe(1);
  });

  it('of two requests sent at the same instant, exactly one runs', async () => {
    runs = 0;
    const inside = nextEntry();
    const requests = [post('/slow', 'same-instant'), post('/slow', 'same-instant')];
    await inside;
    // While the first is held inside its handler, the second either answers (409) or gets in too.
    const secondInside = nextEntry().then(() => 'the second ran too' as const);
    const first = await Promise.race([...requests.map((r) => r.then((res) => res.statusCode)), secondInside]);
    expect(first).toBe(409);
    release();
    const statuses = (await Promise.all(requests)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(runs).toBe(1);
  });

  it('requires the key where the route says so', async () => {
    const res = await app.inject({ method: 'POST', url: '/slow', payload: { n: 1 } });
    expect(res.statusCode).toBe(400);
  });

  it('frees the key of a request that failed on the server, so it can be sent again', async () => {
    runs = 0;
    expect((await post('/fails', 'retry-me')).statusCode).toBe(500);
    expect((await post('/fails', 'retry-me')).statusCode).toBe(500);
    expect(runs).toBe(2);
  });

  it('takes over a key whose request never finished once it is abandoned', async () => {
    runs = 0;
    const inside = nextEntry();
    const stuck = post('/slow', 'abandoned');
    await inside;
    clock.advance(ctx.config.IDEMPOTENCY_ABANDONED_SECONDS * 1000 + 1000);
    const inside2 = nextEntry();
    const retry = post('/slow', 'abandoned');
    await inside2;
    release();
    expect((await retry).statusCode).toBe(200);
    expect((await stuck).statusCode).toBe(200);
    expect(runs).toBe(2);
  });
});
