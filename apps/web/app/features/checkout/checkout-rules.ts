import type { Address } from '@shop/contracts/account';
import type { Master } from '@shop/contracts/settings';

/**
 * The address an order goes to: the one the shopper picked while it still exists, otherwise the
 * default one (spec section 4: first with is_default, otherwise the first).
 */
export function deliveryAddress(addresses: readonly Address[], pickedId: number | null): Address | null {
  return (
    (pickedId === null ? undefined : addresses.find((a) => a.id === pickedId)) ??
    addresses.find((a) => a.is_default) ??
    addresses[0] ??
    null
  );
}

export interface PaymentOption {
  /** The place-order `payment_method`: "cash" or a gateway's name. */
  value: string;
  /** A gateway's own title from the settings; null for cash on delivery (a translated text). */
  title: string | null;
  logo: string | null;
}

/**
 * The payment methods of the settings (spec section 3): cash on delivery when it is on, then
 * every active gateway while online payment is on.
 */
export function paymentOptions(master: Master | undefined): PaymentOption[] {
  if (!master) return [];
  const options: PaymentOption[] = [];
  if (master.cash_on_delivery) {
    const logo = master.payment_gateways.find((g) => g.name === 'cash')?.logo ?? null;
    options.push({ value: 'cash', title: null, logo });
  }
  if (master.online_payment) {
    for (const gateway of master.payment_gateways) {
      if (gateway.is_active && gateway.name !== 'cash') {
        options.push({ value: gateway.name, title: gateway.title, logo: gateway.logo });
      }
    }
  }
  return options;
}
