import type { FlashSaleEntry, SellerFlashSale } from '@shop/contracts/seller-flash-sales';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { sellerFlashSalesQueryOptions, useRemoveFlashSaleEntry } from '../api/seller-flash-sales';
import { useSellerMoney } from '../format';
import { type EntryDialogTarget, FlashSaleEntryDialog } from './flash-sale-entry-dialog';
import { ConfirmStatusDialog, useStatusChange } from './status-control';

const SALE_TONES: Record<SellerFlashSale['status'], { label: string; tone: string }> = {
  running: { label: 'Running', tone: 'bg-rose-50 text-rose-800' },
  upcoming: { label: 'Upcoming', tone: 'bg-sky-50 text-sky-800' },
  ended: { label: 'Ended', tone: 'bg-slate-100 text-slate-700' },
};

/** One entry: the product, its sale price against its own, and how much of it sold. */
function EntryRow({
  entry,
  onChange,
  onWithdraw,
}: {
  entry: FlashSaleEntry;
  onChange: () => void;
  onWithdraw: () => void;
}) {
  const t = useT();
  const money = useSellerMoney();
  const soldShare = entry.quantity > 0 ? Math.min(100, Math.round((entry.sold / entry.quantity) * 100)) : 0;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      {entry.thumbnail ? (
        <Img
          src={entry.thumbnail}
          width={48}
          height={48}
          alt=""
          className="size-12 shrink-0 rounded-lg border border-slate-200 object-cover"
        />
      ) : (
        <span className="size-12 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium text-slate-900" dir="auto">
          {entry.product_name}
        </p>
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-rose-700">{money.format(entry.price)}</span>{' '}
          <s className="text-slate-500">{money.format(entry.regular_price)}</s>{' '}
          <span className="text-xs">{t('{{percent}}% OFF', { percent: Math.round(entry.discount) })}</span>
        </p>
      </div>
      <div className="w-40 shrink-0 text-sm">
        <p className="tabular-nums text-slate-700">
          {t('{{sold}} of {{quantity}} sold', { sold: entry.sold, quantity: entry.quantity })}
        </p>
        <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-full rounded-full bg-rose-500" style={{ width: `${soldShare}%` }} />
        </div>
      </div>
      {entry.can_edit && (
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" onClick={onChange}>
            {t('Change')}
            <span className="sr-only"> {entry.product_name}</span>
          </Button>
          <Button variant="ghost" size="sm" className="text-rose-700" onClick={onWithdraw}>
            {t('Withdraw')}
            <span className="sr-only"> {entry.product_name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

function SaleCard({
  sale,
  onAdd,
  onChange,
  onWithdraw,
}: {
  sale: SellerFlashSale;
  onAdd: () => void;
  onChange: (entry: FlashSaleEntry) => void;
  onWithdraw: (entry: FlashSaleEntry) => void;
}) {
  const t = useT();
  const time = useMarketTime();
  const look = SALE_TONES[sale.status];
  const headingId = `flash-sale-${sale.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900" dir="auto">
              {sale.name}
            </h2>
            <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${look.tone}`}>
              {t(look.label)}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {t('{{start}} to {{end}}', {
              start: time.format(sale.start_date, 'dateTime'),
              end: time.format(sale.end_date, 'dateTimeZone'),
            })}
          </p>
        </div>
        {sale.status === 'upcoming' && (
          <Button variant="outline" onClick={onAdd}>
            <Icon name="plus" className="size-4" />
            {t('Enter a product')}
          </Button>
        )}
      </div>
      {sale.entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">
          {sale.status === 'upcoming'
            ? t('None of your products is in this sale yet.')
            : t('None of your products is in this sale.')}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {sale.entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              onChange={() => onChange(entry)}
              onWithdraw={() => onWithdraw(entry)}
            />
          ))}
        </ul>
      )}
      {sale.status === 'running' && (
        <p className="mt-2 text-xs text-slate-500">{t('A sale that has started keeps its entries until it ends.')}</p>
      )}
    </section>
  );
}

/**
 * /shop/flash-sales: the marketplace's running and upcoming flash sales; before a sale starts the
 * seller enters products with a sale price and quantity, changes or withdraws them; each entry
 * shows what sold.
 */
export function SellerFlashSalesPage({ shopId }: { shopId: number }) {
  const t = useT();
  const api = useApi();
  const sales = useQuery(sellerFlashSalesQueryOptions(api));
  const remove = useRemoveFlashSaleEntry();
  const run = useStatusChange();
  const [dialog, setDialog] = useState<EntryDialogTarget | null>(null);
  const [withdrawing, setWithdrawing] = useState<FlashSaleEntry | null>(null);

  let body: ReactNode;
  if (sales.isError) {
    body = <ErrorState title={t('We could not load the flash sales')} onRetry={() => void sales.refetch()} />;
  } else if (!sales.data) {
    body = <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  } else if (sales.data.length === 0) {
    body = (
      <EmptyState
        title={t('No flash sales are running or coming up')}
        hint={t('The marketplace announces its flash sales; you can enter products until one starts.')}
        icon="bolt"
      />
    );
  } else {
    body = sales.data.map((sale) => (
      <SaleCard
        key={sale.id}
        sale={sale}
        onAdd={() => setDialog({ kind: 'add', saleId: sale.id, saleName: sale.name })}
        onChange={(entry) => setDialog({ kind: 'edit', saleName: sale.name, entry })}
        onWithdraw={setWithdrawing}
      />
    ));
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Flash sales')}</h1>
      <p className="text-sm text-slate-600">
        {t(
          'Put your products in the marketplace’s flash sales at a lower price. Entries can change until a sale starts.',
        )}
      </p>
      {body}
      <FlashSaleEntryDialog target={dialog} shopId={shopId} onClose={() => setDialog(null)} />
      <ConfirmStatusDialog
        open={withdrawing !== null}
        title={t('Withdraw {{product}} from the sale?', { product: withdrawing?.product_name ?? '' })}
        text={t('The product stays at its own price during this sale. You can enter it again until the sale starts.')}
        confirmLabel={t('Withdraw')}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => {
          const entry = withdrawing;
          setWithdrawing(null);
          if (entry) void run(() => remove.mutateAsync(entry.id));
        }}
      />
    </div>
  );
}
