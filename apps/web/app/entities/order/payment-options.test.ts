import type { Master } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { onlinePaymentOptions } from './payment-options';

describe('online payment options', () => {
  it('offer the active online gateways only, never cash on delivery', () => {
    const master = {
      cash_on_delivery: true,
      online_payment: true,
      payment_gateways: [
        { id: 1, title: 'Cash', name: 'cash', logo: null, is_active: true },
        { id: 2, title: 'Sandbox', name: 'sandbox', logo: null, is_active: true },
        { id: 3, title: 'Stripe', name: 'stripe', logo: '/s.svg', is_active: false },
      ],
    } as unknown as Master;
    expect(onlinePaymentOptions(master)).toEqual([{ value: 'sandbox', title: 'Sandbox', logo: null }]);
    expect(onlinePaymentOptions({ ...master, online_payment: false } as Master)).toEqual([]);
    expect(onlinePaymentOptions(undefined)).toEqual([]);
  });
});
