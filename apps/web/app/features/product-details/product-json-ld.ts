import type { ProductDetails } from '@shop/contracts/products';
import { paths } from '../../lib/paths';
import { absoluteUrl } from '../../lib/seo';

/** Plain text of the HTML description, for search engines (tags dropped, spaces collapsed). */
export function plainText(html: string | null | undefined, max = 300): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * schema.org Product (with its offer in IDR, the default currency, and the rating when reviewed)
 * and the BreadcrumbList Home > category > product.
 */
export function productJsonLd(
  product: ProductDetails,
  options: { url: string; publicUrl: string; homeLabel: string; appName: string },
) {
  const base = options.publicUrl || 'http://localhost';
  const price = product.discount_price > 0 ? product.discount_price : product.price;
  const category = product.categories[0];
  const reviews = reviewCount(product.total_reviews);
  const crumbs = [
    { name: options.homeLabel || options.appName, item: absoluteUrl(base, '/') },
    ...(category ? [{ name: category.name, item: absoluteUrl(base, paths.category(category.slug)) }] : []),
    { name: product.name, item: absoluteUrl(base, paths.product(product.slug)) },
  ];
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        name: product.name,
        image: product.thumbnails.map((t) => absoluteUrl(base, t.thumbnail)),
        description: plainText(product.short_description || product.description, 5000),
        ...(product.sku ? { sku: product.sku } : {}),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        offers: {
          '@type': 'Offer',
          url: options.url,
          price: price.toFixed(2),
          priceCurrency: 'IDR',
          availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          ...(product.flash_sale ? { priceValidUntil: product.flash_sale.end_date.slice(0, 10) } : {}),
          seller: { '@type': 'Organization', name: product.shop.name },
        },
        ...(reviews > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.rating.toFixed(1),
                reviewCount: reviews,
              },
            }
          : {}),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
      },
    ],
  };
}

/** The card's abbreviated count ("1.2K") back to a number; exact below 1000, where it matters most. */
function reviewCount(abbreviated: string): number {
  const match = /^([\d.]+)([KMB])?$/.exec(abbreviated);
  if (!match) return 0;
  const factor = { K: 1e3, M: 1e6, B: 1e9 }[match[2] as 'K' | 'M' | 'B'] ?? 1;
  return Math.round(Number(match[1]) * factor);
}
