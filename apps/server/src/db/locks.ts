import { eq } from 'drizzle-orm';
import { users } from './schema/users';
import type { Tx } from './transaction';

/**
 * Runs one user's writes of a kind one at a time: the user's row is locked until the transaction
 * ends. Address writes ("is this the first address", "unset the old default") and order
 * placements (the cart read, the per-user voucher limit) take it first, so they never interleave.
 */
export async function lockUserRow(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
