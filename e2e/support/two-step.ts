import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `secret` (base32, spaces allowed) at `at` (ms). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** One step of the authenticator app (30 s). */
export const TOTP_STEP_MS = 30_000;

/** An operator for the two-step spec only, made by `npm run create-operator` before the server starts. */
export const TWO_STEP_OPERATOR = { email: 'ops-two-step@example.com', password: 'two-step-secret-1' } as const;

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

export interface OperatorKeys {
  /** The session cookie (name=value) of the set-up, which gave a code. */
  cookie: string;
  secret: string;
  recoveryCodes: string[];
}

/**
 * The demo operator must set two-step sign-in up before the operator's screen opens; the run does
 * it once through the API (global-setup.ts) and hands the specs its session and recovery codes.
 */
export async function setUpDemoOperator(baseUrl: string, email: string, password: string): Promise<OperatorKeys> {
  const post = async (path: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...XHR, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const login = await post('/api/operator/login', { phone: email, password });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('session=')) throw new Error('the operator sign-in set no session cookie');
  const setup = (await (await post('/api/two-step/setup', {}, cookie)).json()) as { data: { secret: string } };
  const enabled = (await (
    await post('/api/two-step/enable', { code: totpCode(setup.data.secret) }, cookie)
  ).json()) as {
    data: { recovery_codes: string[] };
  };
  return { cookie, secret: setup.data.secret, recoveryCodes: enabled.data.recovery_codes };
}

/** The demo operator's keys, as global-setup.ts left them in the environment. */
export function demoOperatorKeys(): OperatorKeys {
  const raw = process.env.E2E_OPERATOR_KEYS;
  if (!raw) throw new Error('E2E_OPERATOR_KEYS is not set (global-setup.ts sets it)');
  return JSON.parse(raw) as OperatorKeys;
}

/**
 * Does `act` (a click that sends a call to a path matching `path`) and answers the step-up dialog
 * when the server asks for a fresh code (403 TWO_STEP_REQUIRED: the demo operator's last code is
 * older than ten minutes, which a long run reaches). Watches the calls, not the page: a dialog
 * behind the step-up is inert and would look hidden. The specs share the demo operator and run at
 * once, and a code is taken once (the server refuses it again in the same 30 s step): when
 * another spec took this step's code, it waits for the app's next one. Ends once the call, sent
 * again, succeeded.
 */
export async function withStepUp(page: Page, path: RegExp, act: () => Promise<unknown>): Promise<void> {
  const sent = () =>
    page.waitForResponse((r) => r.request().method() !== 'GET' && path.test(new URL(r.url()).pathname));
  const first = sent();
  await act();
  const answer = await first;
  if (answer.ok()) return;
  const failure = (await answer.json().catch(() => null)) as { code?: string } | null;
  if (answer.status() !== 403 || failure?.code !== 'TWO_STEP_REQUIRED') {
    throw new Error(`${answer.url()} answered ${answer.status()}: ${JSON.stringify(failure)}`);
  }
  const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
  await ask.getByLabel('Code from your authenticator app').waitFor({ state: 'visible' });
  for (let attempt = 0; attempt < 3; attempt++) {
    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/two-step/verify');
    const again = sent();
    await ask.getByLabel('Code from your authenticator app').fill(totpCode(demoOperatorKeys().secret));
    await ask.getByRole('button', { name: 'Confirm' }).click();
    if ((await verified).ok()) {
      const retried = await again;
      if (!retried.ok()) throw new Error(`${retried.url()} answered ${retried.status()} after the step-up`);
      return;
    }
    again.catch(() => undefined);
    await page.waitForTimeout(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 500);
  }
  throw new Error('the step-up refused three codes of the app in a row');
}
