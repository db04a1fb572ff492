import type { SalesPeriod } from '@shop/contracts/earnings';
import type { SellerShop } from '@shop/contracts/sellers';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { sellerUnreadQueryOptions } from '../api/seller-chat';
import { sellerDashboardQueryOptions } from '../api/seller-dashboard';
import { useSellerMoney } from '../format';
import { shopIsRun } from '../shop-state';
import { SalesPanel } from './sales-panel';
import { ShopLogo, ShopWaiting } from './shop-waiting';

const TILES = [
  { key: 'all', label: 'All orders', status: '' },
  { key: 'pending', label: 'Pending', status: 'Pending' },
  { key: 'processing', label: 'Processing', status: 'Processing' },
  { key: 'on_the_way', label: 'On The Way', status: 'On The Way' },
  { key: 'delivered', label: 'Delivered', status: 'Delivered' },
  { key: 'cancelled', label: 'Cancelled', status: 'Cancelled' },
] as const;

/**
 * /shop: the shop's orders by status, takings and returns waiting, then its sales over the chosen
 * period (`days`) with best sellers, low stock and the balance; a pending shop waits.
 */
export function SellerDashboardPage({ shop, days, rtl }: { shop: SellerShop; days: SalesPeriod; rtl: boolean }) {
  const t = useT();
  const money = useSellerMoney();
  const api = useApi();
  const approved = shopIsRun(shop);
  const dashboard = useQuery({ ...sellerDashboardQueryOptions(api), enabled: approved });
  // The same query as the menu's badge: it follows new messages live (useSellerChatLive).
  const unread = useQuery({ ...sellerUnreadQueryOptions(api), enabled: approved }).data;
  if (!approved) return <ShopWaiting shop={shop} />;
  if (dashboard.isError)
    return <ErrorState title={t('We could not load your shop')} onRetry={() => void dashboard.refetch()} />;
  if (!dashboard.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  const d = dashboard.data;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <ShopLogo shop={d.shop} />
        <h1 className="min-w-0 text-2xl font-bold text-slate-900" dir="auto">
          {d.shop.name}
        </h1>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <dt className="text-sm text-slate-500">{t('Revenue')}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{money.format(d.revenue)}</dd>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <dt className="text-sm text-slate-500">{t('Delivered sales')}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{money.format(d.delivered_revenue)}</dd>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <dt className="text-sm text-slate-500">{t('Returns waiting')}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">
            <Link to="/shop/returns?status=Pending" className="hover:underline">
              {d.pending_returns}
            </Link>
          </dd>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <dt className="text-sm text-slate-500">{t('Unread messages')}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">
            <Link to="/shop/messages" className="hover:underline" data-testid="dashboard-unread">
              {unread ?? 0}
            </Link>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="orders-by-status">
        <h2 id="orders-by-status" className="mb-3 text-lg font-semibold text-slate-900">
          {t('Orders by status')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {TILES.map((tile) => (
            <li key={tile.key}>
              <Link
                to={tile.status ? `/shop/orders?status=${encodeURIComponent(tile.status)}` : '/shop/orders'}
                className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-primary-200 focus-visible:ring-2 focus-visible:ring-primary-400"
              >
                <span className="block text-sm text-slate-500">{t(tile.label)}</span>
                <span className="mt-1 block text-2xl font-bold text-slate-900">{d.status_wise_orders[tile.key]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <SalesPanel days={days} rtl={rtl} />
    </div>
  );
}
