import type { Database } from '../../client';
import { shops } from '../../schema/shops';
import { SHOPS } from '../data/content';
import { DAY, HOUR, type MediaId } from '../demo-images';
import { REFERENCE_DATE } from '../products';
import { insertReturning } from './rows';

/** The demo shops, one per seller. */
export async function seedShops(
  tx: Database,
  mid: MediaId,
  sellerRows: readonly { id: number }[],
  provinceId: ReadonlyMap<string, number>,
) {
  const shopRows = await insertReturning(
    tx,
    shops,
    SHOPS.map((s, i) => ({
      userId: (sellerRows[i] as { id: number }).id,
      name: s.name,
      slug: s.slug,
      logoId: mid(`/uploads/demo/shops/${s.slug}-logo.webp`),
      bannerId: mid(`/uploads/demo/shops/${s.slug}-cover.webp`),
      provinceId: provinceId.get(s.province) ?? null,
      address: s.address,
      deliveryCharge: s.deliveryCharge * 100,
      minOrderAmount: s.minOrder * 100,
      prefix: s.prefix,
      openingTime: s.opening,
      closingTime: s.closing,
      offDay: s.offDay,
      ...deliveryTime(s.delivery),
      shortDescription: s.short,
      description: s.description,
      isActive: true,
      lastOnlineAt: new Date(REFERENCE_DATE.getTime() - i * HOUR),
      createdAt: new Date(REFERENCE_DATE.getTime() - (400 - i * 20) * DAY),
    })),
  );
  return shopRows;
}

/** "2-4 hari" as the English delivery time ("2-4 days") with its Indonesian and Arabic texts. */
function deliveryTime(days: string) {
  const range = days.replace(/\s*hari$/, '');
  return {
    estimatedDeliveryTime: `${range} days`,
    estimatedDeliveryTimeTranslations: { id: `${range} hari`, ar: `${range} أيام` },
  };
}
