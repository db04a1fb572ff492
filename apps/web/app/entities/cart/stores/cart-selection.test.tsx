// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie } from '../../../lib/cookies';
import {
  CART_SELECTION_COOKIE,
  CART_SELECTION_STORAGE_KEY,
  CartSelectionProvider,
  cartSelectionCookieValue,
  readCartSelectionCookie,
  useCartSelection,
} from './cart-selection';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test page's cookie.
  document.cookie = `${CART_SELECTION_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the cart-selection cookie', () => {
  it('reads back what it writes: shop ids and a coupon code, which may hold the separator', () => {
    for (const selection of [
      { selectedShopIds: [3, 1], couponCode: null },
      { selectedShopIds: [7], couponCode: 'HEMAT~10 %' },
      { selectedShopIds: [], couponCode: null },
    ]) {
      const header = `other=1; ${CART_SELECTION_COOKIE}=${encodeURIComponent(cartSelectionCookieValue(selection))}`;
      expect(readCartSelectionCookie(header)).toEqual(selection);
    }
  });

  it('is no selection when absent or not one of ours', () => {
    expect(readCartSelectionCookie(null)).toBeNull();
    expect(readCartSelectionCookie('locale=en')).toBeNull();
    for (const bad of ['1.x', '-2', '1.5e3', '0', `${'1.'.repeat(200)}1`, `1~${'A'.repeat(101)}`]) {
      expect(readCartSelectionCookie(`${CART_SELECTION_COOKIE}=${encodeURIComponent(bad)}`)).toBeNull();
    }
  });
});

describe('CartSelectionProvider', () => {
  function Probe({
    onState,
  }: {
    onState: (s: { ids: number[]; restored: boolean; toggle: (id: number) => void }) => void;
  }) {
    const ids = useCartSelection((s) => s.selectedShopIds);
    const restored = useCartSelection((s) => s.restored);
    const toggle = useCartSelection((s) => s.toggleShop);
    onState({ ids, restored, toggle });
    return null;
  }

  it('starts from the selection the page came with, then keeps the cookie in step with every change', async () => {
    const seen: { ids: number[]; restored: boolean; toggle: (id: number) => void }[] = [];
    render(
      <CartSelectionProvider initial={{ selectedShopIds: [4], couponCode: null }}>
        <Probe onState={(s) => seen.push(s)} />
      </CartSelectionProvider>,
    );
    expect(seen[0]).toMatchObject({ ids: [4], restored: true });
    await act(async () => seen.at(-1)?.toggle(9));
    expect(readCartSelectionCookie(document.cookie)).toEqual({ selectedShopIds: [4, 9], couponCode: null });
    const stored = JSON.parse(localStorage.getItem(CART_SELECTION_STORAGE_KEY) ?? '{}') as { state: unknown };
    expect(stored.state).toEqual({ selectedShopIds: [4, 9], couponCode: null });
  });

  it('without a cookie, is unknown until local storage is read, and then writes the cookie from it', async () => {
    localStorage.setItem(
      CART_SELECTION_STORAGE_KEY,
      JSON.stringify({ state: { selectedShopIds: [2, 5], couponCode: 'HEMAT' }, version: 0 }),
    );
    const seen: { ids: number[]; restored: boolean }[] = [];
    render(
      <CartSelectionProvider>
        <Probe onState={(s) => seen.push(s)} />
      </CartSelectionProvider>,
    );
    expect(seen[0]).toMatchObject({ ids: [], restored: false });
    await act(async () => {});
    expect(seen.at(-1)).toMatchObject({ ids: [2, 5], restored: true });
    expect(readCookie(document.cookie, CART_SELECTION_COOKIE)).toBe('2.5~HEMAT');
  });
});
