import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../db/client';
import { idempotencyKeys } from '../db/schema/idempotency';

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

export async function findKey(db: Database, userId: number, key: string): Promise<IdempotencyRow | null> {
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

const storeReplyQuery = preparedPerDatabase((db) =>
  db
    .update(idempotencyKeys)
    .set({
      statusCode: sql`${sql.placeholder('statusCode')}::smallint`,
      contentType: sql`${sql.placeholder('contentType')}::text`,
      body: sql`${sql.placeholder('body')}::text`,
    })
    .where(
      and(
        eq(idempotencyKeys.userId, sql.placeholder('userId')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        isNull(idempotencyKeys.statusCode),
      ),
    )
    .prepare('idempotency_store'),
);

export async function storeReply(
  db: Database,
  userId: number,
  key: string,
  reply: { statusCode: number; contentType: string | null; body: string },
): Promise<void> {
  await storeReplyQuery(db).execute({ userId, key, ...reply });
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
