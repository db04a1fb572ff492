import { COUPON_CODE_MAX_LENGTH, DISCOUNT_TYPES } from '@shop/contracts/cart';
import { MONEY_INPUT_MAX } from '@shop/contracts/fields';
import {
  type SellerVoucher,
  sellerVoucherInputSchema,
  VOUCHER_CODE_MIN_LENGTH,
  VOUCHER_LIMIT_FOR_USER_MAX,
  VOUCHER_TOTAL_LIMIT_MAX,
} from '@shop/contracts/seller-vouchers';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FieldError, TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { isoToMarketWallClock, marketWallClockToIso, useMarketTime } from '../../../lib/market-time';
import { useSaveVoucher } from '../api/seller-vouchers';
import { useSellerMoney } from '../format';

export const VOUCHER_FIELDS = [
  'code',
  'discount_type',
  'discount',
  'max_discount_amount',
  'min_order_amount',
  'limit_for_user',
  'total_limit',
  'starts_at',
  'expires_at',
] as const;
export type VoucherField = (typeof VOUCHER_FIELDS)[number];
export type VoucherValues = Record<VoucherField, string>;

/** What the form sends: the whole voucher, as POST and PUT take it. */
export interface VoucherBody {
  code: string;
  discount_type: (typeof DISCOUNT_TYPES)[number];
  discount: number;
  max_discount_amount: number | null;
  min_order_amount: number;
  limit_for_user: number;
  total_limit: number | null;
  starts_at: string;
  expires_at: string;
}

/** The field names the messages use (keys of the translations, as the server names them). */
const FIELD_NAMES: Record<VoucherField, string> = {
  code: 'code',
  discount_type: 'discount type',
  discount: 'discount',
  max_discount_amount: 'max discount amount',
  min_order_amount: 'min order amount',
  limit_for_user: 'limit for user',
  total_limit: 'total limit',
  starts_at: 'starts at',
  expires_at: 'expires at',
};

/** The form's values for a voucher being edited, or a new one (today, for a month). */
export function voucherValues(voucher: SellerVoucher | null, timeZone: string, now = new Date()): VoucherValues {
  if (!voucher) {
    const start = now.toISOString();
    const end = new Date(now.getTime() + 30 * 24 * 3600_000).toISOString();
    return {
      code: '',
      discount_type: 'Percentage',
      discount: '',
      max_discount_amount: '',
      min_order_amount: '0',
      limit_for_user: '1',
      total_limit: '',
      starts_at: isoToMarketWallClock(start, timeZone),
      expires_at: isoToMarketWallClock(end, timeZone),
    };
  }
  return {
    code: voucher.code,
    discount_type: voucher.discount_type,
    discount: String(voucher.discount),
    max_discount_amount: voucher.max_discount_amount === null ? '' : String(voucher.max_discount_amount),
    min_order_amount: String(voucher.min_order_amount),
    limit_for_user: String(voucher.limit_for_user),
    total_limit: voucher.total_limit === null ? '' : String(voucher.total_limit),
    starts_at: isoToMarketWallClock(voucher.starts_at, timeZone),
    expires_at: isoToMarketWallClock(voucher.expires_at, timeZone),
  };
}

/**
 * The server's rules for a voucher (contracts' sellerVoucherInputSchema), checked before sending
 * with messages in the seller's language; the contract's own parse runs last so no rule is
 * missed. Dates are the marketplace's wall clock.
 */
