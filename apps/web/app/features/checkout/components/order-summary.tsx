import type { CheckoutSummary } from '@shop/contracts/cart';
import { vatLabel } from '@shop/contracts/order-money';
import type { ReactNode } from 'react';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../lib/i18n';

/**
 * The figures of the checkout preview: subtotal, delivery charge, coupon
 * discount, each VAT line by name and the payable amount, all with 2 decimals. Every figure is the
 * server's; nothing is added up here.
 */
export function OrderSummary({ summary }: { summary: CheckoutSummary }) {
  const t = useT();
  return (
    <dl className="flex flex-col gap-2.5 text-sm" data-testid="order-summary">
      <Row label={t('Subtotal')}>
        <Price amount={summary.total_amount} decimals={2} />
      </Row>
      <Row label={t('Delivery Charge')}>
        <Price amount={summary.delivery_charge} decimals={2} />
      </Row>
      <Row label={t('Coupon Discount')}>
        <Price amount={summary.coupon_discount > 0 ? -summary.coupon_discount : 0} decimals={2} />
      </Row>
      {summary.all_vat_taxes.map((vat) => (
        <Row key={vat.id} label={vatLabel(vat.name, vat.percentage)}>
          <Price amount={vat.amount} decimals={2} />
        </Row>
      ))}
      <div className="mt-1 flex items-center justify-between gap-3 border-t border-dashed border-slate-200 pt-3 text-base font-bold text-slate-900">
        <dt>{t('Payable Amount')}</dt>
        <dd data-testid="payable-amount">
          <Price amount={summary.payable_amount} decimals={2} />
        </dd>
      </div>
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
