import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { settingsSchemas } from '../../modules/settings/settings.values';
import type { Database, DatabaseKind } from '../client';
import { blogCategories, blogs, blogTags, tags } from '../schema/blogs';
import { brands, categories, categorySubCategories, colors, sizes, subCategories, units } from '../schema/catalog';
import { media } from '../schema/common';
import { ads, banners, flashSaleProducts, flashSales } from '../schema/marketing';
import { products } from '../schema/products';
import {
  countries,
  currencies,
  deliveryCharges,
  footerItems,
  footers,
  languages,
  menus,
  pages,
  paymentGateways,
  provinces,
  settings,
  socialLinks,
  vatTaxes,
} from '../schema/settings';
import { shops } from '../schema/shops';
import { users } from '../schema/users';
import { transaction } from '../transaction';
import { allBrands, CATEGORIES, COLORS, SIZE_GROUPS, SUB_CATEGORIES, UNITS } from './data/catalog';
import {
  ADS,
  APP_NAME,
  BLOG_CATEGORIES,
  BLOGS,
  CMS_PAGES,
  LEGAL_PAGES,
  MENUS,
  PLATFORM_BANNERS,
  REVIEWER_NAMES,
  SHOPS,
  SOCIAL_LINKS,
  TAGS,
} from './data/content';
import { allCountries, INDONESIAN_PROVINCES } from './data/countries';
import {
  badgeSvg,
  bannerSvg,
  type ImageJob,
  PALETTES,
  PRODUCT_IMAGE_SIZE,
  type ProductIcon,
  productImagePath,
  productSvg,
  qrSvg,
  renderImages,
  thumbSvg,
} from './images';
import {
  countDemoProducts,
  insertProducts,
  loadCatalogContext,
  productImageKeys,
  REFERENCE_DATE,
  refreshShopRatings,
} from './products';
import { Rng, slugify } from './random';

export { REFERENCE_DATE } from './products';

export const DEFAULT_DEMO_PRODUCTS = 520;
/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'password';
export const DEMO_CUSTOMER = { email: 'customer@example.com', phone: '81234567890', phoneCode: '+62' } as const;
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BRAND_COLOR = '#0d9488';

export const THEME_COLORS = {
  primary: BRAND_COLOR,
  primary50: '#f0fdfa',
  primary100: '#ccfbf1',
  primary200: '#99f6e4',
  primary300: '#5eead4',
  primary400: '#2dd4bf',
  primary500: '#14b8a6',
  primary600: '#0d9488',
  primary700: '#0f766e',
  primary800: '#115e59',
  primary900: '#134e4a',
  primary950: '#042f2e',
};

export interface SeedDemoOptions {
  uploadsDir: string;
  databaseKind: DatabaseKind;
  /** How many products the demo gets; 520 by default. */
  products?: number;
  /** false writes the media rows without image files (fast tests). */
  images?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
  products: number;
  shops: number;
  categories: number;
  subCategories: number;
  reviews: number;
  images: { written: number; skipped: number };
  ms: number;
}

