import type { DigitalProduct } from '@shop/contracts/digital';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { OnlinePaymentOption } from '../../../entities/order/payment-options';
import { useT } from '../../../lib/i18n';

export interface BuyPanelProps {
  product: DigitalProduct | null;
  options: readonly OnlinePaymentOption[];
  method: string | null;
  onMethod: (value: string) => void;
  onBuy: () => void;
  buying: boolean;
  /** Why Buy cannot go yet (PLN: the customer is not checked), shown beside the button. */
  blocked?: string | null;
  /** A refusal the fields do not show (the product, the payment method). */
  error?: string | null;
}

/** The online payment methods, the amount to pay and Buy. */
export function BuyPanel({ product, options, method, onMethod, onBuy, buying, blocked, error }: BuyPanelProps) {
  const t = useT();
  const amount = product ? (product.promo_price ?? product.price) : null;
  return (
    <section
      aria-labelledby="digital-pay-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="digital-pay-title" className="text-base font-semibold text-slate-900">
        {t('Payment Method')}
      </h2>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{t('No online payment method is available right now.')}</p>
      ) : (
        <RadioCards
          legend={t('Payment Method')}
          name="digital_payment_method"
          cards={options.map((o) => ({ value: o.value, label: o.title, logo: o.logo }))}
          value={method}
          onChange={onMethod}
          className="min-w-0"
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="flex flex-col">
          <span className="text-xs text-slate-500">{t('Total')}</span>
          {amount === null ? (
            <span className="text-lg font-bold text-slate-400">-</span>
          ) : (
            <Price amount={amount} decimals={2} className="text-lg font-bold text-slate-900" />
          )}
        </p>
        <Button size="lg" onClick={onBuy} loading={buying} disabled={options.length === 0} className="min-w-36">
          {t('Buy')}
        </Button>
      </div>
      {blocked ? <p className="text-sm text-slate-600">{blocked}</p> : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
