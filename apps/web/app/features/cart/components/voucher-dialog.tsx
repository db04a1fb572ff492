import type { Voucher } from '@shop/contracts/cart';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { cartQueryKey } from '../../../entities/cart/api/cart';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { collectVoucher, vouchersQueryKey, vouchersQueryOptions } from '../api/vouchers';

export interface VoucherDialogShop {
  id: number;
  name: string;
}

export interface VoucherDialogProps {
  /** The shop whose vouchers are shown; null keeps the dialog closed. */
  shop: VoucherDialogShop | null;
  onClose: () => void;
  /** A call answered 401 (the session is cleared and the visitor goes to /). */
  onUnauthorized: () => void;
}

/**
 * The vouchers of a shop: "Voucher from" {shop}, each voucher's discount,
 * "Minimum Spend", Collect / Collected and "Validity till"; "Sorry there is no voucher available".
 */
export function VoucherDialog({ shop, onClose, onUnauthorized }: VoucherDialogProps) {
  const t = useT();
  // The last shop stays while the dialog closes, so its content does not vanish mid-transition.
  const [shown, setShown] = useState(shop);
  useEffect(() => {
    if (shop) setShown(shop);
  }, [shop]);
  return (
    <AppDialog
      open={shop !== null}
      onClose={onClose}
      title={
        <>
          {t('Voucher from')}{' '}
          <span className="text-primary-700" dir="auto">
            {shown?.name}
          </span>
        </>
      }
    >
      {shown && <VoucherList shop={shown} onUnauthorized={onUnauthorized} />}
    </AppDialog>
  );
}

function VoucherList({ shop, onUnauthorized }: { shop: VoucherDialogShop; onUnauthorized: () => void }) {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const vouchers = useQuery(vouchersQueryOptions(api, shop.id));
  const [collecting, setCollecting] = useState<number | null>(null);

  const failure = vouchers.error;
  useEffect(() => {
    if (!failure) return;
    // A failed load shows the server's message; a 401 ends the session.
    notifyError(failure.message);
    if (failure instanceof ApiError && failure.status === 401) onUnauthorized();
  }, [failure, onUnauthorized]);

  const collect = async (voucher: Voucher) => {
    // A collected voucher is not sent again.
    if (voucher.is_collected || collecting !== null) return;
    setCollecting(voucher.id);
    try {
      const reply = await collectVoucher(api, voucher.id);
      client.setQueryData<Voucher[]>(vouchersQueryKey(shop.id), (list) =>
        list?.map((v) => (v.id === voucher.id ? { ...v, is_collected: true } : v)),
      );
      // A collected voucher applies by itself at checkout: the previews' figures change.
      void client.invalidateQueries({ queryKey: [...cartQueryKey, 'checkout'] });
      notifySuccess(reply.message || t('Collected'));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
    } finally {
      setCollecting(null);
    }
  };

  if (vouchers.isPending) {
    return (
      <div className="space-y-3 p-5" aria-busy="true">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
    );
  }
  const list = vouchers.data ?? [];
  if (list.length === 0) {
    return <p className="px-5 py-10 text-center text-sm text-slate-600">{t('Sorry there is no voucher available')}</p>;
  }
  return (
    <ul className="max-h-[70vh] space-y-3 overflow-y-auto p-4 sm:p-5">
      {list.map((voucher) => (
        <li key={voucher.id}>
          <VoucherTicket
            voucher={voucher}
            collecting={collecting === voucher.id}
            onCollect={() => void collect(voucher)}
          />
        </li>
      ))}
    </ul>
  );
}

function VoucherTicket({
  voucher,
  collecting,
  onCollect,
}: {
  voucher: Voucher;
  collecting: boolean;
  onCollect: () => void;
}) {
  const t = useT();
  const validity = useMarketTime().format(voucher.validity, 'dateTime');
  return (
    <article className="flex overflow-hidden rounded-xl border border-primary-200 bg-primary-50/60">
      <div className="flex w-28 shrink-0 flex-col items-center justify-center border-e border-dashed border-primary-300 bg-primary-100/70 px-2 py-3 text-center">
        {voucher.discount_type === 'Percentage' ? (
          <p className="text-xl font-bold leading-tight text-primary-800" dir="ltr">{`${voucher.discount}%`}</p>
        ) : (
          <Price amount={voucher.discount} className="text-base font-bold leading-tight text-primary-800" />
        )}
        <p className="mt-0.5 text-[11px] font-medium uppercase tracking-wide text-primary-700">{t('OFF')}</p>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <p className="text-sm text-slate-700">
          {t('Minimum Spend')} <Price amount={voucher.min_order_amount} className="font-semibold text-slate-900" />
        </p>
        <p className="text-xs text-slate-600">
          {t('Validity till')} <time dateTime={voucher.validity}>{validity}</time>
        </p>
        {/* The code is what the shopper types at checkout: shown whole, the button going under it
            when the row is too narrow for both. */}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <code
            className="min-w-0 rounded bg-white px-1.5 py-0.5 text-xs font-semibold text-slate-700 wrap-anywhere"
            dir="ltr"
          >
            {voucher.code}
          </code>
          <Button
            size="sm"
            variant={voucher.is_collected ? 'subtle' : 'primary'}
            disabled={voucher.is_collected}
            loading={collecting}
            onClick={onCollect}
          >
            {voucher.is_collected ? t('Collected') : t('Collect')}
          </Button>
        </div>
      </div>
    </article>
  );
}
