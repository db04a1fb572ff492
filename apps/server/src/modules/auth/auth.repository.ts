import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { shops } from '../../db/schema/shops';
import { type UserRole, users } from '../../db/schema/users';

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
    country: string | null;
    gender: 'male' | 'female' | 'other' | null;
    passwordHash: string;
    now: Date;
  },
  role: 'customer' | 'seller' = 'customer',
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
      role,
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

/** The user's heartbeat; a seller's also shows the shops they run online (chat presence). */
export async function setLastOnline(db: Database, userId: number, at: Date) {
  const [user] = await db
    .update(users)
    .set({ lastOnlineAt: at })
    .where(eq(users.id, userId))
    .returning({ role: users.role });
  if (user?.role === 'seller') await db.update(shops).set({ lastOnlineAt: at }).where(eq(shops.userId, userId));
}

/** Whether the user has a verified e-mail or phone (order_place_account_verify). */
export async function isAccountVerified(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), or(isNotNull(users.emailVerifiedAt), isNotNull(users.phoneVerifiedAt))));
  return row !== undefined;
}
