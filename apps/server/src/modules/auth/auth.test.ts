import { hash } from '@node-rs/argon2';
import { authReplySchema } from '@shop/contracts/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { DEMO_CUSTOMER, DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { createCustomer, testIp } from '../../testing/auth';
import { describeEachDatabase, type TestApp } from '../../testing/test-app';
import { findSettings, saveSetting } from '../settings/settings.repository';
import { parseIdentifier } from './auth.service';
import { needsRehash, PASSWORD_HASH_OPTIONS } from './passwords';

const login = (ctx: TestApp, phone: unknown, password: unknown, remoteAddress = testIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone, password }, remoteAddress });

const register = (ctx: TestApp, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/registration', payload, remoteAddress: testIp() });

async function setVerify(ctx: TestApp, patch: Record<string, unknown>) {
  const current = (await findSettings(ctx.db, ['verify'])).verify ?? {
    register_otp_verify: false,
    register_otp_type: 'email' as const,
    forgot_otp_type: 'email' as const,
    phone_required: true,
    phone_min_length: 8,
    phone_max_length: 16,
    order_place_account_verify: false,
  };
  await saveSetting(ctx.db, 'verify', { ...current, ...patch });
  ctx.clearCaches();
}

describe('parseIdentifier', () => {
  it('tells e-mail from phone and keeps only the digits of a phone', () => {
    expect(parseIdentifier(' Customer@Example.com ')).toEqual({ kind: 'email', value: 'customer@example.com' });
    expect(parseIdentifier('+62 812-3456-7890')).toEqual({ kind: 'phone', value: '6281234567890' });
    expect(parseIdentifier('drop table')).toBeNull();
    expect(parseIdentifier('12')).toBeNull();
  });

  it('production argon2id parameters meet the OWASP floor (m >= 19 MiB, t >= 2)', () => {
    expect(PASSWORD_HASH_OPTIONS.algorithm).toBe(2);
    expect(PASSWORD_HASH_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(PASSWORD_HASH_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
  });
});

describeEachDatabase('login', (ctx) => {
  it('raises a hash made with older parameters at the next login', async () => {
    const c = await createCustomer(ctx.db);
    const weak = await hash(c.password, { algorithm: 2, memoryCost: 4096, timeCost: 3 });
    await ctx.db.update(users).set({ passwordHash: weak }).where(eq(users.id, c.id));
    expect(needsRehash(weak)).toBe(true);
    expect((await login(ctx, c.email, c.password)).statusCode).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(after?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(after?.passwordHash ?? '')).toBe(false);
    expect((await login(ctx, c.email, c.password)).statusCode).toBe(200);
  });

  it('accepts the e-mail (any case) and the phone with or without dial code or trunk zero', async () => {
    for (const id of [
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.email.toUpperCase(),
      DEMO_CUSTOMER.phone,
      `0${DEMO_CUSTOMER.phone}`,
      `${DEMO_CUSTOMER.phoneCode}${DEMO_CUSTOMER.phone}`,
      `+62 812-3456-7890`,
      `62${DEMO_CUSTOMER.phone}`,
    ]) {
      const res = await login(ctx, id, DEMO_PASSWORD);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(200);
      const { data, message } = authReplySchema.parse(res.json());
      expect(message).toBe('Login successfully');
      expect(data.user).toMatchObject({
        email: DEMO_CUSTOMER.email,
        phone: DEMO_CUSTOMER.phone,
        phone_code: '+62',
        email_verified: true,
        phone_verified: true,
      });
      expect(Object.keys(data.user).sort()).toEqual(
        [
          'country',
          'email',
          'email_verified',
          'id',
          'name',
          'phone',
          'phone_code',
          'phone_verified',
          'profile_photo',
        ].sort(),
      );
    }
  });

  it('answers required-field errors', async () => {
    const res = await login(ctx, '', undefined);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phone: ['The phone field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('wrong password, unknown account and non-customers all get the same "Credential is invalid!"', async () => {
    const bodies = [];
    for (const [id, pw] of [
      [DEMO_CUSTOMER.email, 'wrong-password'],
      ['nobody@example.com', DEMO_PASSWORD],
      ['admin@example.com', DEMO_PASSWORD],
      ['81100000001', DEMO_PASSWORD],
    ]) {
      const res = await login(ctx, id, pw);
      expect(res.statusCode, res.body).toBe(422);
      bodies.push(res.json());
    }
    for (const body of bodies) {
      expect(body).toEqual({ message: 'Credential is invalid!', errors: { phone: ['Credential is invalid!'] } });
    }
  });

  it('an inactive customer cannot sign in', async () => {
    const c = await createCustomer(ctx.db);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, c.id));
    const res = await login(ctx, c.email, c.password);
    expect(res.statusCode).toBe(422);
  });

  it('T5: concurrent wrong passwords on one account from one address evaluate at most 10 per 15 minutes; then 429 with Retry-After', async () => {
    const c = await createCustomer(ctx.db);
    const guesser = testIp();
    // 45: under the address's own limit on the login route (50), so this lock alone holds them.
    const results = await Promise.all(Array.from({ length: 45 }, (_, i) => login(ctx, c.email, `wrong-${i}`, guesser)));
    const evaluated = results.filter((r) => r.statusCode === 422).length;
    const limited = results.filter((r) => r.statusCode === 429);
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(evaluated + limited.length).toBe(45);
    for (const res of limited) {
      expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many login attempts/), code: 'RATE_LIMITED' });
    }
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits there: otherwise the cap would tell a guesser when they hit it.
    expect((await login(ctx, c.email, c.password, guesser)).statusCode).toBe(429);
    // The next window lets that address try again (so at most 40 an hour).
    ctx.clock.advance(15 * 60_000);
    expect((await login(ctx, c.email, c.password, guesser)).statusCode).toBe(200);
  });

  it('a stranger who locks their own address out does not lock the owner out', async () => {
    const c = await createCustomer(ctx.db);
    const stranger = testIp();
    for (let i = 0; i < 12; i++) await login(ctx, c.email, `guess-${i}`, stranger);
    expect((await login(ctx, c.email, 'guess-x', stranger)).statusCode).toBe(429);
    // The owner, from home, signs in at once.
    expect((await login(ctx, c.email, c.password, testIp())).statusCode).toBe(200);
  });

  it('failures spread over many addresses slow each further attempt on the account, the owner’s too, without refusing it', async () => {
    const c = await createCustomer(ctx.db);
    const before = ctx.clock.slept.length;
    for (let i = 0; i < 13; i++) expect((await login(ctx, c.email, `spray-${i}`, testIp())).statusCode).toBe(422);
    // The 11th, 12th and 13th failures waited 1, 2 and 3 seconds before being evaluated.
    expect(ctx.clock.slept.slice(before)).toEqual([1000, 2000, 3000]);
    expect((await login(ctx, c.email, c.password, testIp())).statusCode).toBe(200);
    expect(ctx.clock.slept.slice(before)).toEqual([1000, 2000, 3000, 4000]);
    // Signing in starts the account afresh: no more waiting.
    expect((await login(ctx, c.email, 'typo', testIp())).statusCode).toBe(422);
    expect(ctx.clock.slept.slice(before)).toHaveLength(4);
    // The wait never passes 10 seconds.
    for (let i = 0; i < 30; i++) await login(ctx, c.email, `spray-more-${i}`, testIp());
    expect(Math.max(...ctx.clock.slept.slice(before))).toBe(10_000);
  });

  it('a successful login resets the failure count', async () => {
    const c = await createCustomer(ctx.db);
    const ip = testIp();
    for (let i = 0; i < 9; i++) expect((await login(ctx, c.email, 'nope', ip)).statusCode).toBe(422);
    expect((await login(ctx, c.email, c.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(ctx, c.email, 'nope', ip)).statusCode).toBe(422);
    expect((await login(ctx, c.email, 'nope', ip)).statusCode).toBe(429);
  });

  it('unknown accounts are capped the same way (no enumeration through the limit)', async () => {
    const ip = testIp();
    for (let i = 0; i < 10; i++) expect((await login(ctx, 'ghost@example.com', 'x', ip)).statusCode).toBe(422);
    expect((await login(ctx, 'ghost@example.com', 'x', ip)).statusCode).toBe(429);
  });
});

