import type { SellerShop } from '@shop/contracts/sellers';

/**
 * An approved shop its seller runs: active, or suspended by the operator (hidden from shoppers,
 * its open orders, returns and messages still handled in the Seller Centre).
 */
export const shopIsRun = (shop: Pick<SellerShop, 'status' | 'is_active' | 'suspended'>) =>
  shop.status === 'approved' && (shop.is_active || shop.suspended === true);
