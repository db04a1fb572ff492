// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { calls, demoUser, json, renderWithAuth } from './auth-test-support';
import { LogoutDialog } from './logout-dialog';
import { SessionSync } from './session-sync';

const toastSuccess = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: (...a: unknown[]) => toastSuccess(...a), error: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  toastSuccess.mockReset();
});

function accountApi(logoutStatus = 200) {
  return vi.fn<typeof fetch>(async (url) => {
    const path = new URL(String(url)).pathname;
    if (path === '/api/logout')
      return json(logoutStatus, { message: logoutStatus === 200 ? 'Logged out' : 'Server down' });
    if (path === '/api/update-last-seen')
      return json(200, { message: 'ok', data: { last_online_at: '2026-01-01T00:10:00Z' } });
    if (path === '/api/addresses') return json(200, { message: 'ok', data: { total: 1, addresses: [address] } });
    if (path === '/favorite-products') return json(200, { message: 'ok', data: { total: 4, products: [] } });
    return json(404, { message: 'nope', code: 'NOT_FOUND' });
  });
}

const address = {
  id: 3,
  name: 'Home',
  phone: '81234567890',
  address_type: 'home',
  area: null,
  flat_no: null,
  address_line: 'Jl. Merdeka 1',
  address_line2: null,
  post_code: null,
  is_default: true,
  latitude: null,
  longitude: null,
};

describe('LogoutDialog', () => {
  for (const status of [200, 500]) {
    it(`Yes clears the session and runs the logout resets even when the call answers ${status}`, async () => {
      const fetchImpl = accountApi(status);
      const view = renderWithAuth(<LogoutDialog />, { fetchImpl, user: demoUser });
      const cartReset = vi.fn();
      act(() => {
        view.store.getState().setWishlistCount(2);
        view.store.getState().setAddresses([{ id: 1, is_default: true }]);
        view.store.getState().onLoggedOut(cartReset);
        view.store.getState().openDialog('logout');
      });
      expect(await screen.findByText('Logout Confirmation')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(view.store.getState().user).toBeNull());
      const state = view.store.getState();
      expect(state.addresses).toEqual([]);
      expect(state.wishlistCount).toBe(0);
      expect(state.dialog).toBeNull();
      expect(cartReset).toHaveBeenCalledTimes(1);
      expect(calls(fetchImpl)).toContainEqual({ path: '/api/logout', method: 'POST', body: undefined });
      expect(toastSuccess).toHaveBeenCalledWith(expect.anything(), { autoClose: 3000 });
    });
  }

  it('Cancel keeps the session', async () => {
    const fetchImpl = accountApi();
    const view = renderWithAuth(<LogoutDialog />, { fetchImpl, user: demoUser });
    act(() => view.store.getState().openDialog('logout'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(view.store.getState().dialog).toBeNull();
    expect(view.store.getState().user).toEqual(demoUser);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('SessionSync', () => {
  it('a signed-in user: pings last-seen at once and every 10 minutes, loads addresses and the favourite count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchImpl = accountApi();
    const view = renderWithAuth(<SessionSync />, { fetchImpl, user: demoUser });
    await waitFor(() => expect(view.store.getState().wishlistCount).toBe(4));
    expect(view.store.getState().addresses.map((a) => a.id)).toEqual([3]);
    const pings = () => calls(fetchImpl).filter((c) => c.path === '/api/update-last-seen').length;
    expect(pings()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    });
    expect(pings()).toBe(2);
    // Logging out stops the ping.
    act(() => view.store.getState().loggedOut());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    });
    expect(pings()).toBe(2);
  });

  it('a visitor: no calls at all', async () => {
    const fetchImpl = accountApi();
    renderWithAuth(<SessionSync />, { fetchImpl });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('a login starts the ping (each token appearance)', async () => {
    const fetchImpl = accountApi();
    const view = renderWithAuth(<SessionSync />, { fetchImpl });
    act(() => view.store.getState().setUser(demoUser));
    await waitFor(() => expect(calls(fetchImpl).some((c) => c.path === '/api/update-last-seen')).toBe(true));
  });

  it('a 401 from any query clears user, addresses and favourite count', async () => {
    const fetchImpl = accountApi();
    function Orders() {
      useQuery({
        queryKey: ['orders'],
        queryFn: async () => {
          throw new ApiError(401, 'Unauthenticated.', 'UNAUTHORIZED');
        },
      });
      return null;
    }
    const view = renderWithAuth(
      <>
        <SessionSync />
        <Orders />
      </>,
      { fetchImpl, user: demoUser },
    );
    await waitFor(() => expect(view.store.getState().user).toBeNull());
    expect(view.store.getState().wishlistCount).toBe(0);
    expect(view.store.getState().addresses).toEqual([]);
  });
});