/** True when nothing has been set up yet: no settings and no languages. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT (SELECT count(*) FROM ${settings})::int AS settings, (SELECT count(*) FROM ${languages})::int AS languages`,
  );
  const [row] = rowsOf<{ settings: number; languages: number }>(result);
  return Number(row?.settings ?? 0) === 0 && Number(row?.languages ?? 0) === 0;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

const sitePath = (file: string) => `/uploads/demo/site/${file}`;

function siteLogoSvg(color: string, text: string, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 240 64">
<g transform="translate(6 8)"><rect width="48" height="48" rx="12" fill="${BRAND_COLOR}"/>
<path d="M12 20h24l-3 18H15z" fill="#fff"/><path d="M18 20q0-9 6-9t6 9" fill="none" stroke="#fff" stroke-width="3"/></g>
<text x="64" y="30" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="20" fill="${color}">Pasar</text>
<text x="64" y="52" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" fill="${text}">Nusantara</text>
</svg>`;
}

function appIconSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48">
<rect width="48" height="48" rx="11" fill="${BRAND_COLOR}"/>
<path d="M11 19h26l-3.5 19h-19z" fill="#fff"/><path d="M18 19q0-9 6-9t6 9" fill="none" stroke="#fff" stroke-width="3"/>
<circle cx="24" cy="28" r="3" fill="${BRAND_COLOR}"/></svg>`;
}

function simpleLogoSvg(label: string, color: string, size = 64): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<circle cx="32" cy="32" r="32" fill="${color}"/>
<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${label.length > 1 ? 22 : 30}" fill="#fff">${label}</text></svg>`;
}

function gatewayLogoSvg(label: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64">
<rect width="160" height="64" rx="10" fill="#fff" stroke="#e5e7eb"/>
<text x="80" y="32" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="20" fill="${color}">${label}</text></svg>`;
}

/** Every picture the demo uses, with its public path, size and how to draw it. */
export function demoImageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const { icon, palette, style } of productImageKeys()) {
    jobs.push({
      path: productImagePath(icon, palette, style),
      width: PRODUCT_IMAGE_SIZE,
      height: PRODUCT_IMAGE_SIZE,
      alt: `${icon} (${PALETTES[palette]?.key})`,
      svg: () => productSvg(icon, palette, style),
    });
  }
  for (const c of CATEGORIES) {
    jobs.push({
      path: `/uploads/demo/categories/${c.slug}.webp`,
      width: 160,
      height: 160,
      alt: c.name.en,
      svg: () => thumbSvg(c.icon, c.palette, 160),
    });
  }
  for (const key of new Set(subCategoryThumbs().values())) {
    const [icon, palette] = key.split(':') as [ProductIcon, string];
    jobs.push({
      path: subThumbPath(icon, Number(palette)),
      width: 160,
      height: 160,
      alt: icon,
      svg: () => thumbSvg(icon, Number(palette), 160),
    });
  }
  SHOPS.forEach((shop, i) => {
    const icons = shopIcons(shop.categories);
    jobs.push({
      path: `/uploads/demo/shops/${shop.slug}-logo.webp`,
      width: 200,
      height: 200,
      alt: `${shop.name} logo`,
      svg: () => badgeSvg(initials(shop.name), shop.color, 200),
    });
    jobs.push({
      path: `/uploads/demo/shops/${shop.slug}-cover.webp`,
      width: 1200,
      height: 400,
      alt: shop.name,
      svg: () =>
        bannerSvg({
          width: 1200,
          height: 400,
          title: shop.name,
          subtitle: shop.tagline,
          badge: shop.city,
          icons,
          palette: i,
          seed: 100 + i,
        }),
    });
    shopSlides(shop.name).forEach((slide, s) => {
      jobs.push({
        path: `/uploads/demo/shops/${shop.slug}-slide-${s + 1}.webp`,
        width: 1600,
        height: 500,
        alt: slide.title,
        svg: () =>
          bannerSvg({
            width: 1600,
            height: 500,
            title: slide.title,
            subtitle: slide.subtitle,
            badge: slide.badge,
            icons: s === 0 ? icons : [...icons].reverse(),
            palette: i + s + 2,
            seed: 200 + i * 10 + s,
          }),
      });
    });
  });
  PLATFORM_BANNERS.forEach((b, i) => {
    jobs.push({
      path: `/uploads/demo/banners/banner-${i + 1}.webp`,
      width: 1600,
      height: 500,
      alt: b.title,
      svg: () => bannerSvg({ width: 1600, height: 500, ...b, seed: 300 + i }),
    });
  });
  ADS.forEach((a, i) => {
    jobs.push({
      path: `/uploads/demo/ads/ad-${i + 1}.webp`,
      width: 800,
      height: 400,
      alt: a.title,
      svg: () => bannerSvg({ width: 800, height: 400, ...a, seed: 400 + i }),
    });
  });
  for (const [i, sale] of FLASH_SALES.entries()) {
    jobs.push({
      path: `/uploads/demo/flash-sales/flash-sale-${i + 1}.webp`,
      width: 800,
      height: 400,
      alt: sale.name,
      svg: () =>
        bannerSvg({
          width: 800,
          height: 400,
          title: sale.name,
          subtitle: sale.tagline,
          badge: 'FLASH SALE',
          icons: sale.icons,
          palette: sale.palette,
          seed: 500 + i,
        }),
    });
  }
  BLOGS.forEach((b, i) => {
    const cat = BLOG_CATEGORIES.find((c) => c.slug === b.category);
    jobs.push({
      path: `/uploads/demo/blogs/${slugify(b.title)}.webp`,
      width: 1200,
      height: 630,
      alt: b.title,
      svg: () =>
        bannerSvg({
          width: 1200,
          height: 630,
          title: cat?.id ?? 'Blog',
          subtitle: `${APP_NAME} Blog`,
          cta: null,
          icons: b.icons,
          palette: b.palette,
          seed: 600 + i,
        }),
    });
  });
  for (const b of allBrands()) {
    jobs.push({
      path: `/uploads/demo/brands/${slugify(b.name)}.webp`,
      width: 200,
      height: 200,
      alt: b.name,
      svg: () => badgeSvg(initials(b.name) || b.name.slice(0, 2).toUpperCase(), b.color, 200, 'rounded'),
    });
  }
  for (const s of SOCIAL_LINKS) {
    jobs.push({
      path: `/uploads/demo/social/${s.name}.svg`,
      width: 64,
      height: 64,
      alt: s.name,
      raw: true,
      svg: () => simpleLogoSvg(s.label, s.color),
    });
  }
  for (const g of GATEWAYS) {
    jobs.push({
      path: `/uploads/demo/payments/${g.name}.svg`,
      width: 160,
      height: 64,
      alt: g.title,
      raw: true,
      svg: () => gatewayLogoSvg(g.label, g.color),
    });
  }
  jobs.push(
    {
      path: sitePath('logo.svg'),
      width: 240,
      height: 64,
      alt: APP_NAME,
      raw: true,
      svg: () => siteLogoSvg(BRAND_COLOR, '#374151', 240, 64),
    },
    {
      path: sitePath('logo-footer.svg'),
      width: 240,
      height: 64,
      alt: APP_NAME,
      raw: true,
      svg: () => siteLogoSvg('#ffffff', '#e5e7eb', 240, 64),
    },
    { path: sitePath('app-logo.svg'), width: 512, height: 512, alt: APP_NAME, raw: true, svg: () => appIconSvg(512) },
    { path: sitePath('favicon.svg'), width: 64, height: 64, alt: APP_NAME, raw: true, svg: () => appIconSvg(64) },
    {
      path: sitePath('footer-qr.svg'),
      width: 264,
      height: 264,
      alt: `Download the ${APP_NAME} app`,
      raw: true,
      svg: () => qrSvg(2026),
    },
  );
  return jobs;
}

