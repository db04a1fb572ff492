import { authReplySchema } from '@shop/contracts/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/accounts';
import { DEMO_CUSTOMER } from '../../db/seed/demo-accounts';
import { createCustomer, signIn } from '../../testing/auth';
import { createTestApp, describeEachDatabase } from '../../testing/test-app';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.service';

describeEachDatabase('sessions', (ctx) => {
  it('login by e-mail sets an HttpOnly SameSite=Lax cookie and returns a bearer token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: DEMO_CUSTOMER.email, password: 'password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = authReplySchema.parse(res.json());
    expect(data.user.email).toBe(DEMO_CUSTOMER.email);
    expect(data.access.auth_type).toBe('Bearer');
    // 32 random bytes in base64url: 43 characters, 256 bits.
    expect(data.access.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`session=${data.access.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    // http PUBLIC_URL: no Secure flag (it would stop the cookie on plain http).
    expect(cookie).not.toMatch(/Secure/i);
    // Only the hash is stored.
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.access.token)));
    expect(rows).toHaveLength(1);
    const all = await ctx.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.h === data.access.token)).toBe(false);
  });

  it('a new token on every login', async () => {
    const a = await signIn(ctx.app);
    const b = await signIn(ctx.app);
    expect(a.token).not.toBe(b.token);
  });

  it('bearer and cookie both authenticate; a bad token is a visitor on public routes and 401 on protected', async () => {
    const s = await signIn(ctx.app);
    for (const headers of [s.bearerHeaders, s.cookieHeaders]) {
      const res = await ctx.app.inject({ url: '/api/update-last-seen', headers });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bad = { authorization: 'Bearer not-a-real-token-but-long-enough' };
    expect((await ctx.app.inject({ url: '/api/update-last-seen', headers: bad })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/update-last-seen' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/master', headers: bad })).statusCode).toBe(200);
    const stale = await ctx.app.inject({
      url: '/api/master',
      headers: { cookie: 'session=garbage-garbage-garbage-garbage' },
    });
    expect(stale.statusCode).toBe(200);
    expect(String(stale.headers['set-cookie'])).toMatch(/^session=;/);
  });

  it('CSRF: an unsafe call signed in by cookie needs X-Requested-With; bearer does not', async () => {
    const s = await signIn(ctx.app);
    const noHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-last-seen',
      headers: { cookie: s.cookieHeaders.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ message: expect.any(String), code: 'CSRF' });
    const withHeader = await ctx.app.inject({ method: 'POST', url: '/api/update-last-seen', headers: s.cookieHeaders });
    expect(withHeader.statusCode, withHeader.body).toBe(200);
    const bearer = await ctx.app.inject({ method: 'POST', url: '/api/update-last-seen', headers: s.bearerHeaders });
    expect(bearer.statusCode, bearer.body).toBe(200);
    // A GET by cookie without the header is fine (safe method).
    const get = await ctx.app.inject({ url: '/api/update-last-seen', headers: { cookie: s.cookieHeaders.cookie } });
    expect(get.statusCode).toBe(200);
  });

  it('logout (GET and POST, /api and bare) kills the session and clears the cookie', async () => {
    for (const [method, url] of [
      ['GET', '/logout'],
      ['POST', '/api/logout'],
      ['GET', '/api/logout'],
      ['POST', '/logout'],
    ] as const) {
      const s = await signIn(ctx.app);
      const out = await ctx.app.inject({ method, url, headers: s.cookieHeaders });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json().message).toBe('Logout successfully');
      expect(String(out.headers['set-cookie'])).toMatch(/session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
      for (const headers of [s.bearerHeaders, s.cookieHeaders]) {
        expect((await ctx.app.inject({ url: '/api/update-last-seen', headers })).statusCode).toBe(401);
      }
    }
  });

  it('sessions end after 14 idle days and after 30 days in any case', async () => {
    const c = await createCustomer(ctx.db);
    const s = await signIn(ctx.app, c.email, c.password);
    const ping = () => ctx.app.inject({ url: '/api/update-last-seen', headers: s.bearerHeaders });
    ctx.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await ping()).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      ctx.clock.advance(SESSION_IDLE_MS - 60_000);
      const res = await ping();
      // The second hop crosses 30 days: the absolute limit holds even though the session was used.
      expect(res.statusCode).toBe(i === 0 ? 200 : 401);
    }
    const s2 = await signIn(ctx.app, c.email, c.password);
    ctx.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await ctx.app.inject({ url: '/api/update-last-seen', headers: s2.bearerHeaders })).statusCode).toBe(401);
  });

  it('no call takes a token, code or password in the URL', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const inUrl = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) =>
        (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path').map((p) => `${path} ${p.name}`),
      ),
    );
    expect(inUrl.length).toBeGreaterThan(0);
    expect(inUrl.filter((p) => /token|auth|otp|password|session/i.test(p.split(' ')[1] ?? ''))).toEqual([]);
  });

  it('update-last-seen records the heartbeat time as last_online_at', async () => {
    const s = await signIn(ctx.app);
    const res = await ctx.app.inject({ url: '/api/update-last-seen', headers: s.bearerHeaders });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().data.last_online_at).getTime()).toBe(ctx.clock.now().getTime());
  });
});

describe('session cookie under https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
    try {
      const s = await signIn(t.app);
      expect(s.token).toBeTruthy();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: DEMO_CUSTOMER.email, password: 'password' },
        remoteAddress: '10.77.0.1',
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});
