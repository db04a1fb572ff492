import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_INS_PER_ADDRESS } from '../config';
import { createTestApp, describeEachDatabase, type TestApp } from '../testing/test-app';
import { RATE_LIMITS } from './rate-limit';

/** An address no other test (or earlier run sharing Redis) has used. */
const freshIp = () => `172.${randomInt(16, 32)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const sendOtp = (ctx: Pick<TestApp, 'app'>, ip: string, i: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/send-otp',
    // A different (unknown) account each time: only the address limit is in play.
    payload: { phone: `limit-${ip}-${i}@example.com`, forgot_password: 1 },
    remoteAddress: ip,
  });

describeEachDatabase('rate limits per address', (ctx) => {
  it('send-otp: 10 an hour from one address, then 429 {message, code} with Retry-After; other addresses unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.sendOtp.max; i++) expect((await sendOtp(ctx, ip, i)).statusCode).toBe(200);
    const over = await sendOtp(ctx, ip, 99);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (minutes?|hours?)\.$/),
      code: 'RATE_LIMITED',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendOtp(ctx, freshIp(), 0)).statusCode).toBe(200);
  });

  it('alias paths share one count (/verify-otp and /api/verify-otp)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.verifyOtp.max; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: i % 2 ? '/verify-otp' : '/api/verify-otp',
        payload: { phone: 'nobody@example.com', otp: '1234' },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('the contact form takes 5 messages per address per 10 minutes', async () => {
    const ip = freshIp();
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/support',
        payload: { name: 'Sari', email: 'sari@example.com', subject: 'Hi', message: 'Hello' },
        remoteAddress: ip,
      });
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(429);
  });

  it('login: 50 per 15 minutes from one address, across accounts', async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: DEFAULT_SIGN_INS_PER_ADDRESS + 5 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { phone: `spray-${i}@example.com`, password: 'password' },
          remoteAddress: ip,
        }),
      ),
    );
    expect(
      results.map((r) => r.statusCode).filter((c) => c !== 422 && c !== 429),
      results[0]?.body,
    ).toEqual([]);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(DEFAULT_SIGN_INS_PER_ADDRESS);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });
});

describe('SIGN_INS_PER_ADDRESS', () => {
  it('sets the sign-in limit per address: the shop, Seller Centre and operator doors share it', async () => {
    const app = await createTestApp({ env: { SIGN_INS_PER_ADDRESS: '3' } });
    try {
      const ip = freshIp();
      const urls = ['/api/login', '/api/shop/login', '/api/operator/login', '/api/login'];
      const codes: number[] = [];
      for (const [i, url] of urls.entries()) {
        const res = await app.app.inject({
          method: 'POST',
          url,
          payload: { phone: `door-${i}@example.com`, password: 'password' },
          remoteAddress: ip,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([422, 422, 422, 429]);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL as string;

  it('two processes of one shop (one REDIS_PREFIX) share one count', async () => {
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomUUID()}:` };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    try {
      const ip = freshIp();
      const half = RATE_LIMITS.sendOtp.max / 2;
      for (let i = 0; i < half; i++) expect((await sendOtp(a, ip, i)).statusCode).toBe(200);
      for (let i = half; i < RATE_LIMITS.sendOtp.max; i++) expect((await sendOtp(b, ip, i)).statusCode).toBe(200);
      expect((await sendOtp(a, ip, 98)).statusCode).toBe(429);
      expect((await sendOtp(b, ip, 99)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two shops on one Redis (each its own database, so its own default prefix) keep their own counts', async () => {
    // No REDIS_PREFIX: each app's default comes from its own database (here its data folder).
    const shopA = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const shopB = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const redis = new Redis(redisUrl);
    try {
      expect(shopA.config.REDIS_PREFIX).not.toBe(shopB.config.REDIS_PREFIX);
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.sendOtp.max; i++) expect((await sendOtp(shopA, ip, i)).statusCode).toBe(200);
      expect((await sendOtp(shopA, ip, 98)).statusCode).toBe(429);
      // The same visitor at the other shop has not asked for anything there.
      expect((await sendOtp(shopB, ip, 99)).statusCode).toBe(200);
      // Every key this shop wrote carries its prefix.
      const keys = await redis.keys(`*${ip}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(
          [shopA.config.REDIS_PREFIX, shopB.config.REDIS_PREFIX].some((p) => key.startsWith(p)),
          key,
        ).toBe(true);
      }
    } finally {
      redis.disconnect();
      await shopA.close();
      await shopB.close();
    }
  });
});
