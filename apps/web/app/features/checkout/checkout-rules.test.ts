import type { Address } from '@shop/contracts/account';
import type { Master } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { paymentTarget } from '../../lib/payment-target';
import { deliveryAddress, paymentOptions } from './checkout-rules';

const address = (id: number, is_default = false) => ({ id, is_default }) as Address;

describe('deliveryAddress (default address rule)', () => {
  it('takes the first default address, otherwise the first one', () => {
    expect(deliveryAddress([address(1), address(2, true), address(3, true)], null)?.id).toBe(2);
    expect(deliveryAddress([address(4), address(5)], null)?.id).toBe(4);
    expect(deliveryAddress([], null)).toBeNull();
  });

  it("keeps the shopper's pick while it exists", () => {
    expect(deliveryAddress([address(1, true), address(2)], 2)?.id).toBe(2);
    expect(deliveryAddress([address(1, true), address(2)], 9)?.id).toBe(1);
  });
});

describe('paymentOptions', () => {
  const gateways = [
    { id: 1, title: 'Cash on Delivery', name: 'cash', logo: '/cash.svg', is_active: true },
    { id: 2, title: 'Sandbox Payment', name: 'sandbox', logo: null, is_active: true },
    { id: 3, title: 'Stripe', name: 'stripe', logo: '/stripe.svg', is_active: false },
  ];
  const master = (overrides: Partial<Master>) =>
    ({ cash_on_delivery: true, online_payment: true, payment_gateways: gateways, ...overrides }) as Master;

  it('offers cash on delivery once, then the active gateways', () => {
    expect(paymentOptions(master({}))).toEqual([
      { value: 'cash', title: null, logo: '/cash.svg' },
      { value: 'sandbox', title: 'Sandbox Payment', logo: null },
    ]);
  });

  it('follows the cash_on_delivery and online_payment switches', () => {
    expect(paymentOptions(master({ cash_on_delivery: false })).map((o) => o.value)).toEqual(['sandbox']);
    expect(paymentOptions(master({ online_payment: false })).map((o) => o.value)).toEqual(['cash']);
    expect(paymentOptions(undefined)).toEqual([]);
  });
});

describe('paymentTarget', () => {
  it('keeps the sandbox page in the app and sends other sites to the browser', () => {
    expect(paymentTarget('/payment/abc', 'https://shop.test')).toEqual({ external: false, path: '/payment/abc' });
    expect(paymentTarget('https://shop.test/payment/abc?x=1', 'https://shop.test')).toEqual({
      external: false,
      path: '/payment/abc?x=1',
    });
    expect(paymentTarget('https://checkout.stripe.com/c/pay/cs_test', 'https://shop.test')).toEqual({ external: true });
  });
});
