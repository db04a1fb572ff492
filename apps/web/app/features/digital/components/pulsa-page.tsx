import type { PulsaOperator } from '@shop/contracts/digital-numbers';
import { OPERATOR_NAMES } from '@shop/contracts/digital-operators';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import type { OnlinePaymentOption } from '../../../entities/order/payment-options';
import { useT } from '../../../lib/i18n';
import { paths, withQuery } from '../../../lib/paths';
import { checkPulsaNumber, type PulsaNumberCheck } from '../digital-rules';
import { useDenominationChoice } from '../use-denomination-choice';
import { type DigitalBuyOptions, useDigitalBuy } from '../use-digital-buy';
import { BuyPanel } from './buy-panel';
import { DenominationChoice } from './denomination-grid';
import { NumberNote, OperatorBadge } from './number-feedback';
import { OperatorLogo } from './operator-logo';

export interface PulsaPageProps extends DigitalBuyOptions {
  operator: PulsaOperator;
  /** `?number=`: the number a link brought along (the other operator's page, Try again). */
  initialNumber: string;
  paymentOptions: readonly OnlinePaymentOption[];
}

/**
 * /digital-product/pulsa/{telkomsel|xl}: the phone number (its operator found from the prefix
 * while typing), the denominations, the payment method and Buy.
 */
export function PulsaPage({ operator, initialNumber, paymentOptions, ...buyOptions }: PulsaPageProps) {
  const t = useT();
  const fieldId = useId();
  const noteId = `${fieldId}-note`;
  const input = useRef<HTMLInputElement>(null);
  const choice = useDenominationChoice(operator, paymentOptions);
  const { product, method, choiceError, setChoiceError } = choice;
  const [number, setNumber] = useState(initialNumber);
  const [complete, setComplete] = useState(initialNumber !== '');
  const { buy, buying, numberError, formError, clearErrors } = useDigitalBuy(buyOptions);

  const check = checkPulsaNumber(number, operator, complete);
  const problem = numberError ?? numberProblem(check, t);
  const detected =
    check.state === 'ok' || check.state === 'other_page'
      ? check.operator
      : 'operator' in check && (check.operator === 'telkomsel' || check.operator === 'xl')
        ? check.operator
        : null;

  const onBuy = () => {
    setComplete(true);
    setChoiceError(null);
    const final = checkPulsaNumber(number, operator, true);
    if (final.state !== 'ok') {
      input.current?.focus();
      if (final.state === 'empty') setChoiceError(t('Enter a phone number.'));
      return;
    }
    if (!product || !method) {
      setChoiceError(t('Choose an amount.'));
      return;
    }
    void buy({ product_id: product.id, customer_number: final.local, payment_method: method });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-6 sm:px-4 lg:py-10">
      <header className="flex items-center gap-3">
        <OperatorLogo operator={operator} className="h-10 w-36" />
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">
          {t('{{operator}} credit', { operator: OPERATOR_NAMES[operator] })}
        </h1>
      </header>

      <section className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <div>
          <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Phone number')}
          </label>
          <div
            className={`flex h-12 items-stretch overflow-hidden rounded-lg border bg-white focus-within:ring-2 ${
              problem
                ? 'border-rose-500 focus-within:ring-rose-200'
                : 'border-slate-300 focus-within:border-primary-500 focus-within:ring-primary-200'
            }`}
          >
            <input
              ref={input}
              id={fieldId}
              name="customer_number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder="0812 3456 7890"
              value={number}
              maxLength={24}
              aria-invalid={problem ? true : undefined}
              aria-describedby={noteId}
              onChange={(event) => {
                setNumber(event.target.value);
                setComplete(false);
                clearErrors();
                setChoiceError(null);
              }}
              onBlur={() => setComplete(true)}
              className="h-full min-w-0 flex-1 bg-transparent px-3 text-base tracking-wide text-slate-900 placeholder:text-slate-400 focus:outline-none"
            />
            <OperatorBadge operator={detected} />
          </div>
          <NumberNote id={noteId} problem={problem} note={numberNote(check, operator, t)} />
        </div>

        <DenominationChoice choice={choice} legend={t('Choose an amount')} />
      </section>

      <BuyPanel
        product={product}
        options={paymentOptions}
        method={method}
        onMethod={choice.setChosenMethod}
        onBuy={onBuy}
        buying={buying}
        error={choiceError ?? formError}
      />
    </div>
  );
}

type T = ReturnType<typeof useT>;

/** The problem the field shows, or null. */
function numberProblem(check: PulsaNumberCheck, t: T): ReactNode {
  switch (check.state) {
    case 'characters':
      return t('Use digits only; spaces, dashes and a leading + are fine.');
    case 'unknown_prefix':
      return t('This prefix belongs to no Indonesian mobile operator. Check the number.');
    case 'too_short':
      return t('This number is too short: a mobile number has 10 to 13 digits.');
    case 'too_long':
      return t('This number is too long: a mobile number has 10 to 13 digits.');
    case 'unsupported':
      return t('This number belongs to {{operator}}. We sell Telkomsel and XL credit only.', {
        operator: OPERATOR_NAMES[check.operator],
      });
    case 'other_page':
      return (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{t('This number belongs to {{operator}}.', { operator: OPERATOR_NAMES[check.operator] })}</span>
          <Link
            to={withQuery(paths.pulsa(check.operator), { number: check.local })}
            className={buttonClass('outline', 'sm')}
            data-testid="other-operator-link"
          >
            {t('Buy {{operator}} credit', { operator: OPERATOR_NAMES[check.operator] })}
          </Link>
        </span>
      );
    default:
      return null;
  }
}

/** The note the field shows when nothing is wrong. */
function numberNote(check: PulsaNumberCheck, page: PulsaOperator, t: T): ReactNode {
  if (check.state === 'ok') return t('{{operator}} number', { operator: OPERATOR_NAMES[check.operator] });
  if (check.state === 'typing' && check.operator === page) {
    return t('{{operator}} number', { operator: OPERATOR_NAMES[check.operator] });
  }
  return t('08..., 628... or +628...');
}
