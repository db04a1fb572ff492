import type { Master } from '@shop/contracts/settings';

/** A payment method to choose: a gateway, or cash on delivery (no title of its own: a translated text). */
export interface PaymentOption {
  /** The order's `payment_method`: "cash" or a gateway's name. */
  value: string;
  /** A gateway's own title from the settings; null for cash on delivery. */
  title: string | null;
  logo: string | null;
}

/** An online gateway to pay with: always one with its own title. */
export interface OnlinePaymentOption extends PaymentOption {
  title: string;
}

/** The online gateways of the settings: while online payment is on, every active one. */
export function onlinePaymentOptions(master: Master | undefined): OnlinePaymentOption[] {
  if (!master?.online_payment) return [];
  return master.payment_gateways
    .filter((gateway) => gateway.is_active && gateway.name !== 'cash')
    .map((gateway) => ({ value: gateway.name, title: gateway.title, logo: gateway.logo }));
}
