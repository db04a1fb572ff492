import type { OrderDetails } from '@shop/contracts/orders';
import {
  BANK_NAME_MAX_LENGTH,
  bankAccountNumberSchema,
  bankNameSchema,
  RETURN_ADDRESS_MAX_LENGTH,
  RETURN_REASON_MAX_LENGTH,
  RETURN_TEXT_MAX_LENGTH,
} from '@shop/contracts/returns';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Img } from '../../../components/ui/img';
import { ownDirection } from '../../../components/ui/own-direction';
import { Price } from '../../../components/ui/price';
import { FieldError, TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useRequestReturn } from '../api/returns';

type Field = 'product_ids' | 'reason' | 'bank_account_number' | 'bank_name' | 'return_address';
const FIELDS: readonly Field[] = ['product_ids', 'reason', 'bank_account_number', 'bank_name', 'return_address'];

/** Σ price × ordered quantity of the chosen lines (no tax, no delivery), to 2 decimals. */
export function returnAmount(order: Pick<OrderDetails, 'products'>, chosen: ReadonlySet<number>): number {
  const cents = order.products
    .filter((l) => chosen.has(l.id))
    .reduce((sum, l) => sum + Math.round(l.price * 100) * l.order_qty, 0);
  return cents / 100;
}

const textareaClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-invalid:border-rose-500';

/**
 * /return-product/:id: the order's returnable lines as checkboxes, the reason, the bank account
 * for the refund and the return address; the amount follows the boxes. Lines already returned
 * (or not returnable) are shown, disabled.
 */
export function ReturnForm({ order, onReturned }: { order: OrderDetails; onReturned: (returnId: number) => void }) {
  const t = useT();
  const ids = useId();
  const request = useRequestReturn();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());
  const [reason, setReason] = useState('');
  const [bankAccountNumber, setBankAccountNumber] = useState('');
  const [bankName, setBankName] = useState('');
  const [returnAddress, setReturnAddress] = useState(order.address);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const amount = returnAmount(order, chosen);

  const toggle = (id: number, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    setErrors((e) => ({ ...e, product_ids: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (chosen.size === 0) found.product_ids = t('Choose at least one product to return.');
    if (reason.trim() === '') found.reason = t('The reason field is required.');
    // The server's own rules, so the shopper hears of a mistyped account before sending.
    const account = bankAccountNumberSchema.safeParse(bankAccountNumber);
    if (!account.success) found.bank_account_number = t(account.error.issues[0]?.message ?? '');
    const bank = bankNameSchema.safeParse(bankName);
    if (!bank.success) found.bank_name = t(bank.error.issues[0]?.message ?? '');
    if (returnAddress.trim() === '') found.return_address = t('The return address field is required.');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    request.mutate(
      { orderId: order.id, lineIds: [...chosen], reason, bankAccountNumber, bankName, returnAddress },
      {
        onSuccess: (reply) => onReturned(reply.data.return_order.id),
        onError: (error) => {
          const server = serverFieldErrors(error);
          const mine = Object.fromEntries(Object.entries(server).filter(([f]) => FIELDS.includes(f as Field)));
          setErrors(mine);
          const rest = Object.entries(server)
            .filter(([f]) => !FIELDS.includes(f as Field))
            .map(([, m]) => m);
          setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(mine).length > 0 ? null : error.message);
        },
      },
    );
  };

  const productsError = `${ids}-products-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {t('Return Product')} <span className="font-medium text-slate-500">{order.order_code}</span>
      </h1>

      <fieldset
        className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        aria-describedby={errors.product_ids ? productsError : undefined}
      >
        <legend className="px-1 text-base font-semibold text-slate-900">{t('Choose the products to return')}</legend>
        <ul className="mt-2 flex flex-col divide-y divide-slate-100">
          {order.products.map((line) => {
            const boxId = `${ids}-line-${line.id}`;
            return (
              <li key={line.id} className="flex items-center gap-3 py-3">
                <input
                  id={boxId}
                  type="checkbox"
                  className="size-5 shrink-0 accent-primary-700"
                  checked={chosen.has(line.id)}
                  disabled={!line.is_returnable || request.isPending}
                  onChange={(event) => toggle(line.id, event.target.checked)}
                />
                <Img src={line.thumbnail} width={56} height={56} alt="" className="size-14 rounded-lg object-cover" />
                <label htmlFor={boxId} className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                  <span
                    dir={ownDirection.dir}
                    className={`truncate font-medium text-slate-900 ${ownDirection.className}`}
                  >
                    {line.name}
                  </span>
                  <span className="text-slate-500">
                    {[line.color, line.size].filter(Boolean).join(' · ')}
                    {line.color || line.size ? ' · ' : ''}
                    {t('Qty: {{count}}', { count: line.order_qty })}
                  </span>
                  {!line.is_returnable && <span className="text-amber-700">{t('Not returnable')}</span>}
                </label>
                <Price amount={line.price * line.order_qty} decimals={2} className="text-sm font-semibold" />
              </li>
            );
          })}
        </ul>
        <FieldError id={productsError} message={errors.product_ids} />
      </fieldset>

      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <div>
          <label htmlFor={`${ids}-reason`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Reason')}
          </label>
          <textarea
            id={`${ids}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={4}
            maxLength={RETURN_REASON_MAX_LENGTH}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
            className={textareaClass}
          />
          <FieldError id={`${ids}-reason-error`} message={errors.reason} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('Bank Account Number')}
            value={bankAccountNumber}
            onChange={(event) => setBankAccountNumber(event.target.value)}
            maxLength={RETURN_TEXT_MAX_LENGTH}
            required
            inputMode="numeric"
            autoComplete="off"
            error={errors.bank_account_number}
          />
          <TextField
            label={t('Bank Name')}
            value={bankName}
            onChange={(event) => setBankName(event.target.value)}
            maxLength={BANK_NAME_MAX_LENGTH}
            required
            error={errors.bank_name}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-address`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Return Address')}
          </label>
          <textarea
            id={`${ids}-address`}
            value={returnAddress}
            onChange={(event) => setReturnAddress(event.target.value)}
            rows={2}
            maxLength={RETURN_ADDRESS_MAX_LENGTH}
            required
            aria-invalid={errors.return_address ? true : undefined}
            aria-describedby={errors.return_address ? `${ids}-address-error` : undefined}
            className={textareaClass}
          />
          <FieldError id={`${ids}-address-error`} message={errors.return_address} />
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <p className="text-base text-slate-700" aria-live="polite">
          {t('Return amount')}: <Price amount={amount} decimals={2} className="font-bold text-slate-900" />
        </p>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? t('Sending…') : t('Send Return Request')}
        </Button>
      </div>
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-700">
          {formError}
        </p>
      )}
    </form>
  );
}
