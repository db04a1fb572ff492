import type { SellerShop } from '@shop/contracts/sellers';
import type { ReactNode } from 'react';
import { shopIsRun } from '../shop-state';
import { ShopWaiting } from './shop-waiting';

/**
 * A Seller Centre page of an approved shop: one still waiting for approval (or refused), whose
 * calls answer 403, sees what happens next instead of an error.
 */
export function ApprovedShop({ shop, children }: { shop: SellerShop; children: ReactNode }) {
  return shopIsRun(shop) ? children : <ShopWaiting shop={shop} />;
}
