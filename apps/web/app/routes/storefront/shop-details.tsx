import type { ShopDetails } from '@shop/contracts/shops';
import { dehydrate } from '@tanstack/react-query';
import { Link, useRevalidator, useRouteLoaderData } from 'react-router';
import { JsonLd } from '../../components/seo/json-ld';
import { usePaginationLook } from '../../components/ui/pagination-look';
import { RichText } from '../../components/ui/rich-text';
import { ErrorState } from '../../components/ui/states';
import { productsQueryOptions } from '../../entities/product/api/products';
import { reviewsQueryOptions } from '../../entities/review/api/reviews';
import { ShopClosedNotice } from '../../entities/shop/components/shop-closed-notice';
import { metaTranslator } from '../../features/catalog/meta-text';
import { plainText } from '../../features/product-details/product-json-ld';
import { shopProductsQuery, shopQueryOptions } from '../../features/shops/api/shops';
import { ShopHeader } from '../../features/shops/components/shop-header';
import { ShopProducts } from '../../features/shops/components/shop-products';
import { ShopReviews } from '../../features/shops/components/shop-reviews';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { fetchOr404, pagedPath, readPageParam } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { makeServerQueryClient } from '../../lib/query-client';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/shop-details';

type Tab = 'products' | 'reviews' | 'about';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const asked = search.get('tab');
  const tab: Tab = asked === 'reviews' || asked === 'about' ? asked : 'products';
  const page = readPageParam(search);
  const client = makeServerQueryClient();
  const shop = await fetchOr404(() => client.fetchQuery(shopQueryOptions(api, params.slug)));
  if (shop) {
    // A failed prefetch is not fatal: the tab shows its error state with "Try again".
    if (tab === 'reviews') await client.prefetchQuery(reviewsQueryOptions(api, { shop_id: shop.id }, page));
    else if (tab === 'products')
      await client.prefetchQuery(
        productsQueryOptions(api, shopProductsQuery(shop.id, page, search.get('q')?.trim() ?? '')),
      );
  }
  return { shop, tab, page, dehydratedState: dehydrate(client) };
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const shop = loaderData?.shop;
  const path = paths.shop(params.slug);
  if (!shop) return seoMeta({ title: t('Shops'), path, appName, publicUrl });
  return seoMeta({
    title: shop.name,
    description:
      shop.short_description?.trim() ||
      plainText(shop.description, 160) ||
      t('{{shop}} on {{app}}: {{count}} products.', { shop: shop.name, app: appName, count: shop.total_products }),
    path: loaderData.tab === 'products' ? pagedPath(path, loaderData.page) : `${path}?tab=${loaderData.tab}`,
    appName,
    publicUrl,
    image: shop.banners[0]?.thumbnail ?? shop.banner ?? shop.logo,
  });
}

/** schema.org Store: name, logo, address and the rating the reviews give. */
function storeJsonLd(shop: ShopDetails, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shop.name,
    url: absoluteUrl(publicUrl, paths.shop(shop.slug)),
    ...(shop.logo ? { logo: absoluteUrl(publicUrl, shop.logo) } : {}),
    ...(shop.banner ? { image: absoluteUrl(publicUrl, shop.banner) } : {}),
    ...(shop.short_description ? { description: shop.short_description } : {}),
    ...(shop.address || shop.province
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(shop.address ? { streetAddress: shop.address } : {}),
            ...(shop.province ? { addressRegion: shop.province.name } : {}),
            addressCountry: 'ID',
          },
        }
      : {}),
    ...(shop.opening_time && shop.closing_time
      ? { openingHours: `Mo-Su ${shop.opening_time}-${shop.closing_time}` }
      : {}),
    ...(shop.total_reviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: shop.rating, reviewCount: shop.total_reviews } }
      : {}),
  };
}

export default function ShopDetailsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const look = usePaginationLook();
  const { master } = useMaster();
  const root = useRouteLoaderData('root') as { publicUrl?: string } | undefined;
  const { shop, tab } = loaderData;
  if (!shop) {
    return (
      <div className="mx-auto max-w-7xl px-3 py-6 lg:px-6">
        <ErrorState title={t('We could not load this shop')} onRetry={() => void revalidator.revalidate()} />
      </div>
    );
  }
  const base = paths.shop(shop.slug);
  const tabs: { id: Tab; label: string; to: string }[] = [
    { id: 'products', label: t('All Products'), to: base },
    { id: 'reviews', label: t('Reviews'), to: `${base}?tab=reviews` },
    // The seller's own words (rich text the server sanitised), when the shop has written some.
    ...(plainText(shop.description)
      ? [{ id: 'about' as const, label: t('About the shop'), to: `${base}?tab=about` }]
      : []),
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-3 py-6 lg:px-6">
      <JsonLd data={storeJsonLd(shop, root?.publicUrl ?? master?.baseUrl ?? '')} />
      <ShopHeader shop={shop} rtl={look.dir === 'rtl'} />
      {shop.is_closed && <ShopClosedNotice shopName={shop.name} />}
      <nav aria-label={t('Shop sections')} className="flex gap-1 border-b border-slate-200">
        {tabs.map((item) => (
          <Link
            key={item.id}
            to={item.to}
            preventScrollReset
            aria-current={tab === item.id ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === item.id ? 'border-primary-600 text-primary-700' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      {tab === 'reviews' ? (
        <ShopReviews shopId={shop.id} />
      ) : tab === 'about' && shop.description && plainText(shop.description) ? (
        <section aria-label={t('About the shop')} className="max-w-3xl rounded-2xl bg-white p-5 shadow-sm">
          <RichText html={shop.description} imageWidth={720} imageSizes="(min-width: 768px) 720px, 100vw" />
        </section>
      ) : (
        <ShopProducts shopId={shop.id} />
      )}
    </div>
  );
}
