import type { VatLine } from './cart';

/**
 * The money of one order as every screen shows it (the shopper's order page, the Seller Centre's,
 * the PDF invoice): the same lines in the same order, so the figures add up wherever they are read.
 */

/** An order's figures as the API returns them (default currency, 2 decimals). */
export interface OrderFigures {
  subtotal: number;
  delivery_charge: number;
  coupon_discount: number;
  vat_taxes: readonly VatLine[];
  payable_amount: number;
}

/** Labels are interface strings (English text as key) each screen translates; a VAT line's is its own name. */
export type OrderMoneyLine =
  | { kind: 'subtotal'; label: 'Subtotal'; amount: number }
  | { kind: 'delivery'; label: 'Delivery Charge'; amount: number }
  /** The coupon as a negative amount: it is taken off. */
  | { kind: 'discount'; label: 'Coupon Discount'; amount: number }
  | { kind: 'vat'; label: string; amount: number; id: number }
  | { kind: 'total'; label: 'Payable Amount'; amount: number };

/** "VAT 11%": the tax's name with its rate once, even when the name already carries the rate ("PPN 11%"). */
export function vatLabel(name: string, percentage: number): string {
  const rate = `${Number(percentage.toFixed(3))}%`;
  const trimmed = name.trim();
  if (trimmed.replace(/\s+/g, '').endsWith(rate)) return trimmed;
  return trimmed ? `${trimmed} ${rate}` : rate;
}

/**
 * Subtotal, delivery charge, the coupon (negative, only when there is one), each VAT line, then
 * the total; the lines before the total add up to it to the cent. The server computes payable =
 * subtotal + delivery + taxes - discount in whole minor units, so in the default currency (rate 1)
 * the amounts are the order's own. Shown in another currency (rate: units per unit of the default
 * one) each amount is converted and rounded to the cent; where those roundings would not add up
 * to the rounded total, the cents go to the lines that lost the most to rounding.
 */
export function orderMoneyLines(order: OrderFigures, rate = 1): OrderMoneyLine[] {
  const parts: Exclude<OrderMoneyLine, { kind: 'total' }>[] = [
    { kind: 'subtotal', label: 'Subtotal', amount: order.subtotal },
    { kind: 'delivery', label: 'Delivery Charge', amount: order.delivery_charge },
  ];
  if (order.coupon_discount !== 0) {
    parts.push({ kind: 'discount', label: 'Coupon Discount', amount: -Math.abs(order.coupon_discount) });
  }
  for (const vat of order.vat_taxes) {
    parts.push({ kind: 'vat', label: vatLabel(vat.name, vat.percentage), amount: vat.amount, id: vat.id });
  }
  const exact = parts.map((p) => cents(p.amount, rate));
  const rounded = exact.map(roundHalfAway);
  const total = roundHalfAway(cents(order.payable_amount, rate));
  let gap = total - rounded.reduce((sum, c) => sum + c, 0);
  if (gap !== 0) {
    // Only in another currency: each cent of the gap goes to the line rounded furthest the other way.
    const step = Math.sign(gap);
    const loss = exact.map((value, i) => value - (rounded[i] as number));
    const ranked = loss.map((_, i) => i).sort((a, b) => step * ((loss[b] as number) - (loss[a] as number)));
    for (let k = 0; gap !== 0; k = (k + 1) % ranked.length) {
      const i = ranked[k] as number;
      rounded[i] = (rounded[i] as number) + step;
      gap -= step;
    }
  }
  return [
    ...parts.map((p, i) => ({ ...p, amount: fromCents(rounded[i] as number) })),
    { kind: 'total', label: 'Payable Amount', amount: fromCents(total) },
  ];
}

/** An amount in cents of the shown currency, free of binary noise (9.450000000000001 -> 945). */
function cents(amount: number, rate: number): number {
  const converted = amount * rate * 100;
  return Number.isFinite(converted) ? Number(converted.toPrecision(12)) : 0;
}

/** Half away from zero, as the pages' money formatting rounds. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function fromCents(value: number): number {
  return Number((value / 100).toFixed(2)) || 0;
}
