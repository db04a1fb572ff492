import { sql } from 'drizzle-orm';
import type { Database } from '../../client';
import { couponShops, coupons } from '../../schema/orders';
import { deliveryCharges, paymentGateways, vatTaxes } from '../../schema/settings';
import { GATEWAYS, type MediaId } from '../demo-images';

const DAY_MS = 24 * 60 * 60 * 1000;
const rupiah = (n: number) => n * 100;

/**
 * Payment gateways (cash and the sandbox active), delivery charge tiers, VAT, vouchers for several
 * shops (collectable, one with a minimum spend, one expired, a platform voucher), and a few
 * nearly sold-out products. Voucher windows are placed around `now`, like the flash sales, so the
 * demo always has valid ones.
 */
export async function seedCommerce(
  tx: Database,
  mid: MediaId,
  shopRows: readonly { id: number; slug: string }[],
  now: number,
) {
  await seedCheckoutBasics(tx, mid);
  await seedDemoVouchers(tx, shopRows, now);
}

/**
 * What checkout needs in any shop, demo or not: the payment gateways (cash on delivery and the
 * sandbox on, the others off until the operator sets their keys), delivery charge tiers and VAT,
 * each of which the operator changes in the back office.
 */
export async function seedCheckoutBasics(tx: Database, mid: MediaId) {
  await tx.insert(paymentGateways).values(
    GATEWAYS.map((g) => ({
      name: g.name,
      title: g.title,
      translations: g.translations,
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
  await tx.insert(vatTaxes).values({
    name: 'VAT',
    translations: { id: 'PPN', ar: 'ضريبة القيمة المضافة' },
    type: 'order_base',
    percentage: 11,
    deduction: 'exclusive',
    isActive: true,
  });
}

async function seedDemoVouchers(tx: Database, shopRows: readonly { id: number; slug: string }[], now: number) {
  const startsAt = new Date(now - 30 * DAY_MS);
  const expiresAt = new Date(now + 365 * DAY_MS);
  const code = (slug: string, suffix: string) =>
    `${slug
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 10)
      .toUpperCase()}${suffix}`;
  const shopVouchers = shopRows.slice(0, 6).flatMap((shop, i) => [
    {
      code: code(shop.slug, '10'),
      shopId: shop.id,
      discountType: 'Percentage' as const,
      discount: 10,
      minOrderAmount: rupiah(50_000),
      maxDiscountAmount: rupiah(50_000),
      limitForUser: 5,
      startsAt,
      expiresAt,
    },
    // Every other shop also gives a fixed amount off above a minimum spend.
    ...(i % 2 === 0
      ? [
          {
            code: code(shop.slug, '25K'),
            shopId: shop.id,
            discountType: 'Amount' as const,
            discount: rupiah(25_000),
            minOrderAmount: rupiah(300_000),
            maxDiscountAmount: null,
            limitForUser: 3,
            startsAt,
            expiresAt,
          },
        ]
      : []),
  ]);
  const first = shopRows[0];
  const expired = first
    ? [
        {
          code: code(first.slug, 'OLD'),
          shopId: first.id,
          discountType: 'Percentage' as const,
          discount: 50,
          minOrderAmount: 0,
          maxDiscountAmount: rupiah(100_000),
          limitForUser: 1,
          startsAt: new Date(now - 60 * DAY_MS),
          expiresAt: new Date(now - 30 * DAY_MS),
        },
      ]
    : [];
  await tx.insert(coupons).values([...shopVouchers, ...expired]);
  const [platform] = await tx
    .insert(coupons)
    .values({
      code: 'HEMAT5',
      shopId: null,
      discountType: 'Percentage',
      discount: 5,
      minOrderAmount: rupiah(100_000),
      maxDiscountAmount: rupiah(25_000),
      limitForUser: 2,
      totalLimit: 1000,
      startsAt,
      expiresAt,
    })
    .returning({ id: coupons.id });
  if (platform) {
    await tx.insert(couponShops).values(shopRows.map((s) => ({ couponId: platform.id, shopId: s.id })));
  }

  // A few products nearly sold out, so "only N left" and the stock cap show in the demo.
  await tx.execute(sql`UPDATE products SET stock = 1 + id % 3 WHERE id % 53 = 0 AND stock > 0`);
}
