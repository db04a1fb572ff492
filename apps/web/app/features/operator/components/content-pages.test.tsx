// @vitest-environment happy-dom
import type { ContactMessage, OperatorBanner } from '@shop/contracts/operator-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { BannersPage, bannerBody, bannerFormSchema, bannerFormValues } from './banners-page';
import { refineTexts, textsBody, textsFormValues, textsServerErrors } from './content-texts';
import { MessagesPage } from './messages-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const unread: ContactMessage = {
  id: 5,
  name: 'Sari',
  email: 'sari@test.example',
  phone: null,
  subject: 'Where is my parcel?',
  message: 'It was due on Monday.\nStill nothing.',
  created_at: '2026-11-20T10:00:00.000Z',
  read_at: null,
  handled_at: null,
};
const banner: OperatorBanner = {
  id: 9,
  title: 'Payday sale',
  url: '/shops',
  image: { id: 3, url: '/uploads/content/a.webp' },
  position: 1,
  is_active: true,
  starts_at: '2026-12-01T03:00:00.000Z',
  ends_at: null,
  state: 'scheduled',
  created_at: '2026-11-20T10:00:00.000Z',
};

function renderAt(path: string, element: ReactNode, reply: (url: URL, init?: RequestInit) => Response) {
  const asked: string[] = [];
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method && init.method !== 'GET') {
      sent.push({ method: init.method, url: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
    } else asked.push(`${url.pathname}${url.search}`);
    return reply(url, init);
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: path.split('?')[0] as string, element }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { asked, sent, router };
}

describe('the operator’s contact messages', () => {
  it('lists with the URL’s filters, opens a message (which reads it) and marks it handled', async () => {
    const { asked, sent } = renderAt('/operator/messages?status=open&q=parcel', <MessagesPage />, (_url, init) =>
      init?.method === 'POST'
        ? json(200, { message: 'Marked as handled.', data: { contact_message: unread } })
        : json(200, { message: 'ok', data: { total: 1, unread: 1, messages: [unread] } }),
    );
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    await within(table).findByText('Where is my parcel?');
    expect(asked[0]).toContain('status=open');
    expect(asked[0]).toContain('q=parcel');
    expect(screen.getByText(/^1 unread\./)).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Open Where is my parcel?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Where is my parcel?' });
    expect(within(dialog).getByText(/Still nothing\./)).toBeTruthy();
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: '/api/operator/contact-messages/5/read',
        body: { read: true },
      }),
    );
    const handled = within(dialog).getByRole('button', { name: 'Mark as handled' });
    await waitFor(() => expect((handled as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(handled);
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: '/api/operator/contact-messages/5/handled',
        body: { handled: true },
      }),
    );
  });

  it('shows the empty and the error states', async () => {
    renderAt('/operator/messages', <MessagesPage />, () =>
      json(200, { message: 'ok', data: { total: 0, unread: 0, messages: [] } }),
    );
    // Nothing asked for: none has come yet; with a search, none matches.
    expect(await screen.findByText('No message yet.')).toBeTruthy();
    cleanup();
    renderAt('/operator/messages?q=refund', <MessagesPage />, () =>
      json(200, { message: 'ok', data: { total: 0, unread: 0, messages: [] } }),
    );
    expect(await screen.findByText('No message matches.')).toBeTruthy();
    cleanup();
    renderAt('/operator/messages', <MessagesPage />, () => json(500, { message: 'Server Error', code: 'SERVER' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the operator’s banners and ads', () => {
  it('reads the ads when the URL says so and sends an edited banner back with its window', async () => {
    const { asked, sent } = renderAt('/operator/banners?placement=ads', <BannersPage />, (url, init) =>
      init?.method === 'PUT'
        ? json(200, { message: 'Ad saved.', data: { item: banner } })
        : json(200, { message: 'ok', data: { total: 1, items: [{ ...banner, title: url.pathname }] } }),
    );
    const table = await screen.findByRole('table', { name: 'Ads' });
    expect(asked[0]?.startsWith('/api/operator/ads?')).toBe(true);
    expect(asked[0]).not.toContain('placement');
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit /api/operator/ads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the ad' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Payday ad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[0]?.url).toBe('/api/operator/ads/9'));
    expect(sent[0]?.body).toMatchObject({
      title: 'Payday ad',
      media_id: 3,
      url: '/shops',
      starts_at: expect.any(String),
      ends_at: null,
    });
  });

  it('checks the form as the server does: a link on this site or https, an end after the start, a picture', () => {
    const values = bannerFormValues(null, 'Asia/Jakarta');
    const check = (change: object) => bannerFormSchema.safeParse({ ...values, title: 'X', media_id: 3, ...change });
    expect(check({}).success).toBe(true);
    expect(check({ media_id: 0 }).success).toBe(false);
    expect(check({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(check({ url: '//evil.example' }).success).toBe(false);
    expect(check({ url: 'https://example.com/a' }).success).toBe(true);
    expect(check({ starts_at: '2026-12-02T10:00', ends_at: '2026-12-01T10:00' }).success).toBe(false);
    const body = bannerBody({ ...values, title: ' X ', media_id: 3, url: ' ' }, 'Asia/Jakarta');
    expect(body).toMatchObject({ title: 'X', url: null, starts_at: null, ends_at: null, position: 0 });
  });
});

describe('a page’s or post’s texts in each language', () => {
  it('round-trips the translations, asks for a translated title, and names the server’s errors by field', () => {
    const values = textsFormValues({
      title: 'About',
      description: '<p>Hi</p>',
      translations: { ar: { title: 'حول', description: '<p>مرحبا</p>' } },
    });
    expect(values).toMatchObject({ title_ar: 'حول', description_ar: '<p>مرحبا</p>', title_id: '' });
    expect(textsBody(values).translations).toEqual({
      id: { title: '', description: '' },
      ar: { title: 'حول', description: '<p>مرحبا</p>' },
    });
    const issues: string[] = [];
    refineTexts({ ...values, description_id: '<p>Teks</p>' }, {
      addIssue: (issue: { path: string[] }) => issues.push(issue.path.join('.')),
    } as never);
    expect(issues).toEqual(['title_id']);
    const error = new ApiError(422, 'The given data was invalid.', undefined, {
      'translations.ar.title': ['Give the title'],
      slug: ['Taken'],
    });
    expect(textsServerErrors(error)).toEqual({ title_ar: 'Give the title', slug: 'Taken' });
  });
});
