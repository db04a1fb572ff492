// @vitest-environment happy-dom
import type { OperatorSettings } from '@shop/contracts/operator-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StepUpProvider } from '../../../entities/security/components/step-up';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { SettingsPage } from './settings-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const provider = { is_active: false, client_id: null, redirect_url: null, client_secret_set: false };
const settings: OperatorSettings = {
  general: {
    app_name: 'Pasar',
    tagline: 'All local',
    mobile: '021',
    email: 'hi@pasar.id',
    address: 'Jakarta',
    currency_position: 'prefix',
    multi_vendor: true,
    show_download_app: false,
    google_playstore_link: null,
    app_store_link: null,
    web_show_footer: true,
    web_footer_text: null,
    web_footer_description: null,
    time_zone: 'Asia/Jakarta',
  },
  theme: null,
  verify: {
    register_otp_verify: false,
    register_otp_type: 'email',
    forgot_otp_type: 'email',
    phone_required: true,
    phone_min_length: 9,
    phone_max_length: 13,
    order_place_account_verify: false,
  },
  commerce: {
    cash_on_delivery: true,
    online_payment: true,
    return_order_within_days: 3,
    commission_rate: 10,
    new_products_need_approval: false,
  },
  social: { google: { ...provider, client_secret_set: true }, facebook: provider, apple: provider },
};

function renderPage() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push({ url: url.pathname, body });
      return json(200, { message: 'Settings saved.', data: { settings } });
    }
    if (url.pathname === '/api/operator/settings') return json(200, { message: 'ok', data: { settings } });
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/settings', element: <SettingsPage /> }], {
    initialEntries: ['/operator/settings'],
  });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <StepUpProvider>
            <RouterProvider router={router} />
          </StepUpProvider>
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return sent;
}

describe('the operator’s settings', () => {
  it('previews a new theme colour before saving, then saves the whole palette', async () => {
    const sent = renderPage();
    const theme = await screen.findByRole('region', { name: 'Theme colours' });
    fireEvent.input(within(theme).getByLabelText('Primary'), { target: { value: '#b91c1c' } });
    await waitFor(() =>
      expect((within(theme).getByRole('figure') as HTMLElement).style.getPropertyValue('--color-primary')).toBe(
        '#b91c1c',
      ),
    );
    fireEvent.click(within(theme).getByRole('button', { name: 'Save Theme colours' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/operator/settings/theme');
    expect(sent[0]?.body).toMatchObject({ primary: '#b91c1c', primary50: '#ecfdf7', primary950: '#022c25' });
  });

  it('checks a form before sending it, and keeps a social secret unless one is typed', async () => {
    const sent = renderPage();
    const general = await screen.findByRole('region', { name: 'General' });
    fireEvent.change(within(general).getByLabelText('App name'), { target: { value: ' ' } });
    fireEvent.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(await within(general).findByText('The app name field is required.')).toBeTruthy();
    expect(sent).toEqual([]);

    const social = screen.getByRole('region', { name: 'Social sign-in' });
    fireEvent.click(within(social).getByRole('button', { name: 'Save Social sign-in' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      google: { is_active: false, client_id: '', redirect_url: '', client_secret: null },
      facebook: { is_active: false, client_id: '', redirect_url: '', client_secret: null },
      apple: { is_active: false, client_id: '', redirect_url: '', client_secret: null },
    });
  });
});
