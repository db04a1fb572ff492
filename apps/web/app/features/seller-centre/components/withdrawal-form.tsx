import { type Balance, WITHDRAWAL_MIN_AMOUNT, withdrawalRequestSchema } from '@shop/contracts/earnings';
import { bankAccountNumberSchema, bankNameSchema } from '@shop/contracts/returns';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useRequestWithdrawal } from '../api/seller-earnings';
import { useSellerMoney } from '../format';
import { ConfirmStatusDialog } from './status-control';

const FIELDS = ['amount', 'bank_name', 'bank_account_number', 'account_holder'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** A request that passed the checks, as it is sent. */
interface CheckedRequest {
  amount: number;
  bank_name: string;
  bank_account_number: string;
  account_holder: string;
}

const EMPTY: Values = { amount: '', bank_name: '', bank_account_number: '', account_holder: '' };

/** An amount as a person types it: digits with at most 2 decimals, a comma or a point before them. */
export function parseAmount(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  return /^\d{1,11}(\.\d{1,2})?$/.test(plain) ? Number(plain) : null;
}

/**
 * Asks to be paid part of the available balance into a bank account. The amount and the bank
 * fields are checked here by the server's own rules (the bank fields by the same schemas), then a
 * dialog asks before the amount is held; the server's field errors go under their fields.
 */
export function WithdrawalForm({ balance }: { balance: Balance }) {
  const t = useT();
  const money = useSellerMoney();
  const id = useId();
  const request = useRequestWithdrawal();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CheckedRequest | null>(null);
  const tooLittle = balance.available < WITHDRAWAL_MIN_AMOUNT;

  const check = (): CheckedRequest | null => {
    const found: Partial<Record<Field, string>> = {};
    const amount = parseAmount(values.amount);
    if (values.amount.trim() === '') found.amount = t('The {{field}} field is required.', { field: t('amount') });
    else if (amount === null) found.amount = t('Enter the amount as a number with at most 2 decimals.');
    else if (amount < WITHDRAWAL_MIN_AMOUNT) {
      found.amount = t('The smallest withdrawal is {{amount}}.', { amount: money.format(WITHDRAWAL_MIN_AMOUNT) });
    } else if (amount > balance.available) {
      found.amount = t('The amount may not be more than your available balance of {{amount}}.', {
        amount: money.format(balance.available),
      });
    }
    // The bank fields by the server's own schemas; their messages are keys of the translations.
    const rules = {
      bank_name: bankNameSchema,
      bank_account_number: bankAccountNumberSchema,
      account_holder: withdrawalRequestSchema.shape.account_holder,
    };
    for (const field of ['bank_name', 'bank_account_number', 'account_holder'] as const) {
      const parsed = rules[field].safeParse(values[field]);
      if (!parsed.success) found[field] = t(parsed.error.issues[0]?.message ?? '');
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return null;
    }
    return {
      amount,
      bank_name: values.bank_name.trim(),
      bank_account_number: values.bank_account_number.trim(),
      account_holder: values.account_holder.trim(),
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = check();
    if (body) setConfirming(body);
  };

  const send = () => {
    const body = confirming;
    setConfirming(null);
    if (!body) return;
    request.mutate(body, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        setValues(EMPTY);
        setErrors({});
      },
      onError: (error) => {
        const server = serverFieldErrors(error);
        const mine = Object.fromEntries(Object.entries(server).filter(([f]) => FIELDS.includes(f as Field)));
        setErrors(mine);
        const rest = Object.entries(server)
          .filter(([f]) => !FIELDS.includes(f as Field))
          .map(([, m]) => m);
        setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(mine).length > 0 ? null : error.message);
      },
    });
  };

  const field = (name: Field, label: string, extra: { inputMode?: 'decimal' | 'numeric'; autoComplete?: string }) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      name={name}
      value={values[name]}
      error={errors[name]}
      disabled={tooLittle}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('Request a withdrawal')}
      </h2>
      <p className="text-sm text-slate-600">
        {tooLittle
          ? t('You can ask for a withdrawal once your available balance reaches {{amount}}.', {
              amount: money.format(WITHDRAWAL_MIN_AMOUNT),
            })
          : t('Up to {{amount}} can be withdrawn now. The amount is held until the marketplace pays it.', {
              amount: money.format(balance.available),
            })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('amount', `${t('Amount')} (${money.symbol})`, { inputMode: 'decimal' })}
        {field('bank_name', t('Bank name'), { autoComplete: 'off' })}
        {field('bank_account_number', t('Bank account number'), { inputMode: 'numeric', autoComplete: 'off' })}
        {field('account_holder', t('Account holder'), { autoComplete: 'name' })}
      </div>
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={tooLittle} loading={request.isPending}>
        {t('Request withdrawal')}
      </Button>
      <ConfirmStatusDialog
        open={confirming !== null}
        title={t('Withdraw {{amount}}?', { amount: money.format(confirming?.amount ?? 0) })}
        text={t(
          'The amount is held from your balance until the marketplace pays it into {{bank}} {{account}} ({{holder}}) or refuses the request.',
          {
            bank: confirming?.bank_name ?? '',
            account: confirming?.bank_account_number ?? '',
            holder: confirming?.account_holder ?? '',
          },
        )}
        confirmLabel={t('Send request')}
        onClose={() => setConfirming(null)}
        onConfirm={send}
      />
    </form>
  );
}
