// @vitest-environment happy-dom
import type { TwoStepStatus } from '@shop/contracts/two-step';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { SignInCodeStep } from './sign-in-code-step';
import { StepUpProvider } from './step-up';
import { TwoStepSettings } from './two-step-settings';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (path: string, body: unknown) => Response | undefined;

function renderWith(ui: ReactNode, handler: Handler) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    return handler(path, body) ?? json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return calls;
}

const status: TwoStepStatus = {
  enabled: true,
  enabled_at: '2026-11-20T10:00:00.000Z',
  recovery_codes_left: 3,
  required: false,
  verified_at: '2026-11-20T10:00:00.000Z',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

describe('the step-up dialog', () => {
  it('asks for a fresh code when the server wants one, then sends the call again', async () => {
    let fresh = false;
    const calls = renderWith(
      <StepUpProvider>
        <TwoStepSettings />
      </StepUpProvider>,
      (path, body) => {
        if (path === '/api/two-step') return json(200, { message: 'ok', data: status });
        if (path === '/api/two-step/recovery-codes') {
          return fresh
            ? json(200, { message: 'New recovery codes made.', data: { recovery_codes: CODES } })
            : json(403, {
                message: 'Enter a code from your authenticator app to continue.',
                code: 'TWO_STEP_REQUIRED',
              });
        }
        if (path === '/api/two-step/verify') {
          if ((body as { code: string }).code !== '654321') {
            return json(422, { message: 'bad', errors: { code: ['The code is not valid.'] } });
          }
          fresh = true;
          return json(200, { message: 'Code accepted.', data: { verified_at: '2026-11-20T10:20:00.000Z' } });
        }
        return undefined;
      },
    );
    expect(await screen.findByText('3 recovery codes left.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    // Nothing typed: said at once, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the code.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is not valid.')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);

    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // The call goes again and the new codes are shown, once.
    expect(await screen.findByText('Your recovery codes')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(calls.filter((c) => c.path === '/api/two-step/recovery-codes')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('I have kept these codes somewhere safe'));
    expect(screen.getByRole('button', { name: 'Done' }).hasAttribute('disabled')).toBe(false);
  });

  it('gives the call up when the dialog is closed, sending it no second time', async () => {
    const calls = renderWith(
      <StepUpProvider>
        <TwoStepSettings />
      </StepUpProvider>,
      (path) => {
        if (path === '/api/two-step') return json(200, { message: 'ok', data: status });
        if (path === '/api/two-step/disable') {
          return json(403, {
            message: 'Enter a code from your authenticator app to continue.',
            code: 'TWO_STEP_REQUIRED',
          });
        }
        return undefined;
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/two-step/disable')).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/two-step/verify')).toBe(false);
  });
});

describe('the code step of a sign-in', () => {
  it('sends the token with the code, takes a recovery code instead, and starts over when the token expired', async () => {
    const onSignedIn = vi.fn();
    const onRestart = vi.fn();
    let answer = json(400, {
      message: 'This sign-in has expired. Please enter your password again.',
      code: 'BAD_REQUEST',
    });
    const calls = renderWith(
      <SignInCodeStep title="Operator" token="tok-1" onSignedIn={onSignedIn} onRestart={onRestart} />,
      (path) => (path === '/api/login/two-step' ? answer : undefined),
    );
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(document.activeElement).toBe(code);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery.getAttribute('autocomplete')).toBe('off');
    fireEvent.change(recovery, { target: { value: 'ABCDE-FGH01' } });
    answer = json(200, {
      message: 'Login successfully',
      data: {
        user: {
          id: 1,
          name: 'Ops',
          email: 'ops@example.com',
          phone: null,
          phone_code: null,
          country: null,
          profile_photo: null,
          email_verified: true,
          phone_verified: false,
        },
        access: { auth_type: 'Bearer', token: 't', expires_at: '2026-12-20T10:00:00.000Z' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls).toContainEqual({ path: '/api/login/two-step', body: { token: 'tok-1', code: 'ABCDE-FGH01' } });

    answer = json(400, { message: 'This sign-in has expired. Please enter your password again.', code: 'BAD_REQUEST' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Please enter your password again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Log in' }));
    expect(onRestart).toHaveBeenCalled();
  });
});
