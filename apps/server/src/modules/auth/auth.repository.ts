import { and, desc, eq, gt, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attemptCounters,
  type OtpPurpose,
  otpCodes,
  passwordResetTokens,
  serverSecrets,
  sessions,
} from '../../db/schema/accounts';
import { media } from '../../db/schema/common';
import { type UserRole, users } from '../../db/schema/users';
import { transaction } from '../../db/transaction';

export interface UserRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  phoneCode: string | null;
  country: string | null;
  role: UserRole;
  isActive: boolean;
  passwordHash: string | null;
  photo: string | null;
  emailVerifiedAt: Date | null;
  phoneVerifiedAt: Date | null;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  phoneCode: users.phoneCode,
  country: users.country,
  role: users.role,
  isActive: users.isActive,
  passwordHash: users.passwordHash,
  photo: media.path,
  emailVerifiedAt: users.emailVerifiedAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
};

async function findUserWhere(db: Database, where: SQL | undefined): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(media, eq(media.id, users.photoId))
    .where(where)
    .orderBy(users.id)
    .limit(1);
  return (row as UserRow | undefined) ?? null;
}

export const findUserById = (db: Database, id: number) => findUserWhere(db, eq(users.id, id));

/** E-mail addresses compare without case. */
export const findUserByEmail = (db: Database, email: string) =>
  findUserWhere(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);

/**
 * A phone number as typed: the national number (81234567890), with a trunk zero (081234567890)
 * or with the dial code (6281234567890, +62 812-3456-7890). `digits` holds only its digits.
 */
export const findUserByPhoneDigits = (db: Database, digits: string) =>
  findUserWhere(
    db,
    or(
      eq(users.phone, digits),
      sql`'0' || ${users.phone} = ${digits}`,
      sql`regexp_replace(coalesce(${users.phoneCode}, ''), '[^0-9]', '', 'g') || ${users.phone} = ${digits}`,
    ),
  );

export async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

export async function phoneTaken(db: Database, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(row);
}

export async function insertCustomer(
  db: Database,
  values: {
    name: string;
    email: string | null;
    phone: string | null;
    phoneCode: string | null;
    country: string;
    gender: 'male' | 'female' | 'other' | null;
    passwordHash: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      phone: values.phone,
      phoneCode: values.phoneCode,
      country: values.country,
      gender: values.gender,
      passwordHash: values.passwordHash,
      role: 'customer',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function markVerified(db: Database, userId: number, channel: 'email' | 'sms', now: Date) {
  await db
    .update(users)
    .set(channel === 'email' ? { emailVerifiedAt: now } : { phoneVerifiedAt: now })
    .where(eq(users.id, userId));
}

export async function setLastOnline(db: Database, userId: number, until: Date) {
  await db.update(users).set({ lastOnlineAt: until }).where(eq(users.id, userId));
}

// Sessions

export async function insertSession(
  db: Database,
  values: {
    userId: number;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
    ip: values.ip,
    userAgent: values.userAgent,
  });
}

export async function findLiveSession(db: Database, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, idleSince),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Database, id: number, now: Date) {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
}

export async function revokeSessionByHash(db: Database, tokenHash: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Database, userId: number, now: Date, exceptTokenHash?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
      ),
    );
}

// Attempt counters

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

// OTP codes

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
