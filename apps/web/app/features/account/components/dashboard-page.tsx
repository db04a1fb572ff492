import type { Address } from '@shop/contracts/account';
import type { ProductCard } from '@shop/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Icon, type IconName } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { dashboardQueryOptions } from '../api/account';

export interface DashboardPageProps {
  userName: string;
  /** The product card and the address text belong to other features; the route passes them in. */
  renderProduct: (product: ProductCard) => ReactNode;
  renderAddress: (address: Address) => ReactNode;
}

/** /dashboard: four counts, recently viewed products and the default address. */
export function DashboardPage({ userName, renderProduct, renderAddress }: DashboardPageProps) {
  const t = useT();
  const api = useApi();
  const query = useQuery(dashboardQueryOptions(api));
  const data = query.data;

  const cards: { label: string; value: number | undefined; icon: IconName; to: string }[] = [
    { label: 'Orders in progress', value: data?.on_going_orders, icon: 'clipboard', to: paths.orderHistory },
    { label: 'Products in cart', value: data?.cart_products, icon: 'bag', to: paths.products },
    { label: 'In wishlist', value: data?.wishlist_products, icon: 'heart', to: paths.wishlist },
    { label: 'Products ordered', value: data?.ordered_products, icon: 'storefront', to: paths.orderHistory },
  ];

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-xl font-bold text-slate-900">{t('Dashboard')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('Welcome back, {{name}}!', { name: userName })}</p>
      </header>

      {query.isError && !data ? (
        <ErrorState title={t('We could not load your dashboard')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
            {cards.map((card) => (
              <li key={card.label}>
                <Link
                  to={card.to}
                  className="flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-primary-300 hover:shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                    <Icon name={card.icon} className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    {card.value === undefined ? (
                      <Skeleton className="h-7 w-10" />
                    ) : (
                      <span className="text-2xl font-bold text-slate-900" data-testid={`dashboard-${card.icon}`}>
                        {card.value}
                      </span>
                    )}
                    <span className="text-xs text-slate-500 sm:text-sm">{t(card.label)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>

          <section aria-labelledby="dashboard-address" className="rounded-2xl border border-slate-200 bg-white p-5">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="dashboard-address" className="text-base font-semibold text-slate-900">
                {t('Default Address')}
              </h2>
              <Link to={paths.addresses} className="text-sm font-medium text-primary-700 hover:underline">
                {t('Manage Address')}
              </Link>
            </div>
            {!data ? (
              <div className="flex flex-col gap-2">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            ) : data.default_address ? (
              renderAddress(data.default_address)
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-500">{t('No address yet')}</p>
                <Link to={paths.newAddress} className={buttonClass('outline', 'sm')}>
                  {t('Add New Address')}
                </Link>
              </div>
            )}
          </section>

          <section aria-labelledby="dashboard-recent" className="flex flex-col gap-3">
            <h2 id="dashboard-recent" className="text-base font-semibold text-slate-900">
              {t('Recently Viewed')}
            </h2>
            {!data ? (
              <ul aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
                {[0, 1, 2, 3, 4].map((i) => (
                  <li key={i} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-2">
                    <Skeleton className="aspect-square w-full rounded-lg" />
                    <Skeleton className="h-4 w-3/4" />
                  </li>
                ))}
              </ul>
            ) : data.recently_viewed.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-500">
                {t('Products you look at will show up here.')}
              </p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
                {data.recently_viewed.map((product) => (
                  <li key={product.id}>{renderProduct(product)}</li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
