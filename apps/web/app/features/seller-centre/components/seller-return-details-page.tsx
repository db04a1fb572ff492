import { SELLER_RETURN_STATUSES, type SellerReturnStatus } from '@shop/contracts/sellers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { sellerReturnQueryOptions, useRefundReturn, useSetReturnStatus } from '../api/seller-returns';
import { useSellerMoney } from '../format';
import { RecordPage, RecordSection } from './record-page';
import { ConfirmStatusDialog, useStatusChange } from './status-control';

/** /shop/returns/:id: a return of the shop: Approved, Damaged or Mismatch, then the refund. */
export function SellerReturnDetailsPage({ id }: { id: number }) {
  const t = useT();
  const money = useSellerMoney();
  const api = useApi();
  const ret = useQuery(sellerReturnQueryOptions(api, id));
  const setStatus = useSetReturnStatus(id);
  const refund = useRefundReturn(id);
  const [confirmRefund, setConfirmRefund] = useState(false);

  const run = useStatusChange();

  return (
    <RecordPage
      query={ret}
      back={{ to: '/shop/returns', label: t('Back to returns') }}
      notFoundTitle={t('Return not found.')}
      errorTitle={t('We could not load the return')}
      heading={(r) => t('Return of order {{code}}', { code: r.order_code })}
      status={(r) => r.status}
    >
      {(r) => (
        <>
          <RecordSection id="return-actions" title={t('Status')} headingGap="mb-3">
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
          </RecordSection>
          <div className="grid gap-4 lg:grid-cols-2">
            <RecordSection id="return-customer" title={t('Customer')}>
              <p className="font-medium">{r.customer.name}</p>
              {r.customer.email && <p className="text-sm text-slate-600">{r.customer.email}</p>}
              <p className="mt-2 wrap-anywhere text-sm text-slate-600">{r.return_address}</p>
              <p className="mt-2 text-sm text-slate-600">
                {t('Bank account')}: {[r.bank_name, r.bank_account_number].filter(Boolean).join(' · ')}
              </p>
            </RecordSection>
            <RecordSection id="return-reason" title={t('Reason')}>
              <p className="whitespace-pre-line text-sm text-slate-700">{r.reason}</p>
              <p className="mt-3 font-semibold">
                {t('Amount')}: <span className="tabular-nums">{money.format(r.amount)}</span>
              </p>
            </RecordSection>
          </div>
          <RecordSection id="return-products" title={t('Products')} headingGap="mb-3">
            <ul className="divide-y divide-slate-100">
              {r.products.map((line) => (
                <li key={line.order_product_id} className="flex justify-between gap-3 py-2 text-sm">
                  <span>
                    {line.product_name} × {line.quantity}
                  </span>
                  <span className="tabular-nums">{money.format(line.price)}</span>
                </li>
              ))}
            </ul>
          </RecordSection>
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
        </>
      )}
    </RecordPage>
  );
}
