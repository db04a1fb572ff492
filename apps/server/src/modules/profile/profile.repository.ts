import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { users } from '../../db/schema/users';
import { transaction } from '../../db/transaction';

/** Uploaded profile photos live here, under the uploads folder. */
export const PROFILE_PHOTO_FOLDER = 'profiles';

export async function findProfileRow(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      phoneCode: users.phoneCode,
      country: users.country,
      gender: users.gender,
      dateOfBirth: users.dateOfBirth,
      isActive: users.isActive,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      lastOnlineAt: users.lastOnlineAt,
      photoId: users.photoId,
      photo: media.path,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .leftJoin(media, eq(media.id, users.photoId))
    .where(eq(users.id, userId));
  return row ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/** Whether another user already has this e-mail (compared case-insensitively) or phone. */
export async function findTakenContacts(
  db: Database,
  userId: number,
  contact: { email: string | null; phone: string | null },
) {
  const [emailOwner] = contact.email
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${contact.email.toLowerCase()}`, ne(users.id, userId)))
        .limit(1)
    : [];
  const [phoneOwner] = contact.phone
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, contact.phone), ne(users.id, userId)))
        .limit(1)
    : [];
  return { email: emailOwner !== undefined, phone: phoneOwner !== undefined };
}

export interface ProfileChanges {
  name: string;
  email: string | null;
  phone: string | null;
  phoneCode: string | null;
  country: string | null;
  gender: 'male' | 'female' | 'other' | null;
  dateOfBirth: string | null;
  /** A changed e-mail or phone is no longer verified. */
  emailVerifiedAt?: Date | null;
  phoneVerifiedAt?: Date | null;
  photo?: { path: string; width: number; height: number; alt: string };
}

/** Saves the profile (and the new photo's media row) in one transaction; returns the old photo. */
export async function saveProfile(db: Database, userId: number, changes: ProfileChanges, now: Date) {
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select({ photoId: users.photoId, photo: media.path })
      .from(users)
      .leftJoin(media, eq(media.id, users.photoId))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    let photoId: number | undefined;
    if (changes.photo) {
      const [inserted] = await tx.insert(media).values(changes.photo).returning({ id: media.id });
      photoId = inserted?.id;
    }
    await tx
      .update(users)
      .set({
        name: changes.name,
        email: changes.email,
        phone: changes.phone,
        phoneCode: changes.phoneCode,
        country: changes.country,
        gender: changes.gender,
        dateOfBirth: changes.dateOfBirth,
        ...(changes.emailVerifiedAt !== undefined ? { emailVerifiedAt: changes.emailVerifiedAt } : {}),
        ...(changes.phoneVerifiedAt !== undefined ? { phoneVerifiedAt: changes.phoneVerifiedAt } : {}),
        ...(photoId !== undefined ? { photoId } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    // Only photos this module stored (one user each) go; seeded pictures may be shared.
    if (photoId !== undefined && before?.photoId && before.photo?.startsWith(`${PROFILE_PHOTO_FOLDER}/`)) {
      await tx.delete(media).where(eq(media.id, before.photoId));
      return { replacedPhoto: before.photo };
    }
    return { replacedPhoto: null };
  });
}

export async function updatePasswordHash(db: Database, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