const GATEWAYS = [
  { name: 'cash', title: 'Cash on Delivery', label: 'COD', color: '#15803d', active: true },
  { name: 'sandbox', title: 'Sandbox Payment', label: 'Sandbox', color: '#0d9488', active: true },
  { name: 'stripe', title: 'Stripe', label: 'stripe', color: '#635bff', active: false },
];

const FLASH_SALES = [
  {
    name: 'Flash Sale Gajian',
    tagline: 'Harga miring hanya sampai stok habis',
    icons: ['phone', 'headphones', 'watch'] as ProductIcon[],
    palette: 0,
    products: 15,
    /** Offsets from now, in hours: started two days ago, ends in three days. */
    startsIn: -48,
    hours: 120,
  },
  {
    name: 'Flash Sale Akhir Pekan',
    tagline: 'Siapkan keranjangmu, diskon segera dimulai',
    icons: ['shoe', 'bag', 'bottle'] as ProductIcon[],
    palette: 1,
    products: 10,
    startsIn: 96,
    hours: 48,
  },
];

function shopSlides(name: string) {
  return [
    { title: 'Diskon Spesial Toko', subtitle: `Potongan harga pilihan di ${name}`, badge: 'PROMO' },
    { title: 'Produk Terbaru', subtitle: `Koleksi baru minggu ini dari ${name}`, badge: 'BARU' },
  ];
}

function shopIcons(categorySlugs: string[]): ProductIcon[] {
  const icons: ProductIcon[] = [];
  for (const slug of categorySlugs) {
    const c = CATEGORIES.find((x) => x.slug === slug);
    for (const t of c?.types ?? []) if (!icons.includes(t.icon)) icons.push(t.icon);
  }
  return icons.slice(0, 3);
}

const subThumbPath = (icon: ProductIcon, palette: number) =>
  `/uploads/demo/subcategories/${icon}-${PALETTES[palette]?.key}.webp`;

