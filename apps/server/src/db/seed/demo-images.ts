import { allBrands, CATEGORIES } from './data/catalog';
import { ADS, APP_NAME, BLOG_CATEGORIES, BLOGS, PLATFORM_BANNERS, SHOPS, SOCIAL_LINKS } from './data/content';
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
  thumbSvg,
} from './images';
import { productImageKeys } from './products';
import { slugify } from './random';

/** The demo marketplace's pictures (drawn locally), and the data both the pictures and the seeders use. */
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
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

/** The id of a demo file's media row, by its path. */
export type MediaId = (path: string) => number;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export const sitePath = (file: string) => `/uploads/demo/site/${file}`;

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

export const GATEWAYS = [
  {
    name: 'cash',
    title: 'Cash on Delivery',
    translations: { id: 'Bayar di Tempat (COD)', ar: 'الدفع عند الاستلام' },
    label: 'COD',
    color: '#15803d',
    active: true,
  },
  {
    name: 'sandbox',
    title: 'Sandbox Payment',
    translations: { id: 'Pembayaran Sandbox', ar: 'الدفع التجريبي' },
    label: 'Sandbox',
    color: '#0d9488',
    active: true,
  },
  {
    name: 'stripe',
    title: 'Stripe',
    translations: {} as Record<string, string>,
    label: 'stripe',
    color: '#635bff',
    active: false,
  },
];

export const FLASH_SALES = [
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

export function shopSlides(name: string) {
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

export const subThumbPath = (icon: ProductIcon, palette: number) =>
  `/uploads/demo/subcategories/${icon}-${PALETTES[palette]?.key}.webp`;

/** Subcategory slug -> "icon:palette" of its thumbnail; a few shared pictures serve them all. */
export function subCategoryThumbs(): Map<string, string> {
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
