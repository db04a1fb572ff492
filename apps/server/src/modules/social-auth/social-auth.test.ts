import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { profileReplySchema } from '@shop/contracts/account';
import { authReplySchema } from '@shop/contracts/auth';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { socialIdentities } from '../../db/schema/account';
import { users } from '../../db/schema/users';
import { createCustomer } from '../../testing/auth';
import { describeEachDatabase } from '../../testing/test-app';
import { saveSetting } from '../settings/settings.repository';

const GOOGLE_CLIENT = 'google-client-id.apps.example';
const GOOGLE_SECRET = 'google-secret';
const APPLE_CLIENT = 'com.example.shop.web';
const FB_APP = '1234567890';
const FB_SECRET = 'fb-secret';

/**
 * A stand-in for Google, Apple and Facebook on 127.0.0.1: a JWKS, Google's token endpoint and the
 * Graph API's debug_token and /me. Tokens are real RS256 JWTs signed with jose.
 */
async function startProviders() {
  const key = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const googleCodes = new Map<string, string>();
  const fbTokens = new Map<
    string,
    { app_id: string; user_id: string; is_valid: boolean; me: Record<string, string> }
  >();
  const requests: string[] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
      if (url.pathname === '/google/token' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        const idToken = googleCodes.get(form.get('code') ?? '');
        const clientOk = form.get('client_id') === GOOGLE_CLIENT && form.get('client_secret') === GOOGLE_SECRET;
        if (!idToken || !clientOk || form.get('grant_type') !== 'authorization_code') {
          return send(400, { error: 'invalid_grant' });
        }
        return send(200, { access_token: 'x', id_token: idToken, token_type: 'Bearer' });
      }
      if (url.pathname === '/graph/debug_token') {
        if (url.searchParams.get('access_token') !== `${FB_APP}|${FB_SECRET}`) return send(400, { error: 'bad app' });
        const t = fbTokens.get(url.searchParams.get('input_token') ?? '');
        return send(200, {
          data: t ? { app_id: t.app_id, user_id: t.user_id, is_valid: t.is_valid } : { is_valid: false },
        });
      }
      if (url.pathname === '/graph/me') {
        const token = url.searchParams.get('access_token') ?? '';
        const proof = createHmac('sha256', FB_SECRET).update(token).digest('hex');
        const t = fbTokens.get(token);
        if (!t || url.searchParams.get('appsecret_proof') !== proof) return send(400, { error: 'bad token' });
        return send(200, t.me);
      }
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (
    claims: JWTPayload,
    options: { issuer: string; audience: string; expiresIn?: string | number; forged?: boolean },
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(Math.floor(Date.now() / 1000) - (options.expiresIn === 'past' ? 7200 : 0))
      .setExpirationTime(options.expiresIn === 'past' ? Math.floor(Date.now() / 1000) - 3600 : '1h')
      .sign(options.forged ? forger.privateKey : key.privateKey);

  return { server, base, sign, googleCodes, fbTokens, requests };
}

describeEachDatabase('social sign-in', (ctx) => {
  let providers: Awaited<ReturnType<typeof startProviders>>;

  beforeAll(async () => {
    providers = await startProviders();
    const { base } = providers;
    await saveSetting(ctx.db, 'social_auths', {
      google: {
        is_active: true,
        client_id: GOOGLE_CLIENT,
        client_secret: GOOGLE_SECRET,
        redirect_url: null,
        token_url: `${base}/google/token`,
        jwks_url: `${base}/jwks`,
        issuer: 'https://accounts.google.com',
      },
      facebook: {
        is_active: true,
        client_id: FB_APP,
        client_secret: FB_SECRET,
        redirect_url: null,
        graph_url: `${base}/graph`,
      },
      apple: {
        is_active: true,
        client_id: APPLE_CLIENT,
        client_secret: null,
        redirect_url: 'https://shop.example/auth/apple',
        jwks_url: `${base}/jwks`,
        issuer: 'https://appleid.apple.com',
      },
    });
    ctx.clearCaches();
  });
  afterAll(() => new Promise<void>((resolve) => providers.server.close(() => resolve())));

  const post = (provider: string, payload: unknown, prefix = '/api') =>
    ctx.app.inject({ method: 'POST', url: `${prefix}/auth/${provider}/token`, payload: payload as object });
  const googleCode = async (
    claims: JWTPayload,
    options: { audience?: string; expiresIn?: string; forged?: boolean; issuer?: string } = {},
  ) => {
    const code = `code-${Math.random().toString(36).slice(2)}`;
    const idToken = await providers.sign(claims, {
      issuer: options.issuer ?? 'https://accounts.google.com',
      audience: options.audience ?? GOOGLE_CLIENT,
      expiresIn: options.expiresIn,
      forged: options.forged,
    });
    providers.googleCodes.set(code, idToken);
    return code;
  };
  const appleToken = (claims: JWTPayload, options: { audience?: string; expiresIn?: string; forged?: boolean } = {}) =>
    providers.sign(claims, {
      issuer: 'https://appleid.apple.com',
      audience: options.audience ?? APPLE_CLIENT,
      expiresIn: options.expiresIn,
      forged: options.forged,
    });

  it('Google: exchanges the code, verifies the id token, creates the customer, then signs the same one in', async () => {
    const claims = { sub: 'g-1001', email: 'Rina.G@Example.test', email_verified: true, name: 'Rina G' };
    const res = await post('google', { code: await googleCode(claims), data: null });
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = authReplySchema.parse(res.json());
    expect(message).toBe('Login Successful');
    expect(data.user).toMatchObject({ name: 'Rina G', email: 'rina.g@example.test', email_verified: true });
    expect(String(res.headers['set-cookie'])).toMatch(/session=.+HttpOnly/i);
    expect(providers.requests).toContain('POST /google/token');

    const profile = await ctx.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${data.access.token}` },
    });
    expect(profileReplySchema.parse(profile.json()).data.user.id).toBe(data.user.id);

    const again = await post('google', { code: await googleCode(claims) }, '');
    expect(again.statusCode, again.body).toBe(200);
    expect(authReplySchema.parse(again.json()).data.user.id).toBe(data.user.id);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, data.user.id));
    expect(user?.passwordHash).toBeNull();
  });

  it('Google: links to an existing customer by a verified e-mail', async () => {
    const customer = await createCustomer(ctx.db);
    const code = await googleCode({ sub: 'g-2002', email: customer.email.toUpperCase(), email_verified: true });
    const res = await post('google', { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(authReplySchema.parse(res.json()).data.user.id).toBe(customer.id);
    const links = await ctx.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, 'google'), eq(socialIdentities.subject, 'g-2002')));
    expect(links).toMatchObject([{ userId: customer.id }]);
  });

  it('Google: refuses a forged token, a wrong audience, an expired token, a wrong issuer and a bad code', async () => {
    const claims = { sub: 'g-3003', email: 'mallory@example.test', email_verified: true };
    const cases = [
      await googleCode(claims, { forged: true }),
      await googleCode(claims, { audience: 'someone-elses-client' }),
      await googleCode(claims, { expiresIn: 'past' }),
      await googleCode(claims, { issuer: 'https://evil.example' }),
      'not-a-code',
    ];
    for (const code of cases) {
      const res = await post('google', { code });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: 'The Google sign-in could not be verified. Please try again.',
        code: 'BAD_REQUEST',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const [made] = await ctx.db.select().from(socialIdentities).where(eq(socialIdentities.subject, 'g-3003'));
    expect(made).toBeUndefined();
    const missing = await post('google', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: ['The code field is required.'] });
  });

  it('never links by an unverified e-mail, and never signs in a seller', async () => {
    const customer = await createCustomer(ctx.db);
    const res = await post('google', {
      code: await googleCode({ sub: 'g-4004', email: customer.email, email_verified: false }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already exists/);

    const [sellerRow] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, 'seller'))
      .limit(1);
    const seller = await post('google', {
      code: await googleCode({ sub: 'g-5005', email: sellerRow?.email ?? '', email_verified: true }),
    });
    expect(seller.statusCode).toBe(400);
    expect(seller.json().message).toBe('Credential is invalid!');
  });

  it('Facebook: checks the access token with debug_token and reads /me', async () => {
    providers.fbTokens.set('fb-good', {
      app_id: FB_APP,
      user_id: '777',
      is_valid: true,
      me: { id: '777', name: 'Budi F', email: 'budi.f@example.test' },
    });
    providers.fbTokens.set('fb-other-app', {
      app_id: '999',
      user_id: '778',
      is_valid: true,
      me: { id: '778', name: 'X' },
    });
    providers.fbTokens.set('fb-expired', {
      app_id: FB_APP,
      user_id: '779',
      is_valid: false,
      me: { id: '779', name: 'Y' },
    });
    providers.fbTokens.set('fb-swapped', {
      app_id: FB_APP,
      user_id: '780',
      is_valid: true,
      me: { id: '781', name: 'Z' },
    });

    const res = await post('facebook', { code: 'fb-good' }, '');
    expect(res.statusCode, res.body).toBe(200);
    expect(authReplySchema.parse(res.json()).data.user).toMatchObject({ name: 'Budi F', email: 'budi.f@example.test' });

    for (const code of ['fb-other-app', 'fb-expired', 'fb-swapped', 'unknown-token']) {
      const bad = await post('facebook', { code });
      expect(bad.statusCode, code).toBe(400);
      expect(bad.json().message).toBe('The Facebook sign-in could not be verified. Please try again.');
    }
  });

  it("Apple: verifies the id token against Apple's keys, takes the name of the first sign-in", async () => {
    const idToken = await appleToken({
      sub: 'apple.0001',
      email: 'anon@privaterelay.appleid.com',
      email_verified: 'true',
    });
    const res = await post(
      'apple',
      {
        code: 'apple',
        data: { authorization: { id_token: idToken }, user: { name: { firstName: 'Siti', lastName: 'A' } } },
      },
      '',
    );
    expect(res.statusCode, res.body).toBe(200);
    const first = authReplySchema.parse(res.json()).data.user;
    expect(first).toMatchObject({ name: 'Siti A', email: 'anon@privaterelay.appleid.com' });

    const again = await post('apple', { data: { id_token: await appleToken({ sub: 'apple.0001' }) } });
    expect(authReplySchema.parse(again.json()).data.user.id).toBe(first.id);

    for (const token of [
      await appleToken({ sub: 'apple.0002' }, { forged: true }),
      await appleToken({ sub: 'apple.0002' }, { audience: 'com.other.app' }),
      await appleToken({ sub: 'apple.0002' }, { expiresIn: 'past' }),
      'not.a.jwt',
    ]) {
      const bad = await post('apple', { data: { id_token: token } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('The Apple sign-in could not be verified. Please try again.');
    }
    expect((await post('apple', { data: {} })).statusCode).toBe(422);
  });

  it('an inactive provider is not found; an unknown one is a 422', async () => {
    await saveSetting(ctx.db, 'social_auths', {
      google: { is_active: false, client_id: GOOGLE_CLIENT, client_secret: GOOGLE_SECRET, redirect_url: null },
      facebook: { is_active: true, client_id: FB_APP, client_secret: null, redirect_url: null },
      apple: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
    });
    const google = await post('google', { code: await googleCode({ sub: 'g-9' }) });
    expect(google.statusCode).toBe(404);
    expect(google.json().message).toBe('Sign-in with Google is not available.');
    // Active but without its secret: cannot verify anything, so not offered either.
    expect((await post('facebook', { code: 'fb-good' })).statusCode).toBe(404);
    expect((await post('twitter', { code: 'x' })).statusCode).toBe(422);

    // /api/master tells browsers which providers are on, never the secrets.
    ctx.clearCaches();
    const master = await ctx.app.inject({ url: '/api/master' });
    expect(master.body).not.toContain(GOOGLE_SECRET);
    expect(master.json().data.social_auths.google.is_active).toBe(false);
  });
});
