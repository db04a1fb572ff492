import { verify } from '@node-rs/argon2';
import { and, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { sessions } from '../schema/accounts';
import { users } from '../schema/users';
import { transaction } from '../transaction';

/** Every demo account signs in with this password (APP_ENV=local; never in production). */
export const DEMO_PASSWORD = 'password';
export const DEMO_CUSTOMER = { email: 'customer@example.com', phone: '81234567890', phoneCode: '+62' } as const;
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/**
 * Accounts the demo seed made (example.com is reserved for examples: no real person has an
 * address there) and every operator, whatever their address: the ones worth taking over.
 */
const demoOrOperator = or(
  like(users.email, '%@example.com'),
  like(users.email, '%.example.com'),
  eq(users.role, 'admin'),
);

/**
 * The e-mail addresses of demo accounts and operators that still sign in with DEMO_PASSWORD.
 * The seed gives them all one hash, so this costs one password check per distinct hash.
 */
export async function accountsWithDemoPassword(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(and(demoOrOperator, isNotNull(users.passwordHash)));
  const verdicts = new Map<string, Promise<boolean>>();
  for (const { hash } of rows) {
    if (hash && !verdicts.has(hash))
      verdicts.set(
        hash,
        verify(hash, DEMO_PASSWORD).catch(() => false),
      );
  }
  const found: string[] = [];
  for (const { email, hash } of rows) if (hash && email && (await verdicts.get(hash))) found.push(email);
  return found.sort();
}

/**
 * Takes the demo password away from those accounts and ends their sessions: they can sign in
 * again only after a password reset (or, for the operator, `npm run create-operator`).
 */
export async function disableDemoLogins(db: Database): Promise<string[]> {
  const emails = await accountsWithDemoPassword(db);
  if (emails.length === 0) return [];
  await transaction(db, async (tx) => {
    const ids = tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
    await tx.update(users).set({ passwordHash: null, updatedAt: sql`now()` }).where(inArray(users.email, emails));
  });
  return emails;
}
