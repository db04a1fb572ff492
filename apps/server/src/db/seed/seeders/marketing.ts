import { sql } from 'drizzle-orm';
import type { Database } from '../../client';
import { ads, banners, flashSaleProducts, flashSales } from '../../schema/marketing';
import { products } from '../../schema/products';
import { ADS, PLATFORM_BANNERS, SHOPS } from '../data/content';
import { DAY, FLASH_SALES, HOUR, type MediaId, shopSlides } from '../demo-images';
import { REFERENCE_DATE } from '../products';
import { Rng } from '../random';

/** Platform and shop banners, and the ads. */
export async function seedBannersAndAds(tx: Database, mid: MediaId, shopRows: readonly { id: number }[]) {
  await tx.insert(banners).values([
    ...PLATFORM_BANNERS.map((b, i) => ({
      title: b.title,
      mediaId: mid(`/uploads/demo/banners/banner-${i + 1}.webp`),
      shopId: null,
      url: b.url,
      position: i,
      createdAt: REFERENCE_DATE,
    })),
    ...SHOPS.flatMap((s, i) =>
      shopSlides(s.name).map((slide, n) => ({
        title: slide.title,
        mediaId: mid(`/uploads/demo/shops/${s.slug}-slide-${n + 1}.webp`),
        shopId: (shopRows[i] as { id: number }).id,
        url: `/shops/${s.slug}`,
        position: n,
        createdAt: REFERENCE_DATE,
      })),
    ),
  ]);
  await tx.insert(ads).values(
    ADS.map((a, i) => ({
      title: a.title,
      mediaId: mid(`/uploads/demo/ads/ad-${i + 1}.webp`),
      url: a.url,
      createdAt: new Date(REFERENCE_DATE.getTime() - (ADS.length - i) * DAY),
    })),
  );
}

/** One running and one upcoming flash sale, placed around `now` (ms). */
export async function seedFlashSales(tx: Database, mid: MediaId, now: number) {
  // Flash sales sit around the real clock so the demo always shows one running and one upcoming.
  const rng = new Rng(4242);
  const candidates = await tx
    .select({ id: products.id, price: products.price, discountPrice: products.discountPrice })
    .from(products)
    .where(sql`${products.stock} > 0`)
    .orderBy(products.id);
  const picked = rng.sample(
    candidates,
    FLASH_SALES.reduce((n, s) => n + s.products, 0),
  );
  let offset = 0;
  for (const [i, sale] of FLASH_SALES.entries()) {
    const discount = [30, 20][i] ?? 25;
    const startsAt = new Date(now + sale.startsIn * HOUR);
    const [row] = await tx
      .insert(flashSales)
      .values({
        name: sale.name,
        mediaId: mid(`/uploads/demo/flash-sales/flash-sale-${i + 1}.webp`),
        description: sale.tagline,
        discount,
        startsAt,
        endsAt: new Date(startsAt.getTime() + sale.hours * HOUR),
        createdAt: REFERENCE_DATE,
      })
      .returning({ id: flashSales.id });
    const items = picked.slice(offset, offset + sale.products);
    offset += sale.products;
    await tx.insert(flashSaleProducts).values(
      items.map((p) => {
        // Cheaper than the product's own discount, so the sale is worth showing.
        const base = p.discountPrice > 0 ? p.discountPrice : p.price;
        const flashPrice = Math.max(
          100,
          Math.round((base * (100 - discount - rng.int(0, 15))) / 100 / 10_000) * 10_000,
        );
        const quantity = rng.int(20, 100);
        return {
          flashSaleId: (row as { id: number }).id,
          productId: p.id,
          price: flashPrice,
          discount: Math.round((1 - flashPrice / p.price) * 10_000) / 100,
          quantity,
          soldQuantity: sale.startsIn < 0 ? rng.int(0, Math.floor(quantity * 0.8)) : 0,
        };
      }),
    );
  }
}