/** Subcategory slug -> "icon:palette" of its thumbnail; a few shared pictures serve them all. */
function subCategoryThumbs(): Map<string, string> {
  const out = new Map<string, string>();
  let n = 0;
  for (const c of CATEGORIES) {
    for (const slug of c.subs) {
      if (out.has(slug)) continue;
      const type = c.types.find((t) => t.subs.includes(slug));
      out.set(slug, `${type?.icon ?? c.icon}:${n++ % PALETTES.length}`);
    }
  }
  return out;
}

async function insertReturning<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): Promise<Array<TTable['$inferSelect']>> {
  const out: Array<TTable['$inferSelect']> = [];
  for (let i = 0; i < rows.length; i += 1000) {
    // The generic table hides the row type from drizzle's overloads; callers pass matching rows.
    const chunk = await db
      .insert(table)
      .values(rows.slice(i, i + 1000) as never)
      .returning();
    out.push(...(chunk as Array<TTable['$inferSelect']>));
  }
  return out;
}

/**
 * Fills an empty database with the demo marketplace: deterministic (seeded PRNG, fixed
 * reference date) except the flash sales, which are placed around the current time so one is
 * always running and one upcoming. Everything is written in one transaction.
 */
export async function seedDemo(db: Database, opts: SeedDemoOptions): Promise<SeedSummary> {
  const started = Date.now();
  const productTotal = opts.products ?? DEFAULT_DEMO_PRODUCTS;
  const jobs = demoImageJobs();
  const imageStats =
    opts.images === false ? { written: 0, skipped: jobs.length } : await renderImages(opts.uploadsDir, jobs);
  // Hashing is slow by design: hash once and share it between all demo accounts.
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 });
  const now = Date.now();

  await transaction(db, async (trx) => {
    const tx = trx as unknown as Database;
    const mediaRows = await insertReturning(
      tx,
      media,
      jobs.map((j) => ({ path: j.path, width: j.width, height: j.height, alt: j.alt, createdAt: REFERENCE_DATE })),
    );
    const mediaId = new Map(mediaRows.map((m) => [m.path, m.id]));
    const mid = (path: string) => {
      const id = mediaId.get(path);
      if (!id) throw new Error(`No demo media row for ${path}`);
      return id;
    };

    await tx.insert(languages).values([
      { name: 'en', title: 'English', direction: 'ltr', isDefault: true, position: 0 },
      { name: 'id', title: 'Bahasa Indonesia', direction: 'ltr', isDefault: false, position: 1 },
      { name: 'ar', title: 'العربية', direction: 'rtl', isDefault: false, position: 2 },
    ]);
    await tx.insert(currencies).values([
      { name: 'Indonesian Rupiah', code: 'IDR', symbol: 'Rp', rate: 1, isDefault: true, position: 0 },
      { name: 'US Dollar', code: 'USD', symbol: '$', rate: 0.000063, isDefault: false, position: 1 },
      { name: 'Singapore Dollar', code: 'SGD', symbol: 'S$', rate: 0.000084, isDefault: false, position: 2 },
    ]);
    const countryRows = await insertReturning(tx, countries, allCountries());
    const indonesia = countryRows.find((c) => c.code === 'ID');
    if (!indonesia) throw new Error('Indonesia missing from the country list');
    const provinceRows = await insertReturning(
      tx,
      provinces,
      INDONESIAN_PROVINCES.map((p) => ({ ...p, countryId: indonesia.id })),
    );
    const provinceId = new Map(provinceRows.map((p) => [p.code, p.id]));

    const verified = {
      emailVerifiedAt: REFERENCE_DATE,
      phoneVerifiedAt: REFERENCE_DATE,
      createdAt: REFERENCE_DATE,
      updatedAt: REFERENCE_DATE,
    };
    await tx.insert(users).values({
      name: 'Admin Pasar Nusantara',
      email: DEMO_ADMIN_EMAIL,
      phone: '81100000001',
      phoneCode: '+62',
      country: 'Indonesia',
      passwordHash,
      role: 'admin',
      ...verified,
    });
    const sellerRows = await insertReturning(
      tx,
      users,
      SHOPS.map((s, i) => ({
        name: s.owner,
        email: `${s.slug}@example.com`,
        phone: `8121100${String(i + 1).padStart(4, '0')}`,
        phoneCode: '+62',
        country: 'Indonesia',
        passwordHash,
        role: 'seller',
        ...verified,
      })),
    );
    await tx.insert(users).values({
      name: 'Putri Maharani',
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      phoneCode: DEMO_CUSTOMER.phoneCode,
      country: 'Indonesia',
      passwordHash,
      role: 'customer',
      gender: 'female',
      dateOfBirth: '1996-08-17',
      ...verified,
    });
    await tx.insert(users).values(
      REVIEWER_NAMES.map((name, i) => ({
        name,
        email: `${slugify(name).replace(/-/g, '.')}@mail.example.com`,
        phone: `8573300${String(i + 1).padStart(4, '0')}`,
        phoneCode: '+62',
        country: 'Indonesia',
        passwordHash,
        role: 'customer' as const,
        ...verified,
      })),
    );

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
        estimatedDeliveryTime: s.delivery,
        shortDescription: s.short,
        description: s.description,
        isActive: true,
        lastOnlineAt: new Date(REFERENCE_DATE.getTime() - i * HOUR),
        createdAt: new Date(REFERENCE_DATE.getTime() - (400 - i * 20) * DAY),
      })),
    );
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

    // Catalogue reference data.
    const categoryRows = await insertReturning(
      tx,
      categories,
      CATEGORIES.map((c, i) => ({
        name: c.name.en,
        translations: { id: c.name.id, ar: c.name.ar },
        slug: c.slug,
        mediaId: mid(`/uploads/demo/categories/${c.slug}.webp`),
        description: `${c.name.en}: ${c.blurb.en}.`,
        position: i,
        createdAt: new Date(REFERENCE_DATE.getTime() - (200 - i) * DAY),
      })),
    );
    const thumbs = subCategoryThumbs();
    const subSlugs = [...thumbs.keys()];
    const subRows = await insertReturning(
      tx,
      subCategories,
      subSlugs.map((slug, i) => {
        const name = SUB_CATEGORIES[slug];
        if (!name) throw new Error(`Unknown subcategory ${slug}`);
        const [icon, palette] = (thumbs.get(slug) as string).split(':') as [ProductIcon, string];
        return {
          name: name.en,
          translations: { id: name.id, ar: name.ar },
          slug,
          mediaId: mid(subThumbPath(icon, Number(palette))),
          createdAt: new Date(REFERENCE_DATE.getTime() - (200 - i) * HOUR),
        };
      }),
    );
    const subId = new Map(subRows.map((s) => [s.slug, s.id]));
    await tx.insert(categorySubCategories).values(
      CATEGORIES.flatMap((c, ci) =>
        c.subs.map((slug, position) => ({
          categoryId: (categoryRows[ci] as { id: number }).id,
          subCategoryId: subId.get(slug) as number,
          position,
        })),
      ),
    );
    await tx
      .insert(brands)
      .values(allBrands().map((b) => ({ name: b.name, mediaId: mid(`/uploads/demo/brands/${slugify(b.name)}.webp`) })));
    await tx
      .insert(colors)
      .values(
        COLORS.map((c) => ({ name: c.name.en, translations: { id: c.name.id, ar: c.name.ar }, colorCode: c.code })),
      );
    let sizePosition = 0;
    await tx.insert(sizes).values(
      Object.values(SIZE_GROUPS).flatMap((group) =>
        group.map((s) => ({
          name: s.name.en,
          translations: { id: s.name.id, ar: s.name.ar },
          position: sizePosition++,
        })),
      ),
    );
    await tx
      .insert(units)
      .values(Object.entries(UNITS).map(([name, tr]) => ({ name, translations: { id: tr.id, ar: tr.ar } })));

    const ctx = await loadCatalogContext(tx);
    await insertProducts(tx, ctx, 0, productTotal, opts.onProgress);

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

    await tx.insert(menus).values(
      MENUS.map((m, i) => ({
        name: m.name,
        url: m.url,
        isExternal: m.isExternal,
        target: m.isExternal ? ('_blank' as const) : ('_self' as const),
        position: i,
      })),
    );
    await tx.insert(socialLinks).values(
      SOCIAL_LINKS.map((s, i) => ({
        name: s.name,
        link: s.link,
        logoId: mid(`/uploads/demo/social/${s.name}.svg`),
        position: i,
      })),
    );
    const footerRows = await insertReturning(tx, footers, [
      { title: APP_NAME, position: 0 },
      { title: 'Contact Us', position: 1 },
      { title: 'Information', position: 2 },
      { title: 'Company', position: 3 },
    ]);
    const [about, contact, info, company] = footerRows.map((f) => f.id) as [number, number, number, number];
    type FooterItem = typeof footerItems.$inferInsert;
    const items: FooterItem[] = [
      { footerId: about, type: 'logo', title: APP_NAME, url: '/' },
      {
        footerId: about,
        type: 'text',
        title: 'Belanja produk lokal dari ribuan toko terpercaya di seluruh Indonesia.',
      },
      { footerId: about, type: 'app_store', title: 'Download our app' },
      { footerId: contact, type: 'email', title: 'halo@pasarnusantara.id', url: 'mailto:halo@pasarnusantara.id' },
      { footerId: contact, type: 'phone', title: '+62 811-8888-1234', url: 'tel:+6281188881234' },
      { footerId: contact, type: 'text', title: 'Jl. Jenderal Sudirman Kav. 52-53, Jakarta Selatan 12190' },
      { footerId: contact, type: 'social_links', title: 'Follow us' },
      { footerId: info, type: 'link', title: 'About Us', url: '/about-us' },
      { footerId: info, type: 'link', title: 'Terms & Conditions', url: '/terms-and-conditions' },
      { footerId: info, type: 'link', title: 'Privacy Policy', url: '/privacy-policy' },
      { footerId: info, type: 'link', title: 'Return Policy', url: '/return-policy' },
      { footerId: info, type: 'link', title: 'Contact Us', url: '/contact-us' },
      { footerId: company, type: 'link', title: 'How to Shop', url: '/page/cara-belanja' },
      { footerId: company, type: 'link', title: 'Careers', url: '/page/karir' },
      { footerId: company, type: 'link', title: 'Blog', url: '/blogs' },
      {
        footerId: company,
        type: 'link',
        title: 'Seller Centre',
        url: 'https://seller.pasarnusantara.id',
        target: '_blank',
      },
    ];
    const positions = new Map<number, number>();
    await tx.insert(footerItems).values(
      items.map((item) => {
        const position = positions.get(item.footerId) ?? 0;
        positions.set(item.footerId, position + 1);
        return { ...item, position };
      }),
    );
    await tx.insert(pages).values([
      ...LEGAL_PAGES.map((p) => ({
        title: p.title,
        slug: p.slug,
        description: p.html,
        kind: 'legal' as const,
        createdAt: REFERENCE_DATE,
      })),
      ...CMS_PAGES.map((p) => ({
        title: p.title,
        slug: p.slug,
        description: p.html,
        kind: 'cms' as const,
        createdAt: REFERENCE_DATE,
      })),
    ]);
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

    // Blog.
    const blogCategoryRows = await insertReturning(
      tx,
      blogCategories,
      BLOG_CATEGORIES.map((c) => ({ name: c.name, translations: { id: c.id, ar: c.ar }, slug: c.slug })),
    );
    const tagRows = await insertReturning(
      tx,
      tags,
      TAGS.map((name) => ({ name, slug: slugify(name) })),
    );
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    const blogRows = await insertReturning(
      tx,
      blogs,
      BLOGS.map((b, i) => ({
        userId: (admin as { id: number }).id,
        categoryId: blogCategoryRows.find((c) => c.slug === b.category)?.id ?? null,
        title: b.title,
        slug: slugify(b.title),
        mediaId: mid(`/uploads/demo/blogs/${slugify(b.title)}.webp`),
        description: `${b.paragraphs.map((p) => `<p>${p}</p>`).join('')}<h3>Tips</h3><ul>${b.tips.map((t) => `<li>${t}</li>`).join('')}</ul>`,
        viewsCount: 120 + ((i * 137) % 900),
        createdAt: new Date(REFERENCE_DATE.getTime() - (i * 6 + 1) * DAY),
      })),
    );
    await tx.insert(blogTags).values(
      BLOGS.flatMap((b, i) =>
        b.tags.map((tag) => ({
          blogId: (blogRows[i] as { id: number }).id,
          tagId: tagRows.find((t) => t.name === tag)?.id as number,
        })),
      ),
    );

    await refreshShopRatings(tx);

    // Settings last: together with languages they mark the database as seeded.
    const values = {
      general: settingsSchemas.general.parse({
        app_name: APP_NAME,
        tagline: 'Belanja produk lokal terbaik dari seluruh Indonesia',
        mobile: '+6281188881234',
        email: 'halo@pasarnusantara.id',
        address: 'Jl. Jenderal Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
        currency_position: 'prefix',
        multi_vendor: true,
        show_download_app: true,
        google_playstore_link: 'https://play.google.com/store/apps/details?id=id.pasarnusantara.app',
        app_store_link: 'https://apps.apple.com/id/app/pasar-nusantara/id6450000000',
        web_show_footer: true,
        web_footer_text: `${APP_NAME}. All rights reserved.`,
        web_footer_description: 'Marketplace untuk UMKM Indonesia: ribuan toko lokal, satu keranjang belanja.',
        web_logo: sitePath('logo.svg'),
        web_footer_logo: sitePath('logo-footer.svg'),
        app_logo: sitePath('app-logo.svg'),
        footer_qr: sitePath('footer-qr.svg'),
        favicon: sitePath('favicon.svg'),
      }),
      verify: settingsSchemas.verify.parse({
        register_otp_verify: true,
        register_otp_type: 'email',
        forgot_otp_type: 'email',
        phone_required: true,
        phone_min_length: 8,
        phone_max_length: 16,
        order_place_account_verify: false,
      }),
      theme_colors: settingsSchemas.theme_colors.parse(THEME_COLORS),
      social_auths: settingsSchemas.social_auths.parse({
        google: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
        facebook: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
        apple: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
      }),
      commerce: settingsSchemas.commerce.parse({
        cash_on_delivery: true,
        online_payment: true,
        return_order_within_days: 3,
      }),
      realtime: settingsSchemas.realtime.parse({
        pusher_app_key: 'storefront-key',
        pusher_app_cluster: 'mt1',
        pusher_host: null,
        pusher_port: null,
        pusher_force_tls: false,
      }),
    };
    await tx.insert(settings).values(Object.entries(values).map(([key, value]) => ({ key, value })));
  });

  const [counts] = await countRows(db);
  return {
    products: counts?.products ?? 0,
    shops: counts?.shops ?? 0,
    categories: counts?.categories ?? 0,
    subCategories: counts?.sub_categories ?? 0,
    reviews: counts?.reviews ?? 0,
    images: imageStats,
    ms: Date.now() - started,
  };
}

