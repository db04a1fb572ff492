import type { Database } from '../../client';
import { deliveryCharges, paymentGateways, vatTaxes } from '../../schema/settings';
import { GATEWAYS, type MediaId } from '../demo-images';

/** Payment gateways, delivery charge tiers and VAT. */
export async function seedCommerce(tx: Database, mid: MediaId) {
  await tx.insert(paymentGateways).values(
    GATEWAYS.map((g) => ({
      name: g.name,
      title: g.title,
      logoId: mid(`/uploads/demo/payments/${g.name}.svg`),
      config: g.name === 'stripe' ? { publishable_key: null, secret_key: null, webhook_secret: null } : {},
      mode: 'test' as const,
      isActive: g.active,
    })),
  );
  await tx.insert(deliveryCharges).values([
    { name: '1-3 items', minQty: 1, maxQty: 3, charge: 10_000 * 100 },
    { name: '4-10 items', minQty: 4, maxQty: 10, charge: 20_000 * 100 },
    { name: '11-1000 items', minQty: 11, maxQty: 1000, charge: 35_000 * 100 },
  ]);
  await tx
    .insert(vatTaxes)
    .values({ name: 'PPN 11%', type: 'order_base', percentage: 11, deduction: 'exclusive', isActive: true });
}
