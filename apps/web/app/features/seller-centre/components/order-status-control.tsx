import type { OrderStatus } from '@shop/contracts/cart';
import { CONFIRMED_ORDER_STATUSES } from '@shop/contracts/sellers';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useSetOrderStatus } from '../api/seller-orders';
import { ConfirmStatusDialog, useStatusChange } from './status-control';

/**
 * The status control of an order: the lifecycle's next steps; Delivered and Cancelled ask for
 * confirmation first.
 */
export function OrderStatusControl({ orderId, next }: { orderId: number; next: readonly OrderStatus[] }) {
  const t = useT();
  const selectId = useId();
  const [choice, setChoice] = useState<OrderStatus | ''>('');
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const move = useSetOrderStatus(orderId);
  const change = useStatusChange();

  if (next.length === 0) return <p className="text-sm text-slate-500">{t('This order is closed.')}</p>;

  const apply = async (status: OrderStatus) => {
    setConfirming(null);
    await change(async () => {
      const reply = await move.mutateAsync(status);
      setChoice('');
      return reply;
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    if ((CONFIRMED_ORDER_STATUSES as readonly string[]).includes(choice)) setConfirming(choice);
    else void apply(choice);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('Change status')}
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(e) => setChoice(e.target.value as OrderStatus | '')}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
        >
          <option value="">{t('Choose a status')}</option>
          {next.map((s) => (
            <option key={s} value={s}>
              {t(s)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={!choice} loading={move.isPending}>
        {t('Update status')}
      </Button>
      <ConfirmStatusDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'Cancelled' ? t('Cancel this order?') : t('Mark this order delivered?')}
        text={
          confirming === 'Cancelled'
            ? t('The stock goes back to your products and the customer is told. This cannot be undone.')
            : t('A cash order is marked paid and the customer is told. This cannot be undone.')
        }
        confirmLabel={t('Yes, continue')}
        onConfirm={() => confirming && void apply(confirming)}
      />
    </form>
  );
}
