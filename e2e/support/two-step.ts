import type { Locator, Page } from '@playwright/test';
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
 * After an action that may ask for a fresh code (a payout, a change of security settings): when
 * the step-up dialog opens (the demo operator's last code is older than ten minutes, which a long
 * run reaches), gives it the app's code; otherwise waits until `done` is hidden.
 */
export async function answerStepUpIfAsked(page: Page, done: Locator): Promise<void> {
  const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
  const asked = await Promise.race([
    ask.waitFor({ state: 'visible' }).then(() => true),
    done.waitFor({ state: 'hidden' }).then(() => false),
  ]);
  if (!asked) return;
  await ask.getByLabel('Code from your authenticator app').fill(totpCode(demoOperatorKeys().secret));
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await done.waitFor({ state: 'hidden' });
}
