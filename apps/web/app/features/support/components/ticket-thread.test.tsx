// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { TicketThread } from './ticket-thread';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '{{7*7}}'];

const message = (id: number, text: string, mine: boolean) => ({
  id,
  message: text,
  created_at: '2026-11-24T10:00:00.000Z',
  sender_id: mine ? 5 : 9,
  sender_name: mine ? 'Siti' : 'Support Agent',
  profile_photo: null,
  is_highlighted: false,
  is_mine: mine,
});

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    ticket_no: '1234567',
    order_number: '#RC000123',
    status: 'pending',
    subject: HOSTILE[0],
    issue_type: 'Delivery',
    created_at: '2026-11-24T10:00:00.000Z',
    message: HOSTILE[1],
    user_chat: false,
    email: 'siti@test.example',
    phone: null,
    can_reply: false,
    attachments: [
      { id: 3, name: 'invoice.pdf', mime: 'application/pdf', size: 100, url: '/api/support-ticket/attachments/3' },
    ],
    messages: HOSTILE.map((text, i) => message(i + 1, text, i !== 1)),
    ...overrides,
  };
}

function renderThread(fetchImpl: typeof fetch) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ApiProvider client={api}>
          <I18nextProvider i18n={createI18n('en', {})}>
            <TicketThread ticketNumber="1234567" />
          </I18nextProvider>
        </ApiProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('TicketThread', () => {
  it('shows the subject, the thread and the attachments as text (T9), without a reply box while chat is off', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(200, { message: 'Success', data: { support_ticket: ticket(), highlighted_messages: [] } }),
    );
    const { container } = renderThread(fetchImpl);
    expect(await screen.findByRole('heading', { name: 'Ticket #1234567' })).toBeTruthy();
    for (const text of HOSTILE) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.textContent).not.toContain('49');
    expect(screen.getByText('Support Agent')).toBeTruthy();
    const file = screen.getByRole('link', { name: 'invoice.pdf' });
    expect(file.getAttribute('href')).toBe('/api/support-ticket/attachments/3');
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.getByText('You can reply once the support team has opened the chat for this ticket.')).toBeTruthy();
    expect(String(fetchImpl.mock.calls[0]?.[0])).toContain('ticket_number=1234567');
  });

  it('says a closed ticket takes no more messages', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(200, {
        message: 'Success',
        data: { support_ticket: ticket({ status: 'completed', user_chat: true }), highlighted_messages: [] },
      }),
    );
    renderThread(fetchImpl);
    expect(await screen.findByText('This ticket is closed: no more messages can be sent.')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('sends a reply while the chat is open and shows the server’s 422 under the box', async () => {
    let replies = 0;
    const posted: unknown[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
      if (String(input).includes('/api/support-ticket-message')) {
        posted.push(JSON.parse(String(init?.body)));
        replies++;
        if (replies === 2) {
          return json(422, {
            message: 'This ticket is closed: no more messages can be sent.',
            code: 'CONFLICT',
          });
        }
        return json(200, { message: 'Message sent successfully', data: { messages: [] } });
      }
      return json(200, {
        message: 'Success',
        data: { support_ticket: ticket({ user_chat: true, can_reply: true }), highlighted_messages: [] },
      });
    });
    renderThread(fetchImpl);
    const box = await screen.findByLabelText('Your reply');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please write your message')).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.change(box, { target: { value: '  Thanks!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toEqual([{ ticket_number: '1234567', message: 'Thanks!' }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    fireEvent.change(box, { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This ticket is closed: no more messages can be sent.');
  });

  it('answers another user’s or an unknown ticket with "not found"', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(404, { message: 'Ticket not found.', code: 'NOT_FOUND' }));
    renderThread(fetchImpl);
    expect(await screen.findByText('Ticket not found.')).toBeTruthy();
  });
});
