import { eq } from 'drizzle-orm';
import { shops } from './schema/shops';
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

/**
 * Runs one shop's balance-changing writes one at a time (withdrawal requests): the shop's row is
 * locked until the transaction ends. FOR NO KEY UPDATE does not wait for, nor hold up, orders
 * being placed with the shop (their foreign key takes only a key share lock).
 */
export async function lockShopRow(tx: Tx, shopId: number): Promise<boolean> {
  const rows = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('no key update');
  return rows.length > 0;
}
