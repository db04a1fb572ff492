// @vitest-environment happy-dom
import type { OperatorWithdrawal } from '@shop/contracts/operator-back-office';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StepUpProvider } from '../../../entities/security/components/step-up';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { WithdrawalsPage } from './withdrawals-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pending: OperatorWithdrawal = {
  id: 7,
  amount: 25_000,
  status: 'pending',
  bank_name: 'BCA',
  bank_account_number: '1234567890',
  account_holder: 'Budi',
  note: null,
  created_at: '2026-11-24T10:00:00.000Z',
  decided_at: null,
  reference: null,
  shop: { id: 11, name: 'Toko Satu' },
};

describe('paying a withdrawal', () => {
  it('asks for a fresh two-step code when the server wants one, then pays', async () => {
    let fresh = false;
    const sent: { url: string; body: unknown }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push({ url: url.pathname, body });
        if (url.pathname === '/api/two-step/verify') {
          fresh = true;
          return json(200, { message: 'Code accepted.', data: { verified_at: '2026-11-24T10:20:00.000Z' } });
        }
        if (!fresh) {
          return json(403, {
            message: 'Enter a code from your authenticator app to continue.',
            code: 'TWO_STEP_REQUIRED',
          });
        }
        return json(200, {
          message: 'Withdrawal paid.',
          data: { withdrawal: { ...pending, status: 'paid', reference: body.reference } },
        });
      }
      if (url.pathname === '/api/operator/withdrawals') {
        return json(200, { message: 'ok', data: { total: 1, withdrawals: [pending] } });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    };
    const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/operator/withdrawals', element: <WithdrawalsPage /> }], {
      initialEntries: ['/operator/withdrawals'],
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

    // The table and its phone cards each have the button.
    fireEvent.click((await screen.findAllByRole('button', { name: /^Pay .+ to Toko Satu$/ }))[0] as HTMLElement);
    const payDialog = await screen.findByRole('dialog', { name: 'Pay the withdrawal' });
    fireEvent.change(within(payDialog).getByLabelText('Transfer reference'), { target: { value: 'TRF-1' } });
    fireEvent.click(within(payDialog).getByRole('button', { name: 'Mark paid' }));

    const ask = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(ask).getByLabelText('Code from your authenticator app'), { target: { value: '123456' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { url: '/api/operator/withdrawals/7/pay', body: { reference: 'TRF-1' } },
      { url: '/api/two-step/verify', body: { code: '123456' } },
      { url: '/api/operator/withdrawals/7/pay', body: { reference: 'TRF-1' } },
    ]);
  });
});
