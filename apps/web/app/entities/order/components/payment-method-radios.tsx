import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';
import type { PaymentOption } from '../payment-options';

/**
 * The payment methods as radio cards, one of them chosen: each with its gateway's logo (or, with
 * `banknoteWithoutLogo`, a banknote where there is none) and its title. `children` follow the
 * cards inside the group (a field error).
 */
export function PaymentMethodRadios({
  name,
  options,
  value,
  onChange,
  banknoteWithoutLogo = false,
  describedBy,
  className,
  children,
}: {
  name: string;
  options: readonly PaymentOption[];
  value: string | null;
  onChange: (value: string) => void;
  banknoteWithoutLogo?: boolean;
  describedBy?: string;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className="sr-only">{t('Payment Method')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 text-sm text-slate-800 transition has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-300"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 shrink-0 accent-primary-700"
            />
            {option.logo ? (
              <img src={option.logo} alt="" width={40} height={24} className="h-6 w-10 shrink-0 object-contain" />
            ) : banknoteWithoutLogo ? (
              <Icon name="banknotes" className="size-6 shrink-0 text-primary-700" />
            ) : null}
            <span className="font-medium">{option.title ?? t('Cash on delivery')}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
