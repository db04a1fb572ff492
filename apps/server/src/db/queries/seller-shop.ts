import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { shops } from '../schema/shops';

/**
 * The shop a seller runs in the Seller Centre, as a subquery on a user id column: the user's first
 * approved shop that is active or suspended by the operator (one that waits for the operator or was
 * refused is not run yet), or null. A suspended shop's seller keeps the Seller Centre to finish its
 * open orders and returns; nothing of the shop reaches shoppers (docs/decisions/0026).
 * The shops module asks it on its own; the live-session query asks it with the session, so a
 * seller's request finds its shop without another statement.
 */
export function sellerShopIdOf(userId: SQL | AnyPgColumn): SQL<number | null> {
  return sql<number | null>`(select ${shops.id} from ${shops}
    where ${shops.userId} = ${userId} and (${shops.isActive} or ${shops.suspendedAt} is not null)
      and ${shops.status} = 'approved'
    order by ${shops.id} limit 1)`;
}
