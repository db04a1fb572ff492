import { authReplySchema } from '@shop/contracts/auth';
import { ErrorCode } from '@shop/contracts/errors';
import {
  loginReplySchema,
  recoveryCodesReplySchema,
  sessionsReplySchema,
  twoStepSetupReplySchema,
  twoStepStatusReplySchema,
} from '@shop/contracts/two-step';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { twoStepSecrets } from '../../db/schema/accounts';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { signIn, testIp } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase, type TestApp } from '../../testing/test-app';
import { sessionOf, setUpTwoStep, signInWithTwoStep, totpCode } from '../../testing/two-step';
import { createOperator, resetOperatorTwoStep } from '../operator/create-operator';
import { readCode, TWO_STEP_MAX_FAILURES } from './two-step.service';

const STEP_MS = 30_000;

type Ctx = TestApp;

async function post(ctx: Ctx, url: string, headers: Record<string, string>, payload?: object) {
  return ctx.app.inject({ method: 'POST', url, headers, remoteAddress: testIp(), ...(payload ? { payload } : {}) });
}

/** The password step at a door; the reply's data (a session or a token for the code step). */
async function passwordStep(ctx: Ctx, url: string, login: string, password = DEMO_PASSWORD) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: { phone: login, password },
    remoteAddress: testIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, data: loginReplySchema.parse(res.json()).data };
}

async function codeStep(ctx: Ctx, token: string, code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login/two-step',
    payload: { token, code },
    remoteAddress: testIp(),
  });
}

/** A challenge token from the password step of an account with two-step sign-in on. */
async function challenge(ctx: Ctx, url: string, login: string, password = DEMO_PASSWORD) {
  const { data, res } = await passwordStep(ctx, url, login, password);
  if (!('two_step' in data)) throw new Error('expected the code step');
  // No session for a password alone: no cookie, no token.
  expect(res.headers['set-cookie']).toBeUndefined();
  return data.two_step.token;
}

/** A seeded shop's seller with two-step sign-in on, signed in by the set-up session. */
async function sellerWithTwoStep(ctx: Ctx, index: number) {
  const shops = await seededShops(ctx.db, index + 1);
  const login = `${shops[index]!.slug}@example.com`;
  const session = await signInSeller(ctx.app, login);
  const keys = await setUpTwoStep(ctx, session.bearerHeaders);
  return { login, session, keys };
}