describeEachDatabase('registration', (ctx) => {
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Sinta Dewi',
    country: 'Indonesia',
    phone_code: '+62',
    phone: `85${Math.floor(Math.random() * 1e9)
      .toString()
      .padStart(9, '0')}`,
    email: `sinta.${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret1',
    ...over,
  });

  it('creates a customer, signs it in and returns the user', async () => {
    const body = valid({ phone: '0856-1234-5678', email: 'Sinta.New@Example.com' });
    const res = await register(ctx, body);
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = authReplySchema.parse(res.json());
    expect(message).toBe('Registration successful');
    expect(data.user).toMatchObject({
      name: 'Sinta Dewi',
      email: 'sinta.new@example.com',
      phone: '85612345678',
      phone_code: '+62',
      country: 'Indonesia',
      email_verified: false,
      phone_verified: false,
      profile_photo: null,
    });
    expect(String(res.headers['set-cookie'])).toMatch(/session=.+HttpOnly/i);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, data.user.id));
    expect(row?.role).toBe('customer');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await ctx.app.inject({
      url: '/api/update-last-seen',
      headers: { authorization: `Bearer ${data.access.token}` },
    });
    expect(again.statusCode).toBe(200);
    // Login works with the new phone, with the trunk zero as typed at registration.
    expect((await login(ctx, '085612345678', 'secret1')).statusCode).toBe(200);
  });

  it('every rule answers a field error, all at once', async () => {
    const res = await register(ctx, { phone_code: 'abc', gender: 'robot', password: '12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      country: ['The country field is required.'],
      phone: ['The phone field is required.'],
      phone_code: ['The phone code must be a dial code such as +62.'],
      email: ['The email field is required.'],
      password: ['The password must be at least 6 characters.'],
      gender: ['The selected gender is invalid.'],
    });
    const missingPassword = await register(ctx, valid({ password: '' }));
    expect(missingPassword.json().errors).toEqual({ password: ['The password field is required.'] });
  });

  it('phone: digits only, length from the settings', async () => {
    expect((await register(ctx, valid({ phone: '0812abc999' }))).json().errors).toEqual({
      phone: ['The phone must contain only digits.'],
    });
    expect((await register(ctx, valid({ phone: '1234567' }))).json().errors).toEqual({
      phone: ['The phone must be between 8 and 16 digits.'],
    });
    expect((await register(ctx, valid({ phone: '12345678901234567' }))).json().errors).toEqual({
      phone: ['The phone must be between 8 and 16 digits.'],
    });
    await setVerify(ctx, { phone_min_length: 10, phone_max_length: 12 });
    expect((await register(ctx, valid({ phone: '123456789' }))).json().errors).toEqual({
      phone: ['The phone must be between 10 and 12 digits.'],
    });
    expect((await register(ctx, valid({ phone: '8123456789' }))).statusCode).toBe(200);
    await setVerify(ctx, { phone_min_length: 8, phone_max_length: 16 });
  });

  it('phone optional when the settings say so; then e-mail is required', async () => {
    await setVerify(ctx, { phone_required: false, register_otp_type: 'phone' });
    const noPhone = await register(ctx, valid({ phone: '', email: '' }));
    expect(noPhone.json().errors).toEqual({ email: ['The email field is required.'] });
    expect((await register(ctx, valid({ phone: '' }))).statusCode).toBe(200);
    // OTP by phone and a phone given: e-mail may be left out.
    const phoneOnly = await register(ctx, valid({ email: '' }));
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    expect(authReplySchema.parse(phoneOnly.json()).data.user.email).toBeNull();
    await setVerify(ctx, { phone_required: true, register_otp_type: 'email' });
    expect((await register(ctx, valid({ email: '' }))).json().errors).toEqual({
      email: ['The email field is required.'],
    });
  });

  it('e-mail must be valid and unique (any case); phone unique', async () => {
    expect((await register(ctx, valid({ email: 'not-an-email' }))).json().errors).toEqual({
      email: ['The email must be a valid email address.'],
    });
    const taken = await register(ctx, valid({ email: 'CUSTOMER@example.com', phone: DEMO_CUSTOMER.phone }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ['The email has already been taken.'],
      phone: ['The phone has already been taken.'],
    });
  });

  it('two registrations with the same e-mail at once: one account, the other gets the field error', async () => {
    const email = 'race@example.com';
    const [a, b] = await Promise.all([register(ctx, valid({ email })), register(ctx, valid({ email }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(loser.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('bad input types never give a 500', async () => {
    for (const payload of [{ name: { a: 1 } }, { phone: [1, 2] }, { password: 12345678 }, 'text']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/registration',
        payload: payload as object,
        remoteAddress: testIp(),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });
});
