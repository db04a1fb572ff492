import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { twoStepChallenges, twoStepRecoveryCodes, twoStepSecrets } from '../../db/schema/accounts';
import { type Executor, transaction } from '../../db/transaction';

export async function findTwoStep(db: Database, userId: number) {
  const [row] = await db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId)).limit(1);
  return row ?? null;
}

/** A new secret waiting for its first code; replaces one that was never confirmed, never an enabled one. */
export async function putPendingSecret(db: Database, userId: number, secret: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(twoStepSecrets)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: twoStepSecrets.userId,
      set: { secret, createdAt: now, lastStep: null },
      setWhere: isNull(twoStepSecrets.enabledAt),
    })
    .returning({ userId: twoStepSecrets.userId });
  return rows.length === 1;
}

/**
 * Takes the time step of an accepted code: only a later step than the last one taken passes, so a
 * code seen once (by a shoulder or a proxy) cannot be given again in its window. One statement:
 * two requests with the same code cannot both pass.
 */
export async function takeStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoStepSecrets)
    .set({ lastStep: step })
    .where(
      and(eq(twoStepSecrets.userId, userId), or(isNull(twoStepSecrets.lastStep), lt(twoStepSecrets.lastStep, step))),
    )
    .returning({ userId: twoStepSecrets.userId });
  return rows.length === 1;
}

/** Turns a confirmed set-up on with its recovery codes, in one transaction. */
export async function enableTwoStep(db: Executor, userId: number, codeHashes: string[], now: Date): Promise<boolean> {
  return transaction(db, async (tx) => {
    const rows = await tx
      .update(twoStepSecrets)
      .set({ enabledAt: now })
      .where(and(eq(twoStepSecrets.userId, userId), isNull(twoStepSecrets.enabledAt)))
      .returning({ userId: twoStepSecrets.userId });
    if (rows.length !== 1) return false;
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.insert(twoStepRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    return true;
  });
}

/** Replaces every recovery code of the user (the old ones stop working). */
export async function replaceRecoveryCodes(db: Executor, userId: number, codeHashes: string[], now: Date) {
  await transaction(db, async (tx) => {
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.insert(twoStepRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  });
}

/** Uses a recovery code once; false when it is unknown or already used (also by a concurrent call). */
export async function useRecoveryCode(db: Database, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoStepRecoveryCodes.userId, userId),
        eq(twoStepRecoveryCodes.codeHash, codeHash),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoStepRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns two-step sign-in off: the secret, the recovery codes and any waiting sign-in go. */
export async function deleteTwoStep(db: Executor, userId: number): Promise<boolean> {
  return transaction(db, async (tx) => {
    const rows = await tx
      .delete(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, userId))
      .returning({ enabledAt: twoStepSecrets.enabledAt });
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.delete(twoStepChallenges).where(eq(twoStepChallenges.userId, userId));
    return rows.some((r) => r.enabledAt !== null);
  });
}

export async function insertChallenge(db: Database, userId: number, tokenHash: string, now: Date, expiresAt: Date) {
  // Finished and expired challenges of the user go as a new one comes: the table stays small.
  await db
    .delete(twoStepChallenges)
    .where(
      and(
        eq(twoStepChallenges.userId, userId),
        or(isNotNull(twoStepChallenges.usedAt), lt(twoStepChallenges.expiresAt, now)),
      ),
    );
  await db.insert(twoStepChallenges).values({ userId, tokenHash, expiresAt, createdAt: now });
}

/** The user of a live challenge (unused, not expired), or null. */
export async function findLiveChallenge(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: twoStepChallenges.id, userId: twoStepChallenges.userId })
    .from(twoStepChallenges)
    .where(
      and(
        eq(twoStepChallenges.tokenHash, tokenHash),
        isNull(twoStepChallenges.usedAt),
        gt(twoStepChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a challenge once; false when a concurrent call used it first. */
export async function useChallenge(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoStepChallenges)
    .set({ usedAt: now })
    .where(and(eq(twoStepChallenges.id, id), isNull(twoStepChallenges.usedAt)))
    .returning({ id: twoStepChallenges.id });
  return rows.length === 1;
}

/** Whether the user has two-step sign-in turned on. */
export async function twoStepEnabled(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`true` })
    .from(twoStepSecrets)
    .where(and(eq(twoStepSecrets.userId, userId), isNotNull(twoStepSecrets.enabledAt)))
    .limit(1);
  return row !== undefined;
}
