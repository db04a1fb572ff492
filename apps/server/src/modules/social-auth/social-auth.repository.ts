import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { socialIdentities } from '../../db/schema/account';
import { users } from '../../db/schema/users';
import { transaction } from '../../db/transaction';

export type Provider = (typeof socialIdentities.$inferSelect)['provider'];

const userColumns = {
  id: users.id,
  role: users.role,
  isActive: users.isActive,
  emailVerifiedAt: users.emailVerifiedAt,
};

export async function findUserByIdentity(db: Database, provider: Provider, subject: string) {
  const [row] = await db
    .select(userColumns)
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export interface IdentityValues {
  provider: Provider;
  subject: string;
  email: string | null;
}

/** Links the identity to an existing user; a verified provider e-mail also verifies ours. */
export async function linkIdentity(
  db: Database,
  userId: number,
  identity: IdentityValues,
  now: Date,
  verifyEmail: boolean,
) {
  await transaction(db, async (tx) => {
    await tx.insert(socialIdentities).values({ ...identity, userId, createdAt: now, lastUsedAt: now });
    if (verifyEmail) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), sql`${users.emailVerifiedAt} is null`));
    }
  });
}

export async function touchIdentity(db: Database, identity: IdentityValues, now: Date) {
  await db
    .update(socialIdentities)
    .set({ lastUsedAt: now, email: identity.email })
    .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)));
}

/** A new customer without a password (they sign in through the provider) and its identity. */
export async function createSocialUser(
  db: Database,
  user: { name: string; email: string | null; emailVerified: boolean },
  identity: IdentityValues,
  now: Date,
) {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        name: user.name,
        email: user.email,
        role: 'customer',
        passwordHash: null,
        emailVerifiedAt: user.email && user.emailVerified ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned no row');
    await tx.insert(socialIdentities).values({ ...identity, userId: row.id, createdAt: now, lastUsedAt: now });
    return row.id;
  });
}
