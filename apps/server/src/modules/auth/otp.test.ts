import { sendOtpReplySchema, verifyOtpReplySchema } from '@shop/contracts/auth';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationOutbox, otpCodes } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';
import { createCustomer, type NewCustomer, signIn, testIp } from '../../testing/auth';
import { seededRandom } from '../../testing/seeded-random';
import { createTestApp, describeEachDatabase, type TestApp } from '../../testing/test-app';
import {
  generateOtp,
  OTP_MAX_DAILY_FAILURES,
  OTP_MAX_GUESSES,
  OTP_MAX_MONTHLY_FAILURES,
  OTP_TTL_MS,
} from './otp.service';

const sendOtp = (ctx: TestApp, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/send-otp', payload, remoteAddress: testIp() });
const verifyOtp = (ctx: TestApp, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/verify-otp', payload, remoteAddress: testIp() });
const resetPassword = (ctx: TestApp, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/reset-password', payload, remoteAddress: testIp() });

/** The code of the newest message to `to`, as the shopper would read it. */
async function lastCode(ctx: TestApp, to: string): Promise<string> {
  const [row] = await ctx.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.to, to))
    .orderBy(desc(notificationOutbox.id))
    .limit(1);
  const code = /\b(\d{4})\b/.exec(row?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function forgotCode(ctx: TestApp, c: NewCustomer) {
  const res = await sendOtp(ctx, { phone: c.email, forgot_password: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(ctx, c.email);
}

describe('generateOtp', () => {
  it('asks its source for one integer in [0, 10^length)', () => {
    expect(generateOtp()).toMatch(/^\d{4}$/);
    const draws: [number, number][] = [];
    generateOtp(4, (min, max) => {
      draws.push([min, max]);
      return 7;
    });
    expect(draws).toEqual([[0, 10_000]]);
    expect(generateOtp(4, () => 7)).toBe('0007');
    expect(generateOtp(6, () => 123)).toBe('000123');
  });

  it('maps draws to 4-digit codes uniformly, leading zeros included (chi-square, p = 0.001, seeded)', () => {
    // A fixed seed: the check cannot fail by chance (p = 0.001 would, once in 1,000 runs).
    const seed = 20_261_127;
    const next = seededRandom(seed);
    const draw = (min: number, max: number) => next(min, max - 1);
    const n = 100_000;
    const counts = new Uint32Array(10_000);
    for (let i = 0; i < n; i++) {
      const code = generateOtp(4, draw);
      expect(code).toMatch(/^\d{4}$/);
      const i = Number(code);
      counts[i] = (counts[i] ?? 0) + 1;
    }
    const expected = n / 10_000;
    let chi = 0;
    for (const c of counts) chi += (c - expected) ** 2 / expected;
    // 9,999 degrees of freedom: the 0.999 quantile is about 10,450 (Wilson-Hilferty).
    expect(chi, `seed ${seed}`).toBeLessThan(10_450);
    expect(counts.slice(0, 1000).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(generateOtp(6)).toMatch(/^\d{6}$/);
  });

  it('the configured caps bound a guesser to at most 0.1 % a day per account', () => {
    const perDay = OTP_MAX_DAILY_FAILURES / 10_000;
    console.info(`OTP worst case: ${(perDay * 100).toFixed(2)} % per account per day`);
    expect(perDay).toBeLessThanOrEqual(0.001);
    expect(OTP_MAX_GUESSES).toBe(5);
    expect(OTP_TTL_MS).toBe(600_000);
  });
});

describeEachDatabase('OTP and password reset', (ctx) => {
  it('forgot password: code by e-mail, stored only as an HMAC, never in the reply; verify gives a reset token; reset revokes every session', async () => {
    const c = await createCustomer(ctx.db);
    const s1 = await signIn(ctx.app, c.email, c.password);
    const s2 = await signIn(ctx.app, c.email, c.password);
    const res = await sendOtp(ctx, { phone: c.email, forgot_password: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const reply = sendOtpReplySchema.parse(res.json());
    expect(reply.data).toEqual({ email_or_phone: c.email, phone_code: null, resend_after: 60 });
    const code = await lastCode(ctx, c.email);
    expect(res.body).not.toContain(code);
    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, c.id));
    expect(row?.purpose).toBe('forgot');
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);

    const v = await verifyOtp(ctx, { phone: c.email, otp: code });
    expect(v.statusCode, v.body).toBe(200);
    const { token, purpose } = verifyOtpReplySchema.parse(v.json()).data;
    expect(purpose).toBe('forgot');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mismatch = await resetPassword(ctx, { token, password: 'newpass1', password_confirmation: 'other' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password: ['Confirm Password does not match.'] });
    const short = await resetPassword(ctx, { token, password: '123', password_confirmation: '123' });
    expect(short.json().errors).toEqual({ password: ['The password must be at least 6 characters.'] });

    const ok = await resetPassword(ctx, { token, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Password reset successfully');
    for (const s of [s1, s2]) {
      for (const headers of [s.bearerHeaders, s.cookieHeaders]) {
        expect((await ctx.app.inject({ url: '/api/update-last-seen', headers })).statusCode).toBe(401);
      }
    }
    await expect(signIn(ctx.app, c.email, c.password)).rejects.toThrow();
    await signIn(ctx.app, c.email, 'newpass1');
    // The token works once.
    const replay = await resetPassword(ctx, { token, password: 'another1', password_confirmation: 'another1' });
    expect(replay.statusCode).toBe(400);
  });

  it('the reply is the same for an unknown account, and nothing is sent', async () => {
    const before = await ctx.db.select().from(notificationOutbox);
    const res = await sendOtp(ctx, { phone: 'nobody-here@example.com', forgot_password: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'If the account exists, a code has been sent to it.',
      data: { email_or_phone: 'nobody-here@example.com', phone_code: null, resend_after: 60 },
    });
    expect(await ctx.db.select().from(notificationOutbox)).toHaveLength(before.length);
    const v = await verifyOtp(ctx, { phone: 'nobody-here@example.com', otp: '1234' });
    expect(v.statusCode).toBe(400);
    expect(v.json()).toEqual({ message: 'Invalid otp', code: 'BAD_REQUEST' });
  });

  it('validation: phone and otp required, otp is 4 digits', async () => {
    expect((await sendOtp(ctx, {})).json().errors).toEqual({ phone: ['The phone field is required.'] });
    expect((await verifyOtp(ctx, {})).json().errors).toEqual({
      phone: ['The phone field is required.'],
      otp: ['The otp field is required.'],
    });
    expect((await verifyOtp(ctx, { phone: 'a@b.co', otp: '12a4' })).json().errors).toEqual({
      otp: ['The otp must be 4 digits.'],
    });
    expect((await resetPassword(ctx, {})).json().errors).toEqual({
      token: ['The token field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('a phone account gets its code by SMS when the forgot channel is phone', async () => {
    const c = await createCustomer(ctx.db);
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, c.id));
    const res = await sendOtp(ctx, { phone: c.phone, phone_code: '+62', forgot_password: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, c.id));
    expect(row?.channel).toBe('sms');
    const code = await lastCode(ctx, `+62${c.phone}`);
    expect((await verifyOtp(ctx, { phone: `+62${c.phone}`, otp: code })).statusCode).toBe(200);
  });

  it('single use: a consumed code fails on replay', async () => {
    const c = await createCustomer(ctx.db);
    const code = await forgotCode(ctx, c);
    expect((await verifyOtp(ctx, { phone: c.email, otp: code })).statusCode).toBe(200);
    const again = await verifyOtp(ctx, { phone: c.email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid otp');
  });

  it('lifetime 10 minutes: at 10:01 the right code fails', async () => {
    const c = await createCustomer(ctx.db);
    const code = await forgotCode(ctx, c);
    ctx.clock.advance(OTP_TTL_MS + 1000);
    const res = await verifyOtp(ctx, { phone: c.email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The OTP has expired. Please request a new one.');
  });

  it('a new code replaces the previous one of the same purpose', async () => {
    const c = await createCustomer(ctx.db);
    const first = await forgotCode(ctx, c);
    ctx.clock.advance(61_000);
    let second = await forgotCode(ctx, c);
    // A new code equals the old one by chance 1 time in 10,000; then the old one could not be tested.
    for (let tries = 0; second === first && tries < 3; tries++) {
      ctx.clock.advance(61_000);
      second = await forgotCode(ctx, c);
    }
    expect(second).not.toBe(first);
    expect((await verifyOtp(ctx, { phone: c.email, otp: first })).statusCode).toBe(400);
    expect((await verifyOtp(ctx, { phone: c.email, otp: second })).statusCode).toBe(200);
  });

  it('purpose binding: a verification code gives no reset token, and each purpose only matches its own codes', async () => {
    const c = await createCustomer(ctx.db);
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, c.id));
    expect((await sendOtp(ctx, { phone: c.email })).statusCode).toBe(200);
    const code = await lastCode(ctx, c.email);
    // Asked as a forgot-password code, the registration code is not there to match.
    expect((await verifyOtp(ctx, { phone: c.email, otp: code, forgot_password: 1 })).statusCode).toBe(400);
    const res = await verifyOtp(ctx, { phone: c.email, otp: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ token: null, purpose: 'register' });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(user?.emailVerifiedAt).not.toBeNull();

    ctx.clock.advance(61_000);
    const forgot = await forgotCode(ctx, c);
    expect((await verifyOtp(ctx, { phone: c.email, otp: forgot, forgot_password: 0 })).statusCode).toBe(400);
    const ok = await verifyOtp(ctx, { phone: c.email, otp: forgot, forgot_password: 1 });
    expect(ok.json().data.purpose).toBe('forgot');
  });

  it('5 wrong guesses burn the code: the right code then gets 429 with Retry-After', async () => {
    const c = await createCustomer(ctx.db);
    const code = await forgotCode(ctx, c);
    for (let i = 0; i < OTP_MAX_GUESSES; i++) {
      const res = await verifyOtp(ctx, { phone: c.email, otp: wrong(code) });
      expect(res.statusCode).toBe(400);
    }
    const right = await verifyOtp(ctx, { phone: c.email, otp: code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: 'Too many wrong codes. Please request a new code.', code: 'RATE_LIMITED' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('50 concurrent wrong guesses at one code: at most 5 are evaluated', async () => {
    const c = await createCustomer(ctx.db);
    const code = await forgotCode(ctx, c);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => verifyOtp(ctx, { phone: c.email, otp: wrong(code) })),
    );
    const evaluated = results.filter((r) => r.statusCode === 400).length;
    expect(evaluated).toBeLessThanOrEqual(OTP_MAX_GUESSES);
    expect(results.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, c.id));
    expect(row?.attempts).toBeLessThanOrEqual(OTP_MAX_GUESSES);
    expect((await verifyOtp(ctx, { phone: c.email, otp: code })).statusCode).toBe(429);
  });

  it('at most 10 failures per account a day across new codes; the window then passes', async () => {
    const c = await createCustomer(ctx.db);
    let failures = 0;
    let code = '';
    while (failures < OTP_MAX_DAILY_FAILURES) {
      code = await forgotCode(ctx, c);
      for (let i = 0; i < OTP_MAX_GUESSES && failures < OTP_MAX_DAILY_FAILURES; i++) {
        expect((await verifyOtp(ctx, { phone: c.email, otp: wrong(code) })).statusCode).toBe(400);
        failures++;
      }
      ctx.clock.advance(61_000);
    }
    code = await forgotCode(ctx, c);
    const locked = await verifyOtp(ctx, { phone: c.email, otp: code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong codes\. Please try again in \d+ (hours|minutes)\./);
    ctx.clock.advance(24 * 3_600_000);
    code = await forgotCode(ctx, c);
    expect((await verifyOtp(ctx, { phone: c.email, otp: code })).statusCode).toBe(200);
  });

  it('hard stop at 30 failures in 30 days, and the account holder is told once', async () => {
    const c = await createCustomer(ctx.db);
    let failures = 0;
    while (failures < OTP_MAX_MONTHLY_FAILURES) {
      const code = await forgotCode(ctx, c);
      for (let i = 0; i < OTP_MAX_GUESSES; i++) {
        expect((await verifyOtp(ctx, { phone: c.email, otp: wrong(code) })).statusCode).toBe(400);
        failures++;
      }
      // A new day after every 10 failures, a new code after every 5.
      ctx.clock.advance(failures % OTP_MAX_DAILY_FAILURES === 0 ? 24 * 3_600_000 : 61_000);
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      const code = await forgotCode(ctx, c);
      const res = await verifyOtp(ctx, { phone: c.email, otp: code });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many wrong codes\. Please try again in \d+ days\./);
      ctx.clock.advance(24 * 3_600_000);
    }
    const notices = await ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.to, c.email));
    expect(notices.filter((n) => n.subject?.endsWith('verification codes blocked'))).toHaveLength(1);
    ctx.clock.advance(30 * 24 * 3_600_000);
    const code = await forgotCode(ctx, c);
    expect((await verifyOtp(ctx, { phone: c.email, otp: code })).statusCode).toBe(200);
  });

  it('a right guess does not use up the daily budget', async () => {
    const c = await createCustomer(ctx.db);
    for (let round = 0; round < OTP_MAX_DAILY_FAILURES + 2; round++) {
      const code = await forgotCode(ctx, c);
      expect((await verifyOtp(ctx, { phone: c.email, otp: code })).statusCode).toBe(200);
      ctx.clock.advance(61_000 * 13);
    }
  });

  it('resend no sooner than 60 s (429, Retry-After); at most 5 sends an hour', async () => {
    const c = await createCustomer(ctx.db);
    expect((await sendOtp(ctx, { phone: c.email, forgot_password: 1 })).statusCode).toBe(200);
    const soon = await sendOtp(ctx, { phone: c.email, forgot_password: 1 });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({
      message: 'Please wait 60 seconds before requesting a new code.',
      code: 'RATE_LIMITED',
    });
    expect(soon.headers['retry-after']).toBe('60');
    ctx.clock.advance(30_000);
    const half = await sendOtp(ctx, { phone: c.email, forgot_password: 1 });
    expect(half.headers['retry-after']).toBe('30');
    ctx.clock.advance(30_000);
    for (let i = 0; i < 4; i++) {
      expect((await sendOtp(ctx, { phone: c.email, forgot_password: 1 })).statusCode).toBe(200);
      ctx.clock.advance(60_000);
    }
    const sixth = await sendOtp(ctx, { phone: c.email, forgot_password: 1 });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many codes requested/);
    const codes = await ctx.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, c.id), eq(otpCodes.purpose, 'forgot')));
    expect(codes).toHaveLength(5);
  });

  it('the login lock does not lock the owner out of a reset, and the reset lifts it', async () => {
    const c = await createCustomer(ctx.db);
    for (let i = 0; i < 11; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: c.email, password: 'bad' },
        remoteAddress: testIp(),
      });
    }
    const code = await forgotCode(ctx, c);
    const { token } = (await verifyOtp(ctx, { phone: c.email, otp: code })).json().data;
    expect(
      (await resetPassword(ctx, { token, password: 'fresh-pass', password_confirmation: 'fresh-pass' })).statusCode,
    ).toBe(200);
    await signIn(ctx.app, c.email, 'fresh-pass');
  });
});

describe('OTP codes never travel in a reply', () => {
  it('in every mode, send-otp answers the same whether the account exists or not, without the code', async () => {
    for (const APP_ENV of ['local', 'production', 'test'] as const) {
      const ctx = await createTestApp({ env: { APP_ENV } });
      try {
        const c = await createCustomer(ctx.db);
        const known = await sendOtp(ctx, { phone: c.email, forgot_password: 1 });
        const unknown = await sendOtp(ctx, { phone: `nobody-${c.id}@example.com`, forgot_password: 1 });
        expect(known.statusCode, APP_ENV).toBe(200);
        expect(unknown.statusCode, APP_ENV).toBe(200);
        const shape = (body: string) => Object.keys(JSON.parse(body).data).sort();
        expect(shape(known.body)).toEqual(['email_or_phone', 'phone_code', 'resend_after']);
        expect(shape(unknown.body)).toEqual(shape(known.body));
        // The code went to the owner: it is in the notifier's record and in no reply.
        const [sent] = await ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.to, c.email));
        const code = /\b(\d{4})\b/.exec(sent?.text ?? '')?.[1];
        expect(code, APP_ENV).toMatch(/^\d{4}$/);
        expect(known.body).not.toContain(code);
      } finally {
        await ctx.close();
      }
    }
  });
});
