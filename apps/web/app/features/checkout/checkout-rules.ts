import type { Address } from '@shop/contracts/account';
import type { Master } from '@shop/contracts/settings';
import { onlinePaymentOptions, type PaymentOption } from '../../entities/order/payment-options';

/**
 * The address an order goes to: the one the shopper picked while it still exists, otherwise the
 * default one (first with is_default, otherwise the first).
 */
export function deliveryAddress(addresses: readonly Address[], pickedId: number | null): Address | null {
  return (
    (pickedId === null ? undefined : addresses.find((a) => a.id === pickedId)) ??
    addresses.find((a) => a.is_default) ??
    addresses[0] ??
    null
  );
}

/**
 * The payment methods of the settings: cash on delivery when it is on, then
 * every active gateway while online payment is on.
 */
export function paymentOptions(master: Master | undefined): PaymentOption[] {
  if (!master) return [];
  const cash = master.cash_on_delivery
    ? [{ value: 'cash', title: null, logo: master.payment_gateways.find((g) => g.name === 'cash')?.logo ?? null }]
    : [];
  return [...cash, ...onlinePaymentOptions(master)];
}
