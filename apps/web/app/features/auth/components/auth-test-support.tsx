import type { Master } from '@shop/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StoreApi } from 'zustand';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { AuthProvider, type AuthState, type AuthUser, useAuthStoreApi } from '../stores/auth-store';

/** Shared set-up of the auth dialogs' component tests (not shipped: only tests import it). */

export const demoUser: AuthUser = {
  id: 5,
  name: 'Demo Customer',
  email: 'customer@example.com',
  phone: '81234567890',
  phone_code: '+62',
  country: 'Indonesia',
  profile_photo: null,
  email_verified: true,
  phone_verified: true,
};

export function testMaster(overrides: Partial<Master> = {}): Master {
  const provider = { name: '', client_id: null, is_active: false, redirect_url: null };
  return {
    app_name: 'Shop',
    app_environment: 'production',
    register_otp_verify: false,
    register_otp_type: 'email',
    forgot_otp_type: 'email',
    phone_required: true,
    phone_min_length: 8,
    phone_max_length: 16,
    social_auths: { google: provider, facebook: provider, apple: provider },
    ...overrides,
  } as Master;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const countriesReply = {
  message: 'ok',
  data: {
    countries: [
      { id: 1, name: 'Indonesia', code: 'ID', phone_code: '+62' },
      { id: 2, name: 'Malaysia', code: 'MY', phone_code: '+60' },
    ],
  },
};

/** The path and JSON body of each call the fetch mock saw. */
export function calls(fetchImpl: { mock: { calls: unknown[][] } }) {
  return fetchImpl.mock.calls.map(([url, init]) => ({
    path: new URL(String(url)).pathname,
    method: (init as RequestInit | undefined)?.method ?? 'GET',
    body: (init as RequestInit | undefined)?.body ? JSON.parse(String((init as RequestInit).body)) : undefined,
  }));
}

export function renderWithAuth(
  ui: ReactNode,
  { fetchImpl, user = null }: { fetchImpl: typeof fetch; user?: AuthUser | null },
) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const i18n = createI18n('en', {});
  let store: StoreApi<AuthState> | undefined;
  function Capture() {
    store = useAuthStoreApi();
    return null;
  }
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <Capture />
          {ui}
        </>
      ),
    },
  ]);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={i18n}>
          <AuthProvider user={user}>
            <RouterProvider router={router} />
          </AuthProvider>
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  if (!store) throw new Error('the auth store was not captured');
  return { ...result, store, router, queryClient };
}
