import { type OrderFigures, orderMoneyLines } from '@shop/contracts/order-money';
import { useT } from '../../../lib/i18n';

export interface OrderMoneySummaryProps {
  order: OrderFigures;
  /** Units of the shown currency per unit of the default one (1: the order's own amounts). */
  rate?: number;
  /** Writes an amount already in the shown currency (2 decimals). */
  format: (amount: number) => string;
  className?: string;
}

/**
 * An order's money as a definition list: subtotal, delivery, the coupon taken off, each VAT line
 * and the payable amount, the same lines on the shopper's and the seller's pages (and the PDF).
 */
export function OrderMoneySummary({ order, rate = 1, format, className }: OrderMoneySummaryProps) {
  const t = useT();
  return (
    <dl className={className ?? 'flex flex-col gap-2 text-sm'}>
      {orderMoneyLines(order, rate).map((line) => {
        const total = line.kind === 'total';
        return (
          <div
            key={line.kind === 'vat' ? `vat-${line.id}` : line.kind}
            data-money-line={line.kind}
            className={
              total
                ? 'mt-1 flex items-center justify-between gap-3 border-t border-slate-100 pt-2 text-base font-bold text-slate-900'
                : 'flex items-center justify-between gap-3'
            }
          >
            <dt className={total ? undefined : 'text-slate-600'}>{line.kind === 'vat' ? line.label : t(line.label)}</dt>
            <dd className={`text-end tabular-nums ${total ? '' : 'text-slate-900'}`}>
              {/* dir="ltr" keeps "-Rp5.000" in order inside Arabic text. */}
              <span dir="ltr">{format(line.amount)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
