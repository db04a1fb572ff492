import { SELLER_RETURN_STATUSES, type SellerReturnStatus } from '@shop/contracts/sellers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useMarketTime } from '../../../lib/market-time';
import { sellerReturnQueryOptions, useRefundReturn, useSetReturnStatus } from '../api/seller-returns';
import { formatAmount } from '../format';
import { StatusBadge } from './status-badge';
import { ConfirmStatusDialog, useStatusChange } from './status-control';

/** /shop/returns/:id: a return of the shop: Approved, Damaged or Mismatch, then the refund. */
export function SellerReturnDetailsPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const time = useMarketTime();
  const api = useApi();
  const ret = useQuery(sellerReturnQueryOptions(api, id));
  const setStatus = useSetReturnStatus(id);
  const refund = useRefundReturn(id);
  const [confirmRefund, setConfirmRefund] = useState(false);

  const run = useStatusChange();

  if (ret.error instanceof ApiError && ret.error.status === 404) {
    return (
      <EmptyState title={t('Return not found.')} action={<Link to="/shop/returns">{t('Back to returns')}</Link>} />
    );
  }
  if (ret.isError) return <ErrorState title={t('We could not load the return')} onRetry={() => void ret.refetch()} />;
  if (!ret.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  const r = ret.data;
  return (
    <div className="space-y-6">
      <Link to="/shop/returns" className="text-sm font-medium text-primary-700 hover:underline">
        {t('Back to returns')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('Return of order {{code}}', { code: r.order_code })}</h1>
        <StatusBadge status={r.status} />
        <span className="text-sm text-slate-500">{time.format(r.created_at, 'dateTime')}</span>
      </div>
      <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="return-actions">
        <h2 id="return-actions" className="mb-3 text-lg font-semibold text-slate-900">
          {t('Status')}
        </h2>
        {r.can_change_status ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t('Set the return status')}</legend>
            {SELLER_RETURN_STATUSES.map((s: SellerReturnStatus) => (
              <Button
                key={s}
                variant={r.status === s ? 'primary' : 'outline'}
                aria-pressed={r.status === s}
                disabled={setStatus.isPending || r.status === s}
                onClick={() => void run(() => setStatus.mutateAsync(s))}
              >
                {t(s)}
              </Button>
            ))}
            <Button
              variant="subtle"
              disabled={!r.can_refund}
              loading={refund.isPending}
              onClick={() => setConfirmRefund(true)}
            >
              {t('Refund')}
            </Button>
          </fieldset>
        ) : (
          <p className="text-sm text-slate-600">{t('This return is closed.')}</p>
        )}
        {!r.can_refund && r.can_change_status && (
          <p className="mt-2 text-xs text-slate-500">{t('Approve the return to refund it.')}</p>
        )}
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="return-customer">
          <h2 id="return-customer" className="mb-2 text-lg font-semibold text-slate-900">
            {t('Customer')}
          </h2>
          <p className="font-medium">{r.customer.name}</p>
          {r.customer.email && <p className="text-sm text-slate-600">{r.customer.email}</p>}
          <p className="mt-2 wrap-anywhere text-sm text-slate-600">{r.return_address}</p>
          <p className="mt-2 text-sm text-slate-600">
            {t('Bank account')}: {[r.bank_name, r.bank_account_number].filter(Boolean).join(' · ')}
          </p>
        </section>
        <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="return-reason">
          <h2 id="return-reason" className="mb-2 text-lg font-semibold text-slate-900">
            {t('Reason')}
          </h2>
          <p className="whitespace-pre-line text-sm text-slate-700">{r.reason}</p>
          <p className="mt-3 font-semibold">
            {t('Amount')}: <span className="tabular-nums">{formatAmount(r.amount)}</span>
          </p>
        </section>
      </div>
      <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="return-products">
        <h2 id="return-products" className="mb-3 text-lg font-semibold text-slate-900">
          {t('Products')}
        </h2>
        <ul className="divide-y divide-slate-100">
          {r.products.map((line) => (
            <li key={line.order_product_id} className="flex justify-between gap-3 py-2 text-sm">
              <span>
                {line.product_name} × {line.quantity}
              </span>
              <span className="tabular-nums">{formatAmount(line.price)}</span>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmStatusDialog
        open={confirmRefund}
        onClose={() => setConfirmRefund(false)}
        title={t('Refund this return?')}
        text={t('The return is marked refunded and the customer is told. It cannot be changed afterwards.')}
        confirmLabel={t('Yes, refund')}
        onConfirm={() => {
          setConfirmRefund(false);
          void run(() => refund.mutateAsync());
        }}
      />
    </div>
  );
}
