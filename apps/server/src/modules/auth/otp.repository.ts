import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type OtpPurpose, otpCodes, passwordResetTokens, serverSecrets } from '../../db/schema/accounts';
import { transaction } from '../../db/transaction';

export async function latestOtp(db: Database, userId: number, purpose: OtpPurpose | null) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), purpose ? eq(otpCodes.purpose, purpose) : undefined))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row ?? null;
}

export async function countOtpsSince(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), gt(otpCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** A new code replaces the unused ones of the same purpose. */
export async function insertOtp(
  db: Database,
  values: {
    userId: number;
    purpose: OtpPurpose;
    channel: 'email' | 'sms';
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
) {
  await transaction(db, async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: values.now })
      .where(
        and(eq(otpCodes.userId, values.userId), eq(otpCodes.purpose, values.purpose), isNull(otpCodes.consumedAt)),
      );
    await tx.insert(otpCodes).values({
      userId: values.userId,
      purpose: values.purpose,
      channel: values.channel,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    });
  });
}

/**
 * Takes one guess at a code: raises its attempt count only while it is live and under the cap.
 * No row back means the code is used up, expired or consumed, and the guess was not evaluated.
 */
export async function claimOtpGuess(db: Database, id: number, now: Date, maxAttempts: number) {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, now),
        sql`${otpCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ attempts: otpCodes.attempts, codeHash: otpCodes.codeHash });
  return row ?? null;
}

/** Marks a code used; false when a concurrent request used it first. */
export async function consumeOtp(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}

// Password reset tokens

export async function insertResetToken(db: Database, userId: number, tokenHash: string, now: Date, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, createdAt: now, expiresAt });
}

/** Uses a reset token once; null if unknown, expired or already used. */
export async function consumeResetToken(db: Database, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

// Secrets

/** The stored secret `name`, created once by whichever process asks first. */
export async function serverSecret(db: Database, name: string, create: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (!row) throw new Error(`server secret ${name} missing`);
  return row.value;
}