interface Counts {
  products: number;
  shops: number;
  categories: number;
  sub_categories: number;
  reviews: number;
}

async function countRows(db: Database): Promise<Counts[]> {
  const result = await db.execute(sql`SELECT
    (SELECT count(*) FROM products)::int AS products,
    (SELECT count(*) FROM shops)::int AS shops,
    (SELECT count(*) FROM categories)::int AS categories,
    (SELECT count(*) FROM sub_categories)::int AS sub_categories,
    (SELECT count(*) FROM reviews)::int AS reviews`);
  return rowsOf<Counts>(result);
}

/** node-postgres and PGlite both answer with `rows`; drizzle passes their result through. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export interface SeedMoreOptions {
  uploadsDir: string;
  /** Total number of demo products wanted. */
  target: number;
  /** Also write any missing product pictures (they are shared, so at most a few hundred files). */
  images?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Batches in flight at once; above 1 only for PostgreSQL (PGlite has one connection). */
  concurrency?: number;
}

/**
 * Grows the demo catalogue to `target` products, reusing the demo pictures. Product N is the
 * same whichever run creates it, so growing in steps gives the same catalogue as growing at once.
 */
export async function seedMoreProducts(
  db: Database,
  opts: SeedMoreOptions,
): Promise<{ before: number; after: number; inserted: number; ms: number }> {
  const started = Date.now();
  if (opts.images !== false) {
    await renderImages(
      opts.uploadsDir,
      demoImageJobs().filter((j) => j.path.startsWith('/uploads/demo/products/')),
    );
  }
  const before = await countDemoProducts(db);
  if (before >= opts.target) return { before, after: before, inserted: 0, ms: Date.now() - started };
  const ctx = await loadCatalogContext(db);
  await insertProducts(db, ctx, before, opts.target, opts.onProgress, opts.concurrency ?? 1);
  await refreshShopRatings(db);
  const after = await countDemoProducts(db);
  return { before, after, inserted: after - before, ms: Date.now() - started };
}