describeEachDatabase('two-step sign-in', (ctx) => {
  it('reads codes as typed: six digits, or a recovery code with dashes, spaces, capitals and look-alikes', () => {
    expect(readCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readCode('ABCDE-FGH0Z')).toEqual({ kind: 'recovery', code: 'abcdefgh0z' });
    expect(readCode('abcde fghoz')).toEqual({ kind: 'recovery', code: 'abcdefgh0z' });
    expect(readCode('12345')).toBeNull();
    expect(readCode('abcdefghuz')).toBeNull();
    expect(readCode(undefined)).toBeNull();
  });

  it('sets up with a secret shown once and kept encrypted; the first code turns it on with ten recovery codes', async () => {
    const [, shop] = await seededShops(ctx.db, 2);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const other = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const status = async () =>
      twoStepStatusReplySchema.parse(
        (await ctx.app.inject({ url: '/api/two-step', headers: seller.bearerHeaders })).json(),
      ).data;
    expect(await status()).toMatchObject({ enabled: false, required: false, recovery_codes_left: 0 });

    const setup = await post(ctx, '/api/two-step/setup', seller.cookieHeaders);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url, qr_code } = twoStepSetupReplySchema.parse(setup.json()).data;
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(otpauth_url).toContain(`secret=${secret.replace(/ /g, '')}`);
    expect(otpauth_url).toContain(encodeURIComponent(`${shop!.slug}@example.com`));
    expect(Buffer.from(qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    const [row] = await ctx.db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, seller.user.id));
    expect(row?.secret).toMatch(/^v1\.db\./);
    expect(row?.secret).not.toContain(secret.replace(/ /g, ''));

    // A wrong code, a code of another time, and letters: refused, still off.
    const wrong = await post(ctx, '/api/two-step/enable', seller.bearerHeaders, {
      code: totpCode(secret, new Date(ctx.clock.now().getTime() - 5 * STEP_MS)),
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().errors.code).toEqual(['The code is not valid. Try the newest code of your authenticator app.']);
    expect((await post(ctx, '/api/two-step/enable', seller.bearerHeaders, { code: 'abc' })).statusCode).toBe(422);
    expect((await status()).enabled).toBe(false);

    const enabled = await post(ctx, '/api/two-step/enable', seller.bearerHeaders, {
      code: totpCode(secret, ctx.clock.now()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = recoveryCodesReplySchema.parse(enabled.json()).data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(await status()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await status()).verified_at).toBe(ctx.clock.now().toISOString());
    // The session opened by password alone elsewhere has ended; the set-up's own goes on.
    expect((await ctx.app.inject({ url: '/api/two-step', headers: other.bearerHeaders })).statusCode).toBe(401);
    // No second set-up over a working one, and the secret is never sent again.
    expect((await post(ctx, '/api/two-step/setup', seller.bearerHeaders)).statusCode).toBe(409);
    expect(
      JSON.stringify((await ctx.app.inject({ url: '/api/two-step', headers: seller.bearerHeaders })).json()),
    ).not.toContain(secret.replace(/ /g, '').slice(0, 8));
  });

  it('asks for the code after the password; accepts one step of drift, refuses older codes and replays', async () => {
    const { login, keys } = await sellerWithTwoStep(ctx, 2);
    ctx.clock.advance(5 * 60_000);

    const token = await challenge(ctx, '/api/shop/login', login);
    // Two steps old: refused. The code of the step before: still accepted (a slow phone).
    const old = await codeStep(ctx, token, totpCode(keys.secret, new Date(ctx.clock.now().getTime() - 2 * STEP_MS)));
    expect(old.statusCode, old.body).toBe(422);
    const late = await codeStep(ctx, token, totpCode(keys.secret, new Date(ctx.clock.now().getTime() - STEP_MS)));
    expect(late.statusCode, late.body).toBe(200);
    const signed = authReplySchema.parse(late.json()).data;
    expect(String(late.headers['set-cookie'])).toContain(`session=${signed.access.token}`);
    // The token is used up.
    expect((await codeStep(ctx, token, totpCode(keys.secret, ctx.clock.now()))).statusCode).toBe(400);

    // Replay: the same code again, and a code of an earlier step, are refused in a new sign-in.
    const again = await challenge(ctx, '/api/shop/login', login);
    const replay = await codeStep(ctx, again, totpCode(keys.secret, new Date(ctx.clock.now().getTime() - STEP_MS)));
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.code).toEqual(['This code was used already. Wait for the next one of your app.']);
    const earlier = await codeStep(
      ctx,
      again,
      totpCode(keys.secret, new Date(ctx.clock.now().getTime() - 2 * STEP_MS)),
    );
    expect(earlier.statusCode).toBe(422);
    // The current step is newer: accepted once.
    expect((await codeStep(ctx, again, totpCode(keys.secret, ctx.clock.now()))).statusCode).toBe(200);
    const third = await challenge(ctx, '/api/shop/login', login);
    expect((await codeStep(ctx, third, totpCode(keys.secret, ctx.clock.now()))).statusCode).toBe(422);
    ctx.clock.advance(STEP_MS);
    expect((await codeStep(ctx, third, totpCode(keys.secret, ctx.clock.now()))).statusCode).toBe(200);

    // The token lives five minutes.
    const slow = await challenge(ctx, '/api/shop/login', login);
    ctx.clock.advance(5 * 60_000 + 1000);
    const expired = await codeStep(ctx, slow, totpCode(keys.secret, ctx.clock.now()));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This sign-in has expired. Please enter your password again.');
    // A wrong password never reaches the code step.
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/login',
      payload: { phone: login, password: 'wrong-password' },
      remoteAddress: testIp(),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { login, keys } = await sellerWithTwoStep(ctx, 3);
    const [first, second] = keys.recoveryCodes as [string, string];
    const used = await codeStep(
      ctx,
      await challenge(ctx, '/api/shop/login', login),
      first.toUpperCase().replace('-', ' '),
    );
    expect(used.statusCode, used.body).toBe(200);
    const session = sessionOf(authReplySchema.parse(used.json()).data.access.token);
    const twice = await codeStep(ctx, await challenge(ctx, '/api/shop/login', login), first);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.code).toEqual(['This recovery code is not valid or was used already.']);
    expect((await codeStep(ctx, await challenge(ctx, '/api/shop/login', login), second)).statusCode).toBe(200);
    const status = twoStepStatusReplySchema.parse(
      (await ctx.app.inject({ url: '/api/two-step', headers: session.bearerHeaders })).json(),
    ).data;
    expect(status.recovery_codes_left).toBe(8);
  });

  it('locks the code step of an account after 10 wrong codes for 15 minutes, from any address', async () => {
    const { login, keys, session } = await sellerWithTwoStep(ctx, 4);
    ctx.clock.advance(STEP_MS);
    const token = await challenge(ctx, '/api/shop/login', login);
    const wrongCode = totpCode(keys.secret, new Date(ctx.clock.now().getTime() + 10 * STEP_MS));
    for (let i = 0; i < TWO_STEP_MAX_FAILURES; i++) {
      expect((await codeStep(ctx, token, wrongCode)).statusCode).toBe(422);
    }
    const locked = await codeStep(ctx, token, totpCode(keys.secret, ctx.clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ErrorCode.RateLimited);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // The step-up of a signed-in session shares the account's budget, and so do recovery codes.
    const stepUp = await post(ctx, '/api/two-step/verify', session.bearerHeaders, {
      code: totpCode(keys.secret, ctx.clock.now()),
    });
    expect(stepUp.statusCode).toBe(429);
    expect((await codeStep(ctx, token, keys.recoveryCodes[0]!)).statusCode).toBe(429);
    ctx.clock.advance(15 * 60_000);
    const fresh = await challenge(ctx, '/api/shop/login', login);
    expect((await codeStep(ctx, fresh, totpCode(keys.secret, ctx.clock.now()))).statusCode).toBe(200);
  });

  it('asks again for a code older than 10 minutes before recovery codes are made or two-step is turned off', async () => {
    const { login, keys } = await sellerWithTwoStep(ctx, 5);
    const guarded = ctx.app.routeAccess.filter((r) => r.stepUp).map((r) => `${r.method} ${r.url}`);
    // Money going out, payment and sign-in keys, sign-in rules, and two-step itself.
    expect(guarded.sort()).toEqual([
      'POST /api/operator/returns/:id/refund',
      'POST /api/operator/withdrawals/:id/pay',
      'POST /api/two-step/disable',
      'POST /api/two-step/recovery-codes',
      'PUT /api/operator/settings/payment-gateways/:name',
      'PUT /api/operator/settings/social',
      'PUT /api/operator/settings/verify',
    ]);

    ctx.clock.advance(STEP_MS);
    const signed = await codeStep(
      ctx,
      await challenge(ctx, '/api/shop/login', login),
      totpCode(keys.secret, ctx.clock.now()),
    );
    const session = sessionOf(authReplySchema.parse(signed.json()).data.access.token);

    ctx.clock.advance(10 * 60_000);
    const fresh = await post(ctx, '/api/two-step/recovery-codes', session.cookieHeaders);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = recoveryCodesReplySchema.parse(fresh.json()).data.recovery_codes;
    expect(newCodes).not.toContain(keys.recoveryCodes[5]);

    ctx.clock.advance(1000);
    for (const url of guarded.filter((r) => r.includes('/two-step/')).map((r) => r.split(' ')[1] as string)) {
      const stale = await post(ctx, url, session.cookieHeaders);
      expect(stale.statusCode, url).toBe(403);
      expect(stale.json()).toMatchObject({
        code: ErrorCode.TwoStepRequired,
        message: 'Enter a code from your authenticator app to continue.',
      });
    }
    // The old recovery codes stopped working when the new ones were made.
    const oldRecovery = await post(ctx, '/api/two-step/verify', session.cookieHeaders, { code: keys.recoveryCodes[5] });
    expect(oldRecovery.statusCode).toBe(422);
    const verified = await post(ctx, '/api/two-step/verify', session.cookieHeaders, {
      code: totpCode(keys.secret, ctx.clock.now()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.verified_at).toBe(ctx.clock.now().toISOString());

    const off = await post(ctx, '/api/two-step/disable', session.cookieHeaders);
    expect(off.statusCode, off.body).toBe(200);
    // Off: the password alone signs in again, and there is nothing left to ask for.
    const { data } = await passwordStep(ctx, '/api/shop/login', login);
    expect('access' in data).toBe(true);
  });

  it('sends the operator to set it up before any operator route answers, and never lets it be turned off', async () => {
    const email = `ops-${Date.now()}@test.example`;
    await createOperator(ctx.db, { email, password: 'longsecret1' });
    const { data } = await passwordStep(ctx, '/api/operator/login', email, 'longsecret1');
    if (!('access' in data)) throw new Error('expected a session before set-up');
    const session = sessionOf(data.access.token);
    const adminRoutes = ctx.app.routeAccess.filter((r) => r.access === 'admin' && r.method === 'GET');
    expect(adminRoutes.length).toBeGreaterThan(2);
    for (const route of adminRoutes) {
      const url = route.url.replace(':number', '000001').replace(':id', '1');
      const res = await ctx.app.inject({ url, headers: session.bearerHeaders });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe(ErrorCode.TwoStepSetupRequired);
    }
    const status = twoStepStatusReplySchema.parse(
      (await ctx.app.inject({ url: '/api/two-step', headers: session.bearerHeaders })).json(),
    ).data;
    expect(status).toMatchObject({ enabled: false, required: true });

    const keys = await setUpTwoStep(ctx, session.cookieHeaders);
    expect((await ctx.app.inject({ url: '/api/operator/shops', headers: session.bearerHeaders })).statusCode).toBe(200);
    const off = await post(ctx, '/api/two-step/disable', session.cookieHeaders);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('The operator cannot turn two-step sign-in off.');

    // The next sign-in asks for the code; its session opens the operator's screen.
    ctx.clock.advance(STEP_MS);
    const token = await challenge(ctx, '/api/operator/login', email, 'longsecret1');
    const signed = await codeStep(ctx, token, totpCode(keys.secret, ctx.clock.now()));
    expect(signed.statusCode, signed.body).toBe(200);
    const next = sessionOf(authReplySchema.parse(signed.json()).data.access.token);
    expect((await ctx.app.inject({ url: '/api/operator/shops', headers: next.bearerHeaders })).statusCode).toBe(200);

    // Phone and recovery codes lost: the reset on the server ends every session and starts over.
    await resetOperatorTwoStep(ctx.db, email.toUpperCase());
    expect((await ctx.app.inject({ url: '/api/operator/shops', headers: next.bearerHeaders })).statusCode).toBe(401);
    const after = await passwordStep(ctx, '/api/operator/login', email, 'longsecret1');
    if (!('access' in after.data)) throw new Error('expected a session after the reset');
    const res = await ctx.app.inject({
      url: '/api/operator/shops',
      headers: sessionOf(after.data.access.token).bearerHeaders,
    });
    expect(res.json().code).toBe(ErrorCode.TwoStepSetupRequired);
    await expect(resetOperatorTwoStep(ctx.db, 'customer@example.com')).rejects.toThrow(/not an operator/);
  });

  it('is not offered to shoppers, whose sign-in keeps its shape', async () => {
    const shopper = await signIn(ctx.app);
    for (const url of ['/api/two-step/setup', '/api/two-step/enable', '/api/two-step/verify']) {
      const res = await post(ctx, url, shopper.bearerHeaders, { code: '123456' });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/two-step', headers: shopper.bearerHeaders })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/two-step' })).statusCode).toBe(401);
  });

  it("lists the caller's own sessions and ends one or all the others", async () => {
    const shopper = await signIn(ctx.app);
    const second = await signIn(ctx.app);
    const list = async (headers: Record<string, string>) =>
      sessionsReplySchema.parse((await ctx.app.inject({ url: '/api/sessions', headers })).json()).data.sessions;
    const mine = await list(shopper.bearerHeaders);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const other = mine.find((s) => !s.current);
    expect(other).toBeDefined();
    expect(other?.ip).toMatch(/^10\./);

    const ended = await post(ctx, `/api/sessions/${other!.id}/revoke`, shopper.cookieHeaders);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await ctx.app.inject({ url: '/api/profile', headers: second.bearerHeaders })).statusCode).toBe(401);
    // Someone else's session, or one already ended: not found.
    expect((await post(ctx, `/api/sessions/${other!.id}/revoke`, shopper.bearerHeaders)).statusCode).toBe(404);

    const third = await signIn(ctx.app);
    const all = await post(ctx, '/api/sessions/revoke-others', shopper.bearerHeaders);
    expect(all.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/profile', headers: third.bearerHeaders })).statusCode).toBe(401);
    expect((await list(shopper.bearerHeaders)).map((s) => s.current)).toEqual([true]);

    // Ending the current session signs out and drops the cookie.
    const current = (await list(shopper.bearerHeaders))[0]!;
    const self = await post(ctx, `/api/sessions/${current.id}/revoke`, shopper.cookieHeaders);
    expect(self.statusCode).toBe(200);
    expect(String(self.headers['set-cookie'])).toMatch(/session=;/);
    expect((await ctx.app.inject({ url: '/api/profile', headers: shopper.bearerHeaders })).statusCode).toBe(401);
  });

  it('signs an operator in through the test helper with a recovery code the second time', async () => {
    const email = `ops2-${Date.now()}@test.example`;
    await createOperator(ctx.db, { email, password: 'longsecret1' });
    const first = await signInWithTwoStep(ctx, '/api/operator/login', email, 'longsecret1');
    const second = await signInWithTwoStep(ctx, '/api/operator/login', email, 'longsecret1');
    for (const s of [first, second]) {
      expect((await ctx.app.inject({ url: '/api/operator/shops', headers: s.bearerHeaders })).statusCode).toBe(200);
    }
  });
});
