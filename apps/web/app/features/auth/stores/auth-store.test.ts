import { describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store';

const user = { id: 7, name: 'Ayu', phone: '81234567890', profile_photo: null };

describe('auth store', () => {
  it('starts from the user the server saw', () => {
    expect(createAuthStore(user).getState().user).toEqual(user);
    expect(createAuthStore().getState().user).toBeNull();
  });

  it('clearSession drops user, addresses and favourite count (what a 401 does)', () => {
    const store = createAuthStore(user);
    store.getState().setAddresses([{ id: 1, is_default: true }]);
    store.getState().setWishlistCount(3);
    store.getState().openDialog('logout');
    store.getState().clearSession();
    const state = store.getState();
    expect(state.user).toBeNull();
    expect(state.addresses).toEqual([]);
    expect(state.wishlistCount).toBe(0);
    expect(state.dialog).toBe('logout');
  });

  it('loggedOut clears the session and runs every logout listener until unsubscribed', () => {
    const store = createAuthStore(user);
    const cartReset = vi.fn();
    const chatReset = vi.fn();
    const stop = store.getState().onLoggedOut(cartReset);
    store.getState().onLoggedOut(chatReset);
    store.getState().loggedOut();
    expect(store.getState().user).toBeNull();
    expect(cartReset).toHaveBeenCalledTimes(1);
    expect(chatReset).toHaveBeenCalledTimes(1);
    stop();
    store.getState().loggedOut();
    expect(cartReset).toHaveBeenCalledTimes(1);
    expect(chatReset).toHaveBeenCalledTimes(2);
  });

  it('never keeps a negative favourite count', () => {
    const store = createAuthStore(user);
    store.getState().setWishlistCount(-1);
    expect(store.getState().wishlistCount).toBe(0);
  });

  it('each store is separate (one per request on the server)', () => {
    const a = createAuthStore(user);
    const b = createAuthStore();
    a.getState().setWishlistCount(5);
    expect(b.getState().wishlistCount).toBe(0);
    expect(b.getState().user).toBeNull();
  });
});
