/**
 * The money rules of the cart, the checkout preview and order placement (pricing, delivery
 * charge, VAT, vouchers), as pure functions over integer minor units. Preview
 * and placement both price through here, so they cannot disagree.
 */

export interface FlashPrice {
  flashSaleId: number;
  /** Minor units. */
  price: number;
  /** What is left of the sale's allocation. */
  remaining: number;
}

export interface LinePriceInput {
  price: number;
  discountPrice: number;
  flash: FlashPrice | null;
  colorExtra: number;
  sizeExtra: number;
}

/**
 * The unit price to pay: the flash price during a running sale with quantity left, else the
 * discount price when above 0, else the price; then the colour and size extra prices.
 */
export function unitPrice(line: LinePriceInput): number {
  const base = line.flash ? line.flash.price : line.discountPrice > 0 ? line.discountPrice : line.price;
  return base + line.colorExtra + line.sizeExtra;
}

/** The unit price before any discount, with the extras (what the card shows struck through). */
export function regularUnitPrice(line: LinePriceInput): number {
  return line.price + line.colorExtra + line.sizeExtra;
}

/** How many of a product one line may hold: the stock, and during a sale what is left of it. */
export function maxQuantity(stock: number, flash: FlashPrice | null): number {
  return Math.max(0, flash ? Math.min(stock, flash.remaining) : stock);
}

export interface DeliveryTier {
  minQty: number;
  maxQty: number;
  charge: number;
}

/**
 * A shop's delivery charge from the tier whose range holds the quantity of its physical items;
 * 0 when no tier matches or nothing physical is sent (digital lines ship nothing).
 */
export function deliveryCharge(physicalQuantity: number, tiers: readonly DeliveryTier[]): number {
  if (physicalQuantity <= 0) return 0;
  const tier = tiers.find((t) => t.minQty <= physicalQuantity && physicalQuantity <= t.maxQty);
  return tier?.charge ?? 0;
}

export interface VatRate {
  id: number;
  name: string;
  percentage: number;
}

export interface VatAmount extends VatRate {
  amount: number;
}

/** Rounds half away from zero to whole minor units (the reference's round(x, 2) on the major unit). */
export function roundMinor(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}

/** Each active VAT row with a percentage above 0, on the shop's subtotal (always added: exclusive). */
export function vatAmounts(subtotal: number, rates: readonly VatRate[]): VatAmount[] {
  return rates
    .filter((r) => r.percentage > 0)
    .map((r) => ({ ...r, amount: roundMinor((subtotal * r.percentage) / 100) }));
}

export interface VoucherTerms {
  discountType: 'Percentage' | 'Amount';
  /** A percentage, or minor units. */
  discount: number;
  minOrderAmount: number;
  maxDiscountAmount: number | null;
}

/**
 * The discount a voucher gives on a shop's subtotal: 0 below its minimum spend; a percentage is
 * capped by its maximum; never more than the subtotal, so nothing is ever negative.
 */
export function voucherDiscount(terms: VoucherTerms, subtotal: number): number {
  if (subtotal <= 0 || subtotal < terms.minOrderAmount) return 0;
  let discount =
    terms.discountType === 'Percentage' ? roundMinor((subtotal * terms.discount) / 100) : Math.round(terms.discount);
  if (terms.discountType === 'Percentage' && terms.maxDiscountAmount !== null) {
    discount = Math.min(discount, terms.maxDiscountAmount);
  }
  return Math.max(0, Math.min(discount, subtotal));
}

export interface ShopTotals {
  subtotal: number;
  deliveryCharge: number;
  couponDiscount: number;
  taxes: VatAmount[];
  taxAmount: number;
  payable: number;
}

/** payable = subtotal + delivery + tax - discount, per shop. */
export function shopTotals(input: {
  lines: readonly { unitPrice: number; quantity: number; isDigital: boolean }[];
  tiers: readonly DeliveryTier[];
  vat: readonly VatRate[];
  voucher: VoucherTerms | null;
}): ShopTotals {
  const subtotal = input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const physical = input.lines.reduce((sum, l) => sum + (l.isDigital ? 0 : l.quantity), 0);
  const delivery = deliveryCharge(physical, input.tiers);
  const couponDiscount = input.voucher ? voucherDiscount(input.voucher, subtotal) : 0;
  const taxes = vatAmounts(subtotal, input.vat);
  const taxAmount = taxes.reduce((sum, t) => sum + t.amount, 0);
  return {
    subtotal,
    deliveryCharge: delivery,
    couponDiscount,
    taxes,
    taxAmount,
    payable: subtotal + delivery + taxAmount - couponDiscount,
  };
}

/** The totals of several shops summed, VAT lines merged by row. */
export function sumTotals(all: readonly ShopTotals[]): ShopTotals {
  const taxes = new Map<number, VatAmount>();
  for (const t of all) {
    for (const tax of t.taxes) {
      const seen = taxes.get(tax.id);
      taxes.set(tax.id, seen ? { ...seen, amount: seen.amount + tax.amount } : { ...tax });
    }
  }
  const sum = (pick: (t: ShopTotals) => number) => all.reduce((s, t) => s + pick(t), 0);
  return {
    subtotal: sum((t) => t.subtotal),
    deliveryCharge: sum((t) => t.deliveryCharge),
    couponDiscount: sum((t) => t.couponDiscount),
    taxes: [...taxes.values()],
    taxAmount: sum((t) => t.taxAmount),
    payable: sum((t) => t.payable),
  };
}
