import { FLASH_SALE_PER_PAGE } from '@shop/contracts/constants';
import { dehydrate, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useRevalidator, useSearchParams } from 'react-router';
import { ProductGridSkeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { PagedProductGrid } from '../../entities/product/components/product-grid';
import { metaTranslator } from '../../features/catalog/meta-text';
import { flashSaleQueryOptions } from '../../features/flash-sales/api/flash-sales';
import { FlashSaleHero } from '../../features/flash-sales/components/flash-sale-hero';
import { Countdown } from '../../features/home/components/countdown';
import { useNow } from '../../features/home/hooks/use-now';
import { msUntil, splitDuration } from '../../features/home/utils/countdown';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { fetchOr404, pagedPath, pageLinkTemplate, readPageParam } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { makeServerQueryClient } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/flash-sale';

function readCategory(params: URLSearchParams): number | undefined {
  const value = Number(params.get('category'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const page = readPageParam(search);
  const client = makeServerQueryClient();
  const details = await fetchOr404(() =>
    client.fetchQuery(flashSaleQueryOptions(api, params.id, page, readCategory(search))),
  );
  // The countdown renders from this clock on the server and on hydration alike.
  return { sale: details?.flash_sale ?? null, page, now: Date.now(), dehydratedState: dehydrate(client) };
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const sale = loaderData?.sale;
  return seoMeta({
    title: sale?.name ?? t('Flash Sale'),
    description: sale
      ? sale.discount > 0
        ? t('{{sale}}: up to {{discount}}% off on {{app}}.', {
            sale: sale.name,
            discount: Math.round(sale.discount),
            app: appName,
          })
        : t('{{sale}} on {{app}}.', { sale: sale.name, app: appName })
      : undefined,
    path: pagedPath(paths.flashSale(params.id), loaderData?.page ?? 1),
    appName,
    publicUrl,
    image: sale?.thumbnail,
  });
}

export default function FlashSalePage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const api = useApi();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const page = readPageParam(search);
  const categoryId = readCategory(search);
  const query = useQuery(flashSaleQueryOptions(api, params.id, page, categoryId));
  const now = useNow(loaderData.now);
  const sale = query.data?.flash_sale ?? loaderData.sale;

  // When the countdown reaches zero the sale started or ended: fetch the new state once.
  const target = sale ? (sale.status === 'upcoming' ? sale.start_date : sale.end_date) : null;
  const left = target ? msUntil(target, now) : 1;
  const refreshedFor = useRef<string | null>(null);
  const { refetch } = query;
  useEffect(() => {
    if (!target || left > 0 || sale?.status === 'ended' || refreshedFor.current === target) return;
    refreshedFor.current = target;
    void refetch();
  }, [left, target, sale?.status, refetch]);

  if (!sale) {
    return (
      <div className="mx-auto max-w-7xl px-3 py-6 lg:px-6">
        <ErrorState title={t('We could not load this flash sale')} onRetry={() => void revalidator.revalidate()} />
      </div>
    );
  }

  const chipLink = (id: number | undefined) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (id === undefined) next.delete('category');
    else next.set('category', String(id));
    const qs = next.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
  const chip = (active: boolean) =>
    `whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition ${active ? 'bg-primary-700 text-white ring-primary-700' : 'bg-white text-slate-700 ring-slate-200 hover:ring-primary-300'}`;

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-3 py-6 lg:px-6">
      <FlashSaleHero
        sale={sale}
        countdown={
          <Countdown
            parts={splitDuration(left)}
            label={sale.status === 'upcoming' ? t('Starts in') : t('Ends in')}
            tone={sale.status === 'upcoming' ? 'incoming' : 'running'}
          />
        }
      />
      {query.data && query.data.categories.length > 0 && (
        <nav aria-label={t('Categories')} className="-mx-3 overflow-x-auto px-3">
          <ul className="flex gap-2 pb-1">
            <li>
              <Link to={chipLink(undefined)} preventScrollReset className={chip(categoryId === undefined)}>
                {t('All')}
              </Link>
            </li>
            {query.data.categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={chipLink(category.id)}
                  preventScrollReset
                  aria-current={categoryId === category.id ? 'page' : undefined}
                  className={chip(categoryId === category.id)}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {query.isPending ? (
        <ProductGridSkeleton count={FLASH_SALE_PER_PAGE} />
      ) : query.isError ? (
        <ErrorState title={t('We could not load the products')} onRetry={() => void query.refetch()} />
      ) : query.data.products.length === 0 ? (
        <EmptyState
          icon="storefront"
          title={
            sale.status === 'running' && categoryId === undefined
              ? t('The deals of this sale are sold out')
              : t('No products in this flash sale')
          }
        />
      ) : (
        <PagedProductGrid
          products={query.data.products}
          eager={6}
          total={query.data.total_products}
          perPage={FLASH_SALE_PER_PAGE}
          page={page}
          urlTemplate={pageLinkTemplate(location.pathname, search)}
        />
      )}
    </div>
  );
}