export function checkVoucher(
  values: VoucherValues,
  t: TFunction,
  timeZone: string,
): { errors: Partial<Record<VoucherField, string>>; body: VoucherBody | null } {
  const errors: Partial<Record<VoucherField, string>> = {};
  const name = (field: VoucherField) => t(FIELD_NAMES[field]);
  const required = (field: VoucherField) => t('The {{field}} field is required.', { field: name(field) });

  const code = values.code.trim();
  if (code === '') errors.code = required('code');
  else if (code.length < VOUCHER_CODE_MIN_LENGTH) {
    errors.code = t('The {{field}} must be at least {{min}} characters.', {
      field: name('code'),
      min: VOUCHER_CODE_MIN_LENGTH,
    });
  } else if (code.length > COUPON_CODE_MAX_LENGTH) {
    errors.code = t('The {{field}} may not be greater than {{max}} characters.', {
      field: name('code'),
      max: COUPON_CODE_MAX_LENGTH,
    });
  } else if (!/^[A-Za-z0-9_-]+$/.test(code)) {
    errors.code = t('The code may contain only letters, digits, dashes and underscores.');
  }

  const type = (DISCOUNT_TYPES as readonly string[]).includes(values.discount_type)
    ? (values.discount_type as VoucherBody['discount_type'])
    : null;
  if (!type) errors.discount_type = required('discount_type');

  /** A money field: null when empty, NaN (with its message set) when wrong. */
  const money = (field: VoucherField, min: number, optional: boolean): number | null => {
    const text = values[field].trim().replace(',', '.');
    if (text === '') {
      if (!optional) errors[field] = required(field);
      return optional ? null : Number.NaN;
    }
    if (!/^\d{1,11}(\.\d+)?$/.test(text)) {
      errors[field] = t('The {{field}} must be a number.', { field: name(field) });
      return Number.NaN;
    }
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      errors[field] = t('The {{field}} may have at most 2 decimals.', { field: name(field) });
      return Number.NaN;
    }
    const value = Number(text);
    if (value < min) errors[field] = t('The {{field}} must be at least {{min}}.', { field: name(field), min });
    else if (value > MONEY_INPUT_MAX) {
      errors[field] = t('The {{field}} may not be greater than {{max}}.', { field: name(field), max: MONEY_INPUT_MAX });
    }
    return value;
  };
  /** A count field (a whole number from 1). */
  const count = (field: VoucherField, max: number, optional: boolean): number | null => {
    const text = values[field].trim();
    if (text === '') {
      if (!optional) errors[field] = required(field);
      return optional ? null : Number.NaN;
    }
    if (!/^\d{1,15}$/.test(text)) {
      errors[field] = t('The {{field}} must be an integer.', { field: name(field) });
      return Number.NaN;
    }
    const value = Number(text);
    if (value < 1) errors[field] = t('The {{field}} must be at least {{min}}.', { field: name(field), min: 1 });
    else if (value > max)
      errors[field] = t('The {{field}} may not be greater than {{max}}.', { field: name(field), max });
    return value;
  };

  const discount = money('discount', 0.01, false);
  if (type === 'Percentage' && discount !== null && discount > 100 && !errors.discount) {
    errors.discount = t('A percentage discount may not be more than 100.');
  }
  const cap = type === 'Percentage' ? money('max_discount_amount', 0.01, true) : null;
  const minimum = money('min_order_amount', 0, true) ?? 0;
  const perShopper = count('limit_for_user', VOUCHER_LIMIT_FOR_USER_MAX, false);
  const total = count('total_limit', VOUCHER_TOTAL_LIMIT_MAX, true);

  const moment = (field: 'starts_at' | 'expires_at') => {
    if (values[field] === '') {
      errors[field] = required(field);
      return null;
    }
    const iso = marketWallClockToIso(values[field], timeZone);
    if (!iso) errors[field] = t('Choose a date and a time.');
    return iso;
  };
  const startsAt = moment('starts_at');
  const expiresAt = moment('expires_at');
  if (startsAt && expiresAt && Date.parse(expiresAt) <= Date.parse(startsAt)) {
    errors.expires_at = t('The voucher must end after it starts.');
  }

  if (Object.keys(errors).length > 0 || !type || !startsAt || !expiresAt) return { errors, body: null };
  const body: VoucherBody = {
    code,
    discount_type: type,
    discount: discount as number,
    max_discount_amount: cap,
    min_order_amount: minimum,
    limit_for_user: perShopper as number,
    total_limit: total,
    starts_at: startsAt,
    expires_at: expiresAt,
  };
  const parsed = sellerVoucherInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as VoucherField;
      if (VOUCHER_FIELDS.includes(field) && !errors[field]) errors[field] = t(issue.message);
    }
    return { errors, body: null };
  }
  return { errors, body };
}

/**
 * A new voucher or one being changed: code, percentage (with an optional cap) or amount, minimum
 * spend, per-shopper and total limits, and when it is valid (the marketplace's time). An ended
 * voucher is shown without a way to save: the server keeps it as it ended.
 */
