import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../db/client';
import { idempotencyKeys } from '../db/schema/idempotency';
import type { Executor } from '../db/transaction';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

// Built once per database: the claim and the stored reply run on every request with a key.
const claimKeyQuery = preparedPerDatabase((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder('userId'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      createdAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
);

/** Claims a key for a request about to run; false when the user already used it. */
export async function claimKey(
  db: Database,
  values: { userId: number; key: string; requestHash: string; now: Date },
): Promise<boolean> {
  const rows = await claimKeyQuery(db).execute({ ...values, now: values.now.toISOString() });
  return rows.length > 0;
}

export async function findKey(db: Executor, userId: number, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/**
 * Takes over a key whose row is `seen` (expired, or a request that never finished): only one of
 * several requests doing this at once gets true, because the row must still be as it was seen.
 */
export async function reclaimKey(
  db: Database,
  seen: IdempotencyRow,
  values: { requestHash: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ requestHash: values.requestHash, statusCode: null, contentType: null, body: null, createdAt: values.now })
    .where(
      and(
        eq(idempotencyKeys.userId, seen.userId),
        eq(idempotencyKeys.key, seen.key),
        eq(idempotencyKeys.createdAt, seen.createdAt),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/**
 * Keeps a call's reply under its key: the key's row, while it has no reply and was claimed for
 * the same request; or a new row, when the key's claim is gone (a placement answered again after
 * its first reply was lost). Not `durable`, it commits without waiting for the disk
 * (`synchronous_commit` off for this statement alone): for a key claimed with the
 * handler's own writes, whose reply a retry can build again from what the handler wrote.
 */
const storeReplyQuery = preparedPerDatabase((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder('userId'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      statusCode: sql`${sql.placeholder('statusCode')}::smallint`,
      contentType: sql`${sql.placeholder('contentType')}::text`,
      body: sql`${sql.placeholder('body')}::text`,
      // The commit's wait for the disk is chosen here, for this statement's transaction only.
      createdAt: sql`(select ${sql.placeholder('now')}::timestamptz
        where set_config('synchronous_commit',
          case when ${sql.placeholder('durable')}::boolean then current_setting('synchronous_commit') else 'off' end,
          true) is not null)`,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        statusCode: sql`excluded.status_code`,
        contentType: sql`excluded.content_type`,
        body: sql`excluded.body`,
      },
      setWhere: and(isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.requestHash, sql`excluded.request_hash`)),
    })
    .prepare('idempotency_store'),
);

export async function storeReply(
  db: Executor,
  held: { userId: number; key: string; requestHash: string },
  reply: { statusCode: number; contentType: string | null; body: string; now: Date },
  { durable }: { durable: boolean },
): Promise<void> {
  await storeReplyQuery(db).execute({
    userId: held.userId,
    key: held.key,
    requestHash: held.requestHash,
    statusCode: reply.statusCode,
    contentType: reply.contentType,
    body: reply.body,
    now: reply.now.toISOString(),
    durable,
  });
}

/** Frees a key whose request failed on our side, so the same request may be sent again. */
export async function releaseKey(db: Database, userId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)));
}

export async function deleteKeysBefore(db: Database, cutoff: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
}
