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
  images: { web_logo: '/uploads/demo/logo.svg', web_footer_logo: null, app_logo: null, footer_qr: null },
};

const menus = [
  { id: 1, name: 'Home', url: '/', is_external: false, target: '_self', is_active: true },
  { id: 2, name: 'Blog', url: '/blogs', is_external: false, target: '_self', is_active: true },
];
const currencies = [
  { id: 1, code: 'IDR', name: 'Rupiah', symbol: 'Rp', rate: 1, is_default: true, is_active: true },
  { id: 2, code: 'USD', name: 'US dollar', symbol: '$', rate: 0.000063, is_default: false, is_active: true },
];
const languages = [
  { id: 1, name: 'en', title: 'English', direction: 'ltr', is_default: true, is_active: true },
  { id: 2, name: 'ar', title: 'العربية', direction: 'rtl', is_default: false, is_active: true },
];
const footers = [
  {
    id: 1,
    title: 'Help',
    is_active: true,
    items: [{ id: 11, type: 'link', title: 'Returns', translations: {}, url: '/return-policy', target: '_self' }],
  },
];
const lists: Record<string, unknown[]> = { menus, footers, currencies, languages, 'social-links': [] };
const gateways = [
  {
    name: 'stripe',
    title: 'Stripe',
    mode: 'test',
    is_active: true,
    keys_set: { publishable_key: true, secret_key: true, webhook_secret: false },
  },
];