export function VoucherForm({ voucher }: { voucher: SellerVoucher | null }) {
  const t = useT();
  const time = useMarketTime();
  const money = useSellerMoney();
  const navigate = useNavigate();
  const id = useId();
  const save = useSaveVoucher(voucher?.id ?? null);
  const [values, setValues] = useState<VoucherValues>(() => voucherValues(voucher, time.timeZone));
  const [errors, setErrors] = useState<Partial<Record<VoucherField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ended = voucher?.state === 'ended';
  const percentage = values.discount_type === 'Percentage';

  const set = (field: VoucherField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const { errors: found, body } = checkVoucher(values, t, time.timeZone);
    setErrors(found);
    if (!body) {
      const first = VOUCHER_FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate(body, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        navigate('/shop/vouchers');
      },
      onError: (error) => {
        const server = serverFieldErrors(error);
        const mine = Object.fromEntries(
          Object.entries(server).filter(([f]) => VOUCHER_FIELDS.includes(f as VoucherField)),
        );
        setErrors(mine);
        const rest = Object.entries(server)
          .filter(([f]) => !VOUCHER_FIELDS.includes(f as VoucherField))
          .map(([, m]) => m);
        setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(mine).length > 0 ? null : error.message);
      },
    });
  };

  const text = (
    field: VoucherField,
    label: string,
    extra: { inputMode?: 'decimal' | 'numeric'; type?: string; hint?: string; autoCapitalize?: string } = {},
  ) => (
    <div>
      <TextField
        id={`${id}-${field}`}
        label={label}
        name={field}
        value={values[field]}
        error={errors[field]}
        disabled={ended}
        onChange={set(field)}
        inputMode={extra.inputMode}
        type={extra.type ?? 'text'}
        autoCapitalize={extra.autoCapitalize}
        autoComplete="off"
        dir={extra.type === 'datetime-local' || extra.inputMode ? 'ltr' : undefined}
        {...(extra.hint && !errors[field] ? { 'aria-describedby': `${id}-${field}-hint` } : {})}
      />
      {extra.hint && !errors[field] && (
        <p id={`${id}-${field}-hint`} className="mt-1 text-xs text-slate-500">
          {extra.hint}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-2xl bg-white p-5 shadow-sm">
      {ended && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {t('This voucher has ended and cannot be changed.')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('code', t('Voucher code'), {
          autoCapitalize: 'characters',
          hint: t('Letters, digits, dashes and underscores; shoppers type it at checkout.'),
        })}
        <fieldset aria-describedby={errors.discount_type ? `${id}-discount_type-error` : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t('Discount type')}</legend>
          <div className="flex gap-2">
            {DISCOUNT_TYPES.map((type) => (
              <label
                key={type}
                className="flex h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-300"
              >
                <input
                  type="radio"
                  name="discount_type"
                  id={type === 'Percentage' ? `${id}-discount_type` : undefined}
                  value={type}
                  checked={values.discount_type === type}
                  disabled={ended}
                  onChange={set('discount_type')}
                  className="size-4 accent-primary-700"
                />
                {type === 'Percentage' ? t('Percentage') : t('Fixed amount')}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-discount_type-error`} message={errors.discount_type} />
        </fieldset>
        {text('discount', percentage ? `${t('Discount')} (%)` : `${t('Discount')} (${money.symbol})`, {
          inputMode: 'decimal',
        })}
        {percentage
          ? text('max_discount_amount', `${t('Largest discount')} (${money.symbol})`, {
              inputMode: 'decimal',
              hint: t('Optional: the most one order is discounted.'),
            })
          : null}
        {text('min_order_amount', `${t('Minimum spend')} (${money.symbol})`, {
          inputMode: 'decimal',
          hint: t('0 for none.'),
        })}
        {text('limit_for_user', t('Uses per shopper'), { inputMode: 'numeric' })}
        {text('total_limit', t('Uses in all'), {
          inputMode: 'numeric',
          hint: t('Optional: empty for no limit.'),
        })}
        {text('starts_at', t('Starts'), {
          type: 'datetime-local',
          hint: t('In the marketplace’s time ({{zone}}).', { zone: time.timeZone }),
        })}
        {text('expires_at', t('Ends'), { type: 'datetime-local' })}
      </div>
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {!ended && (
          <Button type="submit" loading={save.isPending}>
            {voucher ? t('Save changes') : t('Create voucher')}
          </Button>
        )}
        <Link to="/shop/vouchers" className={buttonClass('ghost', 'md')}>
          {t('Back to vouchers')}
        </Link>
      </div>
    </form>
  );
}
