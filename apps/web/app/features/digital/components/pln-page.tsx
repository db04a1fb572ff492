import type { PlnCustomer } from '@shop/contracts/digital';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import type { OnlinePaymentOption } from '../../../entities/order/payment-options';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePlnInquiry } from '../api/digital';
import { checkPlnNumber, formatSegmentPower, type PlnNumberCheck } from '../digital-rules';
import { useDenominationChoice } from '../use-denomination-choice';
import { type DigitalBuyOptions, useDigitalBuy } from '../use-digital-buy';
import { BuyPanel } from './buy-panel';
import { DenominationChoice } from './denomination-grid';
import { NumberNote } from './number-feedback';
import { OperatorLogo } from './operator-logo';

export interface PlnPageProps extends DigitalBuyOptions {
  /** `?number=`: the meter number or customer id a link brought along (Try again). */
  initialNumber: string;
  paymentOptions: readonly OnlinePaymentOption[];
}

/**
 * /digital-product/pln/token: the meter number (11 digits) or customer id (12); Check asks PLN
 * whose it is, and the name and tariff/power are shown before a token can be bought.
 */
export function PlnPage({ initialNumber, paymentOptions, ...buyOptions }: PlnPageProps) {
  const t = useT();
  const fieldId = useId();
  const noteId = `${fieldId}-note`;
  const input = useRef<HTMLInputElement>(null);
  const choice = useDenominationChoice('pln', paymentOptions);
  const { product, method, choiceError, setChoiceError } = choice;
  const inquiry = usePlnInquiry();
  const [number, setNumber] = useState(initialNumber);
  const [complete, setComplete] = useState(false);
  const [customer, setCustomer] = useState<PlnCustomer | null>(null);
  const [inquiryError, setInquiryError] = useState<string | null>(null);
  const { buy, buying, numberError, formError, clearErrors } = useDigitalBuy(buyOptions);

  const check = checkPlnNumber(number, complete);
  const problem = numberError ?? inquiryError ?? plnProblem(check, t);

  const onCheck = async (event?: FormEvent) => {
    event?.preventDefault();
    setComplete(true);
    setInquiryError(null);
    const final = checkPlnNumber(number, true);
    if (final.state !== 'ok') {
      if (final.state === 'empty') setInquiryError(t('Enter a meter number or customer ID.'));
      input.current?.focus();
      return;
    }
    try {
      setCustomer(await inquiry.mutateAsync(final.number));
    } catch (error) {
      setCustomer(null);
      const fields = serverFieldErrors(error);
      if (fields.customer_number) setInquiryError(fields.customer_number);
      else if (error instanceof ApiError && error.status === 404) {
        setInquiryError(t('No PLN customer has this number. Check the number on the meter or the bill.'));
      } else setInquiryError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
      input.current?.focus();
    }
  };

  // A number brought by a link (Try again, Buy again) is checked at once: the shopper came to buy.
  const checkOnArrival = useRef(checkPlnNumber(initialNumber, true).state === 'ok');
  useEffect(() => {
    if (!checkOnArrival.current) return;
    checkOnArrival.current = false;
    void onCheck();
  });

  const onBuy = () => {
    setChoiceError(null);
    if (!customer) {
      // The note beside Buy says why; the field is where to go on.
      input.current?.focus();
      return;
    }
    if (!product || !method) {
      setChoiceError(t('Choose an amount.'));
      return;
    }
    void buy({ product_id: product.id, customer_number: customer.customer_number, payment_method: method });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-6 sm:px-4 lg:py-10">
      <header className="flex items-center gap-3">
        <OperatorLogo operator="pln" className="h-10 w-36" />
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t('PLN electricity token')}</h1>
      </header>

      <section className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <form onSubmit={(event) => void onCheck(event)} noValidate>
          <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Meter number or customer ID')}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={fieldId}
              name="customer_number"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              placeholder="12345678901"
              value={number}
              maxLength={24}
              aria-invalid={problem ? true : undefined}
              aria-describedby={noteId}
              onChange={(event) => {
                setNumber(event.target.value);
                setComplete(false);
                setCustomer(null);
                setInquiryError(null);
                clearErrors();
                setChoiceError(null);
              }}
              onBlur={() => setComplete(true)}
              className="h-12 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base tracking-wide text-slate-900 placeholder:text-slate-400 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-invalid:border-rose-500"
            />
            <Button type="submit" size="lg" variant="outline" loading={inquiry.isPending}>
              {t('Check')}
            </Button>
          </div>
          <NumberNote
            id={noteId}
            problem={problem}
            note={
              check.state === 'ok'
                ? check.kind === 'meter'
                  ? t('Meter number (11 digits)')
                  : t('Customer ID (12 digits)')
                : t('The 11-digit meter number or the 12-digit customer ID')
            }
          />
        </form>

        {customer ? (
          <dl
            className="grid gap-x-4 gap-y-2 rounded-xl bg-primary-50 p-4 text-sm sm:grid-cols-[auto_1fr]"
            data-testid="pln-customer"
          >
            <dt className="text-slate-600">{t('Customer name')}</dt>
            <dd className="font-semibold text-slate-900">{customer.name}</dd>
            <dt className="text-slate-600">{t('Meter number')}</dt>
            <dd className="font-semibold text-slate-900" dir="ltr">
              <bdi>{customer.meter_number}</bdi>
            </dd>
            <dt className="text-slate-600">{t('Tariff / power')}</dt>
            <dd className="font-semibold text-slate-900" dir="ltr">
              <bdi>{formatSegmentPower(customer.segment_power)}</bdi>
            </dd>
          </dl>
        ) : (
          <p className="flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
            <Icon name="idCard" className="size-5 shrink-0 text-slate-500" />
            {t('Check the number first: the customer name and tariff are shown before you buy.')}
          </p>
        )}

        <DenominationChoice choice={choice} legend={t('Choose a token amount')} />
      </section>

      <BuyPanel
        product={product}
        options={paymentOptions}
        method={method}
        onMethod={choice.setChosenMethod}
        onBuy={onBuy}
        buying={buying}
        blocked={customer ? null : t('Check the customer first.')}
        error={choiceError ?? formError}
      />
    </div>
  );
}

function plnProblem(check: PlnNumberCheck, t: ReturnType<typeof useT>): string | null {
  if (check.state === 'characters') return t('Use digits only.');
  if (check.state === 'length') {
    return t('A meter number has 11 digits and a customer ID 12. Check the number.');
  }
  return null;
}
