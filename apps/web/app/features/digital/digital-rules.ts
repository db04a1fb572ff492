import type { DigitalOrder } from '@shop/contracts/digital';
import {
  MOBILE_MAX_DIGITS,
  type MobileOperator,
  operatorOfPrefix,
  type PulsaOperator,
  parseMobileNumber,
  parsePlnNumber,
  typedLocalNumber,
} from '@shop/contracts/digital-numbers';

/** A page of the digital order history (the contract's DIGITAL_ORDERS_PER_PAGE; digital-rules.test.ts checks). */
export const DIGITAL_ORDERS_PER_PAGE = 10;
/** How often the payment page asks again while the provider has not answered. */
export const POLL_INTERVAL_MS = 2000;

export type PulsaNumberCheck =
  /** Nothing typed yet. */
  | { state: 'empty' }
  /** Being typed: the operator when the first four digits name one. */
  | { state: 'typing'; operator: MobileOperator | null }
  /** A whole number of this page's operator. */
  | { state: 'ok'; operator: PulsaOperator; local: string }
  /** A number of the other operator the shop sells: a link to its page. */
  | { state: 'other_page'; operator: PulsaOperator; local: string }
  /** A number of an operator the shop does not sell. */
  | { state: 'unsupported'; operator: MobileOperator }
  /** Not a mobile number, or a prefix of no operator. */
  | { state: 'unknown_prefix' }
  | { state: 'characters' }
  | { state: 'too_short'; operator: MobileOperator | null }
  | { state: 'too_long'; operator: MobileOperator | null };

/**
 * What the pulsa page says about the number field, while typing (`complete` false: a short number
 * is still being typed) and when the shopper is done (`complete` true: blurred, or Buy pressed).
 */
export function checkPulsaNumber(input: string, page: PulsaOperator, complete: boolean): PulsaNumberCheck {
  const local = typedLocalNumber(input);
  if (local === '') return { state: 'empty' };
  // "+" and "+6" are the start of +62.
  if (/^\+6?$/.test(local)) return { state: 'typing', operator: null };
  const parsed = parseMobileNumber(input);
  if (!parsed.ok && parsed.problem === 'characters') return { state: 'characters' };
  const operator = local.length >= 4 ? operatorOfPrefix(local) : null;
  if (parsed.ok) {
    if (parsed.operator === page) return { state: 'ok', operator: page, local: parsed.local };
    if (parsed.operator === 'telkomsel' || parsed.operator === 'xl') {
      return { state: 'other_page', operator: parsed.operator, local: parsed.local };
    }
    if (parsed.operator) return { state: 'unsupported', operator: parsed.operator };
    return { state: 'unknown_prefix' };
  }
  // Four digits in and no operator owns them (or not 08 at all): say so at once.
  if (local.length >= 4 && (operator === null || !/^0\d*$/.test(local))) return { state: 'unknown_prefix' };
  if (!/^0/.test(local) && local.length >= 2) return { state: 'unknown_prefix' };
  if (parsed.problem === 'too_long' || local.length > MOBILE_MAX_DIGITS) return { state: 'too_long', operator };
  if (operator && operator !== 'telkomsel' && operator !== 'xl') return { state: 'unsupported', operator };
  // The other page's prefix is known from the fourth digit: its link comes at once, with what was typed.
  if (operator && operator !== page) return { state: 'other_page', operator, local };
  if (parsed.problem === 'too_short' || parsed.problem === 'empty') {
    return complete ? { state: 'too_short', operator } : { state: 'typing', operator };
  }
  if (parsed.problem === 'not_mobile' && local.length >= 4) return { state: 'unknown_prefix' };
  return { state: 'typing', operator };
}

export type PlnNumberCheck =
  | { state: 'empty' }
  | { state: 'typing' }
  | { state: 'ok'; kind: 'meter' | 'customer_id'; number: string }
  | { state: 'characters' }
  | { state: 'length' };

/** What the PLN page says about the meter number / customer id field. */
export function checkPlnNumber(input: string, complete: boolean): PlnNumberCheck {
  const parsed = parsePlnNumber(input);
  if (parsed.ok) return { state: 'ok', kind: parsed.kind, number: parsed.number };
  if (parsed.problem === 'empty') return { state: 'empty' };
  if (parsed.problem === 'characters') return { state: 'characters' };
  const digits = input.replace(/\D/g, '').length;
  return complete || digits > 12 ? { state: 'length' } : { state: 'typing' };
}

/** The label of an order's status (translation keys) and its badge's colours. */
export const ORDER_STATUS_LOOK: Readonly<Record<DigitalOrder['status'], { label: string; className: string }>> = {
  awaiting_payment: { label: 'Awaiting payment', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  processing: { label: 'Processing', className: 'bg-indigo-50 text-indigo-800 ring-indigo-200' },
  success: { label: 'Success', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-rose-50 text-rose-800 ring-rose-200' },
};

/** The status a shopper reads: an unpaid order whose payment was cancelled says so. */
export function orderStatusLook(order: Pick<DigitalOrder, 'status' | 'payment'>): { label: string; className: string } {
  if (order.status === 'awaiting_payment' && order.payment.status === 'cancelled') {
    return { label: 'Payment cancelled', className: 'bg-slate-100 text-slate-700 ring-slate-200' };
  }
  return ORDER_STATUS_LOOK[order.status];
}

/**
 * The tariff and power class as a shopper reads it: providers send Digiflazz's "R1 /000001300"
 * (power zero-padded, no unit); it becomes "R1 / 1300 VA". Anything else is shown as sent.
 */
export function formatSegmentPower(value: string): string {
  const match = /^\s*([A-Za-z0-9-]+)\s*\/\s*0*(\d+)\s*(?:VA)?\s*$/i.exec(value);
  return match ? `${match[1]} / ${match[2]} VA` : value;
}
