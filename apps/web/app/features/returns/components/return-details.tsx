import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Img } from '../../../components/ui/img';
import { ownDirection } from '../../../components/ui/own-direction';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { ErrorState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { returnDetailsQueryOptions } from '../api/returns';
import { PaymentStatusBadge, ReturnStatusBadge } from './return-status';

/** /returned-order-history/:id: the shop, the returned lines, the amount, status and reject note. */
export function ReturnDetailsView({ id }: { id: number }) {
  const t = useT();
  const api = useApi();
  const query = useQuery(returnDetailsQueryOptions(api, id));
  const time = useMarketTime();

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm">
        <p>{t('Return not found.')}</p>
        <Link to={paths.returnedOrders} className={`${buttonClass('outline', 'sm')} mt-3`}>
          {t('Return Orders')}
        </Link>
      </div>
    ) : (
      <ErrorState title={t('We could not load this return')} onRetry={() => void query.refetch()} />
    );
  }
  const r = query.data;
  return (
    <article aria-labelledby="return-title" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="return-title" className="text-xl font-bold text-slate-900">
          {t('Return of order')} <span dir="ltr">{r.order_code}</span>
        </h1>
        <div className="flex gap-1.5">
          <ReturnStatusBadge status={r.status} />
          <PaymentStatusBadge status={r.payment_status} />
        </div>
      </header>

      {r.status === 'Cancelled' && r.reject_note && (
        <div role="note" className="rounded-2xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
          <p className="font-semibold">{t('Reject note')}</p>
          <p className="mt-1 whitespace-pre-line">{r.reject_note}</p>
        </div>
      )}

      <section className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4">
        {r.shop.logo ? (
          <Img src={r.shop.logo} width={48} height={48} alt="" className="size-12 rounded-full object-cover" />
        ) : null}
        <div className="flex flex-col">
          <Link to={paths.shop(r.shop.slug)} className="font-semibold text-slate-900 hover:underline">
            {r.shop.name}
          </Link>
          <Stars rating={r.shop.rating} small />
        </div>
      </section>

      <section aria-labelledby="return-lines" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="return-lines" className="text-base font-semibold text-slate-900">
          {t('Returned products')}
        </h2>
        <ul className="mt-2 flex flex-col divide-y divide-slate-100">
          {r.products.map((line) => (
            <li key={line.order_product_id} className="flex items-center gap-3 py-3">
              <Img src={line.thumbnail} width={56} height={56} alt="" className="size-14 rounded-lg object-cover" />
              <div className="flex min-w-0 flex-1 flex-col text-sm">
                <span
                  dir={ownDirection.dir}
                  className={`truncate font-medium text-slate-900 ${ownDirection.className}`}
                >
                  {line.product_name}
                </span>
                <span className="text-slate-500">
                  {[line.color, line.size].filter(Boolean).join(' · ')}
                  {line.color || line.size ? ' · ' : ''}
                  {t('Qty: {{count}}', { count: line.quantity })} × <Price amount={line.product_price} decimals={2} />
                </span>
              </div>
              <Price amount={line.price} decimals={2} className="text-sm font-semibold" />
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-slate-100 pt-3 font-semibold text-slate-900">
          <span>{t('Return amount')}</span>
          <Price amount={r.amount} decimals={2} />
        </p>
      </section>

      <section className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-5">
        <dl className="contents">
          <div>
            <dt className="text-slate-500">{t('Requested on')}</dt>
            <dd className="text-slate-900">{time.format(r.created_at, 'dateTime')}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('Bank Account Number')}</dt>
            <dd className="text-slate-900" dir="ltr">
              {r.bank_account_number}
              {r.bank_name ? ` (${r.bank_name})` : ''}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">{t('Reason')}</dt>
            <dd dir="auto" className="whitespace-pre-line text-slate-900 rtl:text-right">
              {r.reason}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">{t('Return Address')}</dt>
            <dd dir="auto" className="whitespace-pre-line wrap-anywhere text-slate-900 rtl:text-right">
              {r.return_address}
            </dd>
          </div>
        </dl>
      </section>
    </article>
  );
}
