import { SALES_PERIODS, type Sales, type SalesPeriod, type SalesProduct } from '@shop/contracts/earnings';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../../components/ui/hydrated';
import { Img } from '../../../components/ui/img';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { sellerSalesQueryOptions } from '../api/seller-sales';
import { useSellerMoney } from '../format';

// The chart library loads with the chart, after the page is up; the table below needs none of it.
const SalesChart = lazy(() => import('./sales-chart'));

/** The period the dashboard's address asks for (`?days=`): 7, 30 or 90; anything else is 7. */
export function salesPeriodOf(url: string): SalesPeriod {
  const days = Number(new URL(url).searchParams.get('days'));
  return (SALES_PERIODS as readonly number[]).includes(days) ? (days as SalesPeriod) : 7;
}

const CHART_HEIGHT = 280;

/**
 * The figures of the chart as a table: hidden from sight (screen readers read it) unless the
 * seller asks to see the table instead of the picture.
 */
export function SalesTable({ sales, visible, caption }: { sales: Sales; visible: boolean; caption: string }) {
  const t = useT();
  const time = useMarketTime();
  const money = useSellerMoney();
  return (
    <div className={visible ? 'relative max-h-96 overflow-auto rounded-xl border border-slate-100' : 'sr-only'}>
      <table className="w-full text-sm" data-testid="sales-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2 text-start">
              {t('Date')}
            </th>
            <th scope="col" className="px-4 py-2 text-end">
              {t('Orders')}
            </th>
            <th scope="col" className="px-4 py-2 text-end">
              {t('Revenue')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sales.series.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="px-4 py-2 text-start font-normal text-slate-700">
                {time.day(day.date, 'date')}
              </th>
              <td className="px-4 py-2 text-end tabular-nums">{day.orders}</td>
              <td className="px-4 py-2 text-end tabular-nums">
                <span dir="ltr">{money.format(day.revenue)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A product in the best sellers or the low-stock list, linking to its editor. */
function ProductLine({ product, figure }: { product: SalesProduct; figure: string }) {
  return (
    <li className="flex items-center gap-3 py-2">
      {product.thumbnail ? (
        <Img
          src={product.thumbnail}
          width={40}
          height={40}
          alt=""
          className="size-10 shrink-0 rounded-lg border border-slate-200 object-cover"
        />
      ) : (
        <span className="size-10 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
      )}
      <Link
        to={`/shop/products/${product.id}`}
        className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900 hover:text-primary-700 hover:underline"
        dir="auto"
      >
        {product.name}
      </Link>
      <span className="shrink-0 text-sm tabular-nums text-slate-600">{figure}</span>
    </li>
  );
}

/**
 * The dashboard's sales: orders and takings per day over 7, 30 or 90 days (chart and table), the
 * period's totals, best sellers, products low on stock, the balance and pending withdrawals.
 */
export function SalesPanel({ days, rtl }: { days: SalesPeriod; rtl: boolean }) {
  const t = useT();
  const api = useApi();
  const money = useSellerMoney();
  const hydrated = useHydrated();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const sales = useQuery(sellerSalesQueryOptions(api, days));
  const caption = t('Orders and revenue per day, last {{days}} days', { days });

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-sales`} className="rounded-2xl bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-sales`} className="text-lg font-semibold text-slate-900">
            {t('Sales')}
          </h2>
          <nav aria-label={t('Period')}>
            <ul className="flex gap-1 rounded-lg bg-slate-100 p-1">
              {SALES_PERIODS.map((period) => (
                <li key={period}>
                  <Link
                    to={period === 7 ? '/shop' : `/shop?days=${period}`}
                    preventScrollReset
                    aria-current={period === days ? 'page' : undefined}
                    className={`block rounded-md px-3 py-1 text-sm font-medium ${
                      period === days ? 'bg-white text-primary-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                    }`}
                  >
                    {t('{{days}} days', { days: period })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {sales.isError ? (
          <div className="mt-4">
            <ErrorState title={t('We could not load your sales')} onRetry={() => void sales.refetch()} />
          </div>
        ) : !sales.data ? (
          <Spinner className="mt-4 size-8 text-primary-600" label={t('Loading')} />
        ) : (
          <>
            <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2">
              <div>
                <dt className="text-sm text-slate-500">{t('Orders')}</dt>
                <dd className="text-xl font-bold tabular-nums text-slate-900">{sales.data.total_orders}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500">{t('Revenue')}</dt>
                <dd className="text-xl font-bold tabular-nums text-slate-900">
                  {money.format(sales.data.total_revenue)}
                </dd>
              </div>
            </dl>
            <div className="mt-4" aria-busy={sales.isPlaceholderData || undefined}>
              {!asTable &&
                (hydrated ? (
                  <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
                    <SalesChart series={sales.data.series} rtl={rtl} height={CHART_HEIGHT} />
                  </Suspense>
                ) : (
                  <div style={{ height: CHART_HEIGHT }} />
                ))}
              <SalesTable sales={sales.data} visible={asTable} caption={caption} />
              <button
                type="button"
                aria-pressed={asTable}
                onClick={() => setAsTable((v) => !v)}
                className="mt-3 text-sm font-medium text-primary-700 hover:underline"
              >
                {t('Show the figures as a table')}
              </button>
            </div>
          </>
        )}
      </section>
      {sales.data && <SalesLists sales={sales.data} />}
    </div>
  );
}

/** Best sellers, low stock, and the money: the balance and withdrawals waiting. */
function SalesLists({ sales }: { sales: Sales }) {
  const t = useT();
  const money = useSellerMoney();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <section aria-labelledby="top-products" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="top-products" className="mb-2 text-lg font-semibold text-slate-900">
          {t('Best sellers')}
        </h2>
        {sales.top_products.length === 0 ? (
          <p className="text-sm text-slate-500">{t('No sales in this period yet.')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {sales.top_products.map((p) => (
              <ProductLine key={p.id} product={p} figure={t('{{count}} sold', { count: p.quantity })} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="low-stock" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="low-stock" className="mb-2 text-lg font-semibold text-slate-900">
          {t('Low on stock')}
        </h2>
        {sales.low_stock_products.length === 0 ? (
          <p className="text-sm text-slate-500">
            {t('Every product has more than {{count}} in stock.', { count: sales.low_stock_threshold })}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {sales.low_stock_products.map((p) => (
              <ProductLine key={p.id} product={p} figure={t('{{count}} left', { count: p.quantity })} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="balance" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="balance" className="mb-2 text-lg font-semibold text-slate-900">
          {t('Balance')}
        </h2>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500">{t('Available balance')}</dt>
            <dd className="font-semibold tabular-nums text-slate-900" data-testid="dashboard-balance">
              {money.format(sales.balance.available)}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500">{t('Held for withdrawals')}</dt>
            <dd className="tabular-nums text-slate-900">{money.format(sales.balance.pending)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500">{t('Pending withdrawals')}</dt>
            <dd className="tabular-nums text-slate-900">{sales.pending_withdrawals}</dd>
          </div>
        </dl>
        <Link to="/shop/earnings" className="mt-3 inline-block text-sm font-medium text-primary-700 hover:underline">
          {t('Go to earnings')}
        </Link>
      </section>
    </div>
  );
}
