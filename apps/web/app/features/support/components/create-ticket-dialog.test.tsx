// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { CreateTicketDialog } from './create-ticket-dialog';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ticket = {
  id: 7,
  ticket_no: '1234567',
  order_number: '#RC000123',
  status: 'pending',
  subject: 'Late',
  issue_type: 'Delivery',
  created_at: '2026-11-24T10:00:00.000Z',
  message: 'Where is it?',
  user_chat: false,
  email: 'siti@test.example',
  phone: null,
  can_reply: false,
  attachments: [],
  messages: [],
};

/** A fake server: issue types, the orders picker and the create call (whose FormData is kept). */
function server(createReply: () => Response) {
  const sent: FormData[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes('/api/ticket-issue-types')) {
      return json(200, { message: 'Success', data: { issue_types: [{ id: 3, name: 'Delivery' }] } });
    }
    if (url.includes('/api/orders')) {
      return json(200, {
        message: 'Success',
        data: {
          total: 1,
          status_wise_orders: Object.fromEntries(
            ['all', 'pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'].map((k) => [
              k,
              k === 'all' || k === 'delivered' ? 1 : 0,
            ]),
          ),
          orders: [
            {
              id: 12,
              order_code: '#RC000123',
              shop: { id: 1, name: 'Rumah Craft', slug: 'rumah-craft', logo: '/uploads/logo.png', rating: 4.5 },
              quantity: 1,
              amount: 50000,
              payment_method: 'cash',
              payment_method_title: 'Cash on delivery',
              payment_status: 'Paid',
              order_status: 'Delivered',
              created_at: '2026-11-20T10:00:00.000Z',
              products: [],
              has_digital: false,
            },
          ],
        },
      });
    }
    if (url.includes('/api/support-ticket')) {
      sent.push(init?.body as FormData);
      return createReply();
    }
    return json(404, { message: 'nope', code: 'NOT_FOUND' });
  });
  return { fetchImpl, sent };
}

function renderDialog(fetchImpl: typeof fetch) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <CreateTicketDialog open onClose={vi.fn()} defaultEmail="siti@test.example" onCreated={onCreated} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { onCreated };
}

describe('CreateTicketDialog', () => {
  it('checks the required fields and the files before calling the API', async () => {
    const { fetchImpl, sent } = server(() => json(500, {}));
    renderDialog(fetchImpl);
    await screen.findByRole('option', { name: 'Delivery' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Attachments (jpg, png, pdf; up to 2 MB each)'), {
      target: { files: [big] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select an issue type')).toBeTruthy();
    expect(screen.getByText('Please write your message')).toBeTruthy();
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Each attachment may not be greater than 2048 kilobytes.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends the form as multipart with the chosen order and files, and reports the new ticket', async () => {
    const { fetchImpl, sent } = server(() =>
      json(200, { message: 'Ticket created successfully', data: { support_ticket: ticket } }),
    );
    const { onCreated } = renderDialog(fetchImpl);
    await screen.findByRole('option', { name: 'Delivery' });
    await screen.findByRole('option', { name: '#RC000123' });
    fireEvent.change(screen.getByLabelText('Issue Type'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Order (optional)'), { target: { value: '#RC000123' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Late' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is it?' } });
    const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Attachments (jpg, png, pdf; up to 2 MB each)'), {
      target: { files: [proof] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('1234567', 'Ticket created successfully'));
    const form = sent[0];
    if (!form) throw new Error('nothing sent');
    expect(form.get('issue_type')).toBe('3');
    expect(form.get('order_number')).toBe('#RC000123');
    expect(form.get('email')).toBe('siti@test.example');
    expect((form.getAll('attachments[]')[0] as File).name).toBe('proof.png');
  });

  it('shows the server’s field errors under their fields', async () => {
    const { fetchImpl } = server(() =>
      json(422, {
        message: 'The selected order number is invalid.',
        errors: {
          order_number: ['The selected order number is invalid.'],
          attachments: ['Each attachment must be a file of type: jpg, jpeg, png, pdf.'],
        },
      }),
    );
    const { onCreated } = renderDialog(fetchImpl);
    await screen.findByRole('option', { name: 'Delivery' });
    fireEvent.change(screen.getByLabelText('Issue Type'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The selected order number is invalid.')).toBeTruthy();
    expect(screen.getByText('Each attachment must be a file of type: jpg, jpeg, png, pdf.')).toBeTruthy();
    expect(screen.getByLabelText('Order (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
