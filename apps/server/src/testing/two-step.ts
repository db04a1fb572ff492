import { authReplySchema } from '@shop/contracts/auth';
import { CSRF_HEADER_VALUE, SESSION_COOKIE } from '@shop/contracts/constants';
import { loginReplySchema, recoveryCodesReplySchema, twoStepSetupReplySchema } from '@shop/contracts/two-step';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../deps';
import type { Clock } from '../lib/clock';
import { type SignedIn, testIp } from './auth';

/** What a test needs of its app to sign in with codes: the app and the clock the server reads. */
export interface TwoStepTestApp {
  app: App;
  clock: Clock;
}

/** The code an authenticator app shows for `secret` (base32, spaces allowed) at `at`. */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

export function sessionOf(token: string): Pick<SignedIn, 'token' | 'cookieHeaders' | 'bearerHeaders'> {
  return {
    token,
    cookieHeaders: { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': CSRF_HEADER_VALUE },
    bearerHeaders: { authorization: `Bearer ${token}` },
  };
}

export interface TwoStepKeys {
  secret: string;
  recoveryCodes: string[];
}

/** Turns two-step sign-in on for a signed-in seller or operator through the API. */
export async function setUpTwoStep(ctx: TwoStepTestApp, headers: Record<string, string>): Promise<TwoStepKeys> {
  const setup = await ctx.app.inject({ method: 'POST', url: '/api/two-step/setup', headers });
  if (setup.statusCode !== 200) throw new Error(`two-step set-up: ${setup.statusCode} ${setup.body}`);
  const { secret } = twoStepSetupReplySchema.parse(setup.json()).data;
  const enabled = await ctx.app.inject({
    method: 'POST',
    url: '/api/two-step/enable',
    headers,
    payload: { code: totpCode(secret, ctx.clock.now()) },
  });
  if (enabled.statusCode !== 200) throw new Error(`two-step enable: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: recoveryCodesReplySchema.parse(enabled.json()).data.recovery_codes };
}

/**
 * The keys of the accounts this test process set two-step sign-in up for, per app: a later
 * sign-in of the same account uses one of its recovery codes (the time-based code of this step
 * was used already, and the test clock stands still).
 */
const keysByApp = new WeakMap<App, Map<string, TwoStepKeys>>();

/** The keys kept from the set-up of `login` by signInWithTwoStep in this app (for a step-up's code). */
export function twoStepKeysOf(ctx: TwoStepTestApp, login: string): TwoStepKeys {
  const keys = keysByApp.get(ctx.app)?.get(login);
  if (!keys) throw new Error(`${login} was not set up by signInWithTwoStep in this app`);
  return keys;
}

/**
 * Signs in at `url` (the Seller Centre's or the operator's door) with the password and, when the
 * account has two-step sign-in, a recovery code kept from its set-up; an operator without it gets
 * it set up first, as the operator's screen requires.
 */
export async function signInWithTwoStep(
  ctx: TwoStepTestApp,
  url: string,
  login: string,
  password: string,
): Promise<SignedIn> {
  const keys = keysByApp.get(ctx.app) ?? new Map<string, TwoStepKeys>();
  keysByApp.set(ctx.app, keys);
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: { phone: login, password },
    remoteAddress: testIp(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${login} failed: ${res.statusCode} ${res.body}`);
  const data = loginReplySchema.parse(res.json()).data;
  if ('two_step' in data) {
    const known = keys.get(login);
    const code = known?.recoveryCodes.shift();
    if (!code) throw new Error(`${login} has two-step sign-in set up outside this test helper`);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/two-step',
      payload: { token: data.two_step.token, code },
      remoteAddress: testIp(),
    });
    if (done.statusCode !== 200) throw new Error(`code step of ${login}: ${done.statusCode} ${done.body}`);
    const signed = authReplySchema.parse(done.json()).data;
    return { ...signed, ...sessionOf(signed.access.token) };
  }
  const signed: SignedIn = { ...data, ...sessionOf(data.access.token) };
  if (url === '/api/operator/login') keys.set(login, await setUpTwoStep(ctx, signed.bearerHeaders));
  return signed;
}
