import { RadioCards } from '../../../components/ui/radio-cards';
import { FieldError } from '../../../components/ui/text-field';
import type { PaymentOption } from '../../../entities/order/payment-options';
import { useT } from '../../../lib/i18n';

export interface PaymentMethodsProps {
  options: readonly PaymentOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
}

/** Cash on delivery and the active gateways of the settings, one of them chosen (radio group). */
export function PaymentMethods({ options, value, onChange, error }: PaymentMethodsProps) {
  const t = useT();
  if (options.length === 0) {
    return <p className="text-sm text-slate-500">{t('No payment method is available right now.')}</p>;
  }
  return (
    <RadioCards
      legend={t('Payment Method')}
      name="payment_method"
      cards={options.map((o) => ({
        value: o.value,
        label: o.title ?? t('Cash on delivery'),
        logo: o.logo,
        icon: 'banknotes' as const,
      }))}
      value={value}
      onChange={onChange}
      describedBy={error ? 'payment-method-error' : undefined}
    >
      <FieldError id="payment-method-error" message={error} />
    </RadioCards>
  );
}
