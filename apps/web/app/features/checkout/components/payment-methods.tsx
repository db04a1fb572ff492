import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';
import { FieldError } from '../../../components/ui/text-field';
import type { PaymentOption } from '../checkout-rules';

export interface PaymentMethodsProps {
  options: readonly PaymentOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
}

/** Cash on delivery and the active gateways of the settings, one of them chosen (radio group). */
export function PaymentMethods({ options, value, onChange, error }: PaymentMethodsProps) {
  const { t } = useTranslation();
  if (options.length === 0) {
    return <p className="text-sm text-slate-500">{t('No payment method is available right now.')}</p>;
  }
  return (
    <fieldset aria-describedby={error ? 'payment-method-error' : undefined}>
      <legend className="sr-only">{t('Payment Method')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 text-sm text-slate-800 transition has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-300"
          >
            <input
              type="radio"
              name="payment_method"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 shrink-0 accent-primary-700"
            />
            {option.logo ? (
              <img src={option.logo} alt="" width={40} height={24} className="h-6 w-10 shrink-0 object-contain" />
            ) : (
              <Icon name="banknotes" className="size-6 shrink-0 text-primary-700" />
            )}
            <span className="font-medium">{option.title ?? t('Cash on delivery')}</span>
          </label>
        ))}
      </div>
      <FieldError id="payment-method-error" message={error} />
    </fieldset>
  );
}