function renderPage() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'POST' || init?.method === 'DELETE') {
      const file = init.body instanceof FormData ? (init.body.get('image') as File | null) : null;
      sent.push({ url: `${init.method} ${url.pathname}`, body: { file: file?.name ?? null } });
      return json(200, { message: 'Settings saved.', data: { settings } });
    }
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push({ url: url.pathname, body });
      const list = lists[url.pathname.replace('/api/operator/settings/', '')];
      if (list) return json(200, { message: 'Settings saved.', data: { items: list } });
      if (url.pathname.includes('/payment-gateways/'))
        return json(200, { message: 'Settings saved.', data: { payment_gateways: gateways } });
      return json(200, { message: 'Settings saved.', data: { settings } });
    }
    if (url.pathname === '/api/operator/settings') return json(200, { message: 'ok', data: { settings } });
    const list = lists[url.pathname.replace('/api/operator/settings/', '')];
    if (list) return json(200, { message: 'ok', data: { items: list } });
    if (url.pathname === '/api/operator/settings/payment-gateways')
      return json(200, { message: 'ok', data: { payment_gateways: gateways } });
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

  it('reorders the menu with buttons, checks a link, and sends the whole list in its order', async () => {
    const sent = renderPage();
    const menu = await screen.findByRole('region', { name: 'Menu' });
    await within(menu).findByDisplayValue('Blog');
    fireEvent.click(within(menu).getByRole('button', { name: 'Move Blog up' }));
    expect(within(menu).getByRole('button', { name: 'Move Blog up' })).toHaveProperty('disabled', true);
    fireEvent.click(within(menu).getByRole('button', { name: 'Add a menu item' }));
    const names = within(menu).getAllByLabelText('Name');
    const links = within(menu).getAllByLabelText('Link');
    fireEvent.change(names[2]!, { target: { value: 'Help' } });
    fireEvent.change(links[2]!, { target: { value: 'help' } });
    fireEvent.click(within(menu).getByRole('button', { name: 'Save Menu' }));
    expect(await within(menu).findByText('An internal link must be a path of this site starting with /.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(menu).getAllByLabelText('Another site')[2]!);
    fireEvent.change(links[2]!, { target: { value: 'https://help.example.com' } });
    fireEvent.click(within(menu).getAllByLabelText('Opens in a new tab')[2]!);
    fireEvent.click(within(menu).getByRole('button', { name: 'Remove Home' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Save Menu' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/operator/settings/menus',
      body: {
        items: [
          { name: 'Blog', url: '/blogs', is_external: false, target: '_self', is_active: true },
          { name: 'Help', url: 'https://help.example.com', is_external: true, target: '_blank', is_active: true },
        ],
      },
    });
  });

  it('never holds a stored payment key: an empty field keeps it, a ticked box removes it, a typed one replaces it', async () => {
    const sent = renderPage();
    const stripe = await screen.findByRole('region', { name: 'Payment: Stripe' });
    for (const field of within(stripe).getAllByLabelText(/key|secret/i, { selector: 'input[type=password]' }))
      expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(within(stripe).getByLabelText('Webhook signing secret'), { target: { value: ' whsec_1 ' } });
    fireEvent.click(within(stripe).getByLabelText('Remove the stored key (Publishable key)'));
    fireEvent.change(within(stripe).getByLabelText('Mode'), { target: { value: 'live' } });
    fireEvent.click(within(stripe).getByRole('button', { name: 'Save Payment: Stripe' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/operator/settings/payment-gateways/stripe',
      body: {
        title: 'Stripe',
        mode: 'live',
        is_active: true,
        keys: { publishable_key: '', secret_key: null, webhook_secret: 'whsec_1' },
      },
    });
  });

  it('moves the default currency with its radio button and asks for its rate to be 1 before sending', async () => {
    const sent = renderPage();
    const section = await screen.findByRole('region', { name: 'Currencies' });
    await within(section).findByDisplayValue('USD');
    fireEvent.click(within(section).getAllByLabelText('Default')[1]!);
    fireEvent.click(within(section).getByRole('button', { name: 'Save Currencies' }));
    expect(await within(section).findByText('The default currency’s rate is 1.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(section).getAllByLabelText('Rate')[1]!, { target: { value: '1' } });
    fireEvent.change(within(section).getAllByLabelText('Rate')[0]!, { target: { value: '15800' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save Currencies' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      items: [
        { code: 'IDR', name: 'Rupiah', symbol: 'Rp', rate: 15800, is_default: false, is_active: true },
        { code: 'USD', name: 'US dollar', symbol: '$', rate: 1, is_default: true, is_active: true },
      ],
    });
  });

  it('keeps the languages a fixed list: they move and change direction, none is added or removed', async () => {
    const sent = renderPage();
    const section = await screen.findByRole('region', { name: 'Languages' });
    await within(section).findByDisplayValue('English');
    expect(within(section).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Add/ })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Move العربية up' }));
    fireEvent.change(within(section).getAllByLabelText('Writing direction')[1]!, { target: { value: 'rtl' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save Languages' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/operator/settings/languages',
      body: {
        items: [
          { name: 'ar', title: 'العربية', direction: 'rtl', is_default: false, is_active: true },
          { name: 'en', title: 'English', direction: 'rtl', is_default: true, is_active: true },
        ],
      },
    });
  });

  it('edits the footer: an item turned into a text gets its words in each language; a column is added', async () => {
    const sent = renderPage();
    const section = await screen.findByRole('region', { name: 'Footer' });
    await within(section).findByDisplayValue('Returns');
    fireEvent.click(within(section).getByRole('button', { name: 'Add an item' }));
    const kinds = within(section).getAllByLabelText('Kind');
    fireEvent.change(kinds[1]!, { target: { value: 'text' } });
    fireEvent.change(within(section).getByLabelText('Text (English)'), { target: { value: 'Open daily' } });
    fireEvent.change(within(section).getByLabelText('Text (Bahasa Indonesia)'), {
      target: { value: 'Buka setiap hari' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Add a column' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save Footer' }));
    expect(await within(section).findByText('The column title field is required.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(section).getAllByLabelText('Column title')[1]!, { target: { value: 'Follow' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save Footer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/operator/settings/footers',
      body: {
        items: [
          {
            title: 'Help',
            is_active: true,
            items: [
              { type: 'link', title: 'Returns', translations: {}, url: '/return-policy', target: '_self' },
              {
                type: 'text',
                title: 'Open daily',
                translations: { id: 'Buka setiap hari', ar: '' },
                url: '/',
                target: '_self',
              },
            ],
          },
          { title: 'Follow', is_active: true, items: [] },
        ],
      },
    });
  });

  it('uploads a picture of the settings as multipart; the header’s logo has no Remove button', async () => {
    const sent = renderPage();
    const section = await screen.findByRole('region', { name: 'Logos and QR code' });
    expect(within(section).queryByRole('button', { name: 'Remove Header logo' })).toBeNull();
    const qr = within(section).getByRole('group', { name: 'QR code of the app' });
    const input = qr.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(await within(qr).findByRole('button', { name: 'Save QR code of the app' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: 'POST /api/operator/settings/images/footer_qr', body: { file: 'qr.png' } });
  });
});
