import { type SellerVoucher, VOUCHER_STATES, type VoucherState } from '@shop/contracts/seller-vouchers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { sellerVouchersQueryOptions, useEndVoucher } from '../api/seller-vouchers';
import { useSellerMoney } from '../format';
import { ConfirmStatusDialog, useStatusChange } from './status-control';
import { type ListColumn, StatusTabList } from './status-tab-list';

export const VOUCHER_STATE_LABELS: Record<VoucherState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

const STATE_TONES: Record<VoucherState, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-800',
  ended: 'bg-slate-100 text-slate-700',
};

function VoucherStateBadge({ state }: { state: VoucherState }) {
  const t = useT();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[state]}`}>
      {t(VOUCHER_STATE_LABELS[state])}
    </span>
  );
}

/** A voucher's discount as a shopper reads it: "10%" (up to a cap) or an amount. */
export function useVoucherDiscount() {
  const t = useT();
  const money = useSellerMoney();
  return (v: Pick<SellerVoucher, 'discount_type' | 'discount' | 'max_discount_amount'>) =>
    v.discount_type === 'Percentage'
      ? v.max_discount_amount !== null
        ? t('{{percent}}% up to {{amount}}', { percent: v.discount, amount: money.format(v.max_discount_amount) })
        : `${v.discount}%`
      : money.format(v.discount);
}

/** /shop/vouchers: the shop's vouchers by state with how often each was used; new, edit, end early. */
export function SellerVouchersPage({ state, page }: { state: VoucherState | null; page: number }) {
  const t = useT();
  const api = useApi();
  const money = useSellerMoney();
  const time = useMarketTime();
  const discount = useVoucherDiscount();
  const vouchers = useQuery(sellerVouchersQueryOptions(api, state, page));
  const end = useEndVoucher();
  const run = useStatusChange();
  const [ending, setEnding] = useState<SellerVoucher | null>(null);

  const columns: ListColumn<SellerVoucher>[] = [
    {
      label: t('Code'),
      cell: (v) => (
        <Link to={`/shop/vouchers/${v.id}`} className="font-semibold text-primary-700 hover:underline">
          <bdi>{v.code}</bdi>
        </Link>
      ),
    },
    { label: t('Discount'), cell: (v) => <span dir="auto">{discount(v)}</span> },
    { label: t('Minimum spend'), numeric: true, cell: (v) => money.format(v.min_order_amount) },
    {
      label: t('Valid'),
      className: 'whitespace-nowrap',
      cell: (v) => (
        <>
          <div>{time.format(v.starts_at, 'dateTime')}</div>
          <div className="text-xs text-slate-500">
            {t('until {{date}}', { date: time.format(v.expires_at, 'dateTime') })}
          </div>
        </>
      ),
    },
    {
      label: t('Uses'),
      numeric: true,
      cell: (v) => (
        <>
          <div>
            {v.total_limit === null
              ? v.used_count
              : t('{{used}} of {{limit}}', { used: v.used_count, limit: v.total_limit })}
          </div>
          <div className="text-xs text-slate-500">
            {t('{{count}} per shopper', { count: v.limit_for_user })} ·{' '}
            {t('{{count}} collected', { count: v.collected_count })}
          </div>
        </>
      ),
    },
    { label: t('State'), cell: (v) => <VoucherStateBadge state={v.state} /> },
    {
      label: t('Actions'),
      cell: (v) =>
        v.state === 'ended' ? null : (
          <div className="flex flex-wrap gap-2">
            <Link to={`/shop/vouchers/${v.id}`} className={buttonClass('ghost', 'sm')}>
              {t('Edit')}
              <span className="sr-only"> {v.code}</span>
            </Link>
            <Button variant="ghost" size="sm" className="text-rose-700" onClick={() => setEnding(v)}>
              {t('End early')}
              <span className="sr-only"> {v.code}</span>
            </Button>
          </div>
        ),
    },
  ];

  return (
    <>
      <StatusTabList
        path="/shop/vouchers"
        title={t('Vouchers')}
        tabsLabel={t('Voucher state')}
        statuses={VOUCHER_STATES}
        status={state}
        page={page}
        query={vouchers}
        rows={(data) => data.vouchers}
        total={(data) => data.total}
        errorTitle={t('We could not load your vouchers')}
        emptyTitle={t('No vouchers here yet')}
        emptyIcon="ticket"
        columns={columns}
        tabLabel={(s) => VOUCHER_STATE_LABELS[s]}
        actions={
          <Link to="/shop/vouchers/new" className={buttonClass('primary', 'md')}>
            <Icon name="plus" className="size-4" />
            {t('New voucher')}
          </Link>
        }
      />
      <ConfirmStatusDialog
        open={ending !== null}
        title={t('End voucher {{code}} now?', { code: ending?.code ?? '' })}
        text={t('Shoppers can no longer use it from now on. An ended voucher cannot be changed or started again.')}
        confirmLabel={t('End voucher')}
        onClose={() => setEnding(null)}
        onConfirm={() => {
          const voucher = ending;
          setEnding(null);
          if (voucher) void run(() => end.mutateAsync(voucher.id));
        }}
      />
    </>
  );
}
