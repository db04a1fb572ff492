import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from '../../db/schema/accounts';

/**
 * Counts one attempt in the fixed window of `key` and returns the count including it. A window
 * older than `windowMs` starts over. One statement, so concurrent callers get distinct counts.
 */
export async function bumpCounter(
  db: Database,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStart: Date }> {
  const staleBefore = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${attemptCounters.windowStart} <= ${staleBefore.toISOString()}::timestamptz then 1 else ${attemptCounters.count} + 1 end`,
        windowStart: sql`case when ${attemptCounters.windowStart} <= ${staleBefore.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${attemptCounters.windowStart} end`,
      },
    })
    .returning({ count: attemptCounters.count, windowStart: attemptCounters.windowStart });
  if (!row) throw new Error('counter upsert returned no row');
  return row;
}

/** Takes back one counted attempt (a correct OTP does not count as a failure). */
export async function unbumpCounter(db: Database, key: string) {
  await db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(eq(attemptCounters.key, key));
}

export async function readCounter(db: Database, key: string) {
  const [row] = await db.select().from(attemptCounters).where(eq(attemptCounters.key, key)).limit(1);
  return row ?? null;
}

export async function clearCounter(db: Database, key: string) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/** Clears `key` and every count kept under it per address (`key:from:<address>`). */
export async function clearCounterAndItsAddresses(db: Database, key: string) {
  await db
    .delete(attemptCounters)
    .where(or(eq(attemptCounters.key, key), sql`starts_with(${attemptCounters.key}, ${`${key}:from:`})`));
}
