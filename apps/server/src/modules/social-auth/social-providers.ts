import { createHmac } from 'node:crypto';
import type { SocialProvider } from '@shop/contracts/account';
import { ErrorCode } from '@shop/contracts/errors';
import type { createRemoteJWKSet, JWTPayload } from 'jose';
import type { SocialAuthSettings } from '../../db/schema/settings-values';
import { AppError, badRequest } from '../../lib/errors';
import { loadJose } from '../../lib/lazy-modules';
import { msg } from '../../lib/messages';

/** What a provider vouches for after its token checked out. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export type ProviderSettings = SocialAuthSettings['google'];

/** The real providers' endpoints; settings may point elsewhere (stand-ins in tests, staging). */
export const PROVIDER_DEFAULTS = {
  google: {
    token_url: 'https://oauth2.googleapis.com/token',
    jwks_url: 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
  },
  facebook: { graph_url: 'https://graph.facebook.com/v20.0' },
  apple: { jwks_url: 'https://appleid.apple.com/auth/keys', issuers: ['https://appleid.apple.com'] },
} as const;

const TIMEOUT_MS = 10_000;
/** Provider clocks and ours may differ a little. */
const CLOCK_TOLERANCE_S = 60;
const TITLES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

export const notVerified = (provider: SocialProvider) =>
  badRequest(msg('The {{provider}} sign-in could not be verified. Please try again.', { provider: TITLES[provider] }));
const unreachable = (provider: SocialProvider) =>
  new AppError(
    503,
    ErrorCode.Unavailable,
    msg('{{provider}} did not answer. Please try again later.', { provider: TITLES[provider] }),
  );

/** One key set per URL: jose caches the keys and refetches on an unknown key id. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(jose: Awaited<ReturnType<typeof loadJose>>, url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = jose.createRemoteJWKSet(new URL(url), { timeoutDuration: TIMEOUT_MS, cacheMaxAge: 10 * 60_000 });
    keySets.set(url, set);
  }
  return set;
}

async function fetchJson(provider: SocialProvider, url: string, init: RequestInit = {}) {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw unreachable(provider);
  }
  if (res.status >= 500) throw unreachable(provider);
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  // A 4xx from the provider means it refused what the shopper's browser handed us.
  if (!res.ok || !body) throw notVerified(provider);
  return body;
}

/** Verifies signature (key set), issuer, audience (our client id), expiry. */
async function verifyIdToken(
  provider: SocialProvider,
  idToken: string,
  options: { jwksUrl: string; issuers: readonly string[]; audience: string; now: Date },
): Promise<JWTPayload> {
  const jose = await loadJose();
  try {
    const { payload } = await jose.jwtVerify(idToken, keySet(jose, options.jwksUrl), {
      issuer: [...options.issuers],
      audience: options.audience,
      algorithms: ['RS256', 'ES256'],
      currentDate: options.now,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC') throw unreachable(provider);
    throw notVerified(provider);
  }
}

const claimString = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** Apple sends "true"/"false" strings, Google booleans. */
const claimTrue = (value: unknown) => value === true || value === 'true';

/** Google: the authorization code is exchanged at the token endpoint, then its id token is verified. */
export async function verifyGoogle(settings: ProviderSettings, code: string, now: Date): Promise<ProviderIdentity> {
  const clientId = settings.client_id ?? '';
  const body = await fetchJson('google', settings.token_url ?? PROVIDER_DEFAULTS.google.token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: clientId,
      client_secret: settings.client_secret ?? '',
      // Google's popup code flow uses "postmessage" as the redirect URI.
      redirect_uri: settings.redirect_url ?? 'postmessage',
      grant_type: 'authorization_code',
    }),
  });
  const idToken = claimString(body.id_token);
  if (!idToken) throw notVerified('google');
  const claims = await verifyIdToken('google', idToken, {
    jwksUrl: settings.jwks_url ?? PROVIDER_DEFAULTS.google.jwks_url,
    issuers: settings.issuer ? [settings.issuer] : PROVIDER_DEFAULTS.google.issuers,
    audience: clientId,
    now,
  });
  return {
    subject: String(claims.sub),
    email: claimString(claims.email)?.toLowerCase() ?? null,
    emailVerified: claimTrue(claims.email_verified),
    name: claimString(claims.name),
  };
}

/**
 * Facebook: the browser's access token is checked with debug_token (issued to our app, valid),
 * then /me gives the profile. Facebook only returns confirmed e-mail addresses.
 */
export async function verifyFacebook(settings: ProviderSettings, accessToken: string): Promise<ProviderIdentity> {
  const graph = (settings.graph_url ?? PROVIDER_DEFAULTS.facebook.graph_url).replace(/\/$/, '');
  const appId = settings.client_id ?? '';
  const secret = settings.client_secret ?? '';
  const debug = await fetchJson(
    'facebook',
    `${graph}/debug_token?${new URLSearchParams({ input_token: accessToken, access_token: `${appId}|${secret}` })}`,
  );
  const data = (debug.data ?? {}) as Record<string, unknown>;
  if (data.is_valid !== true || String(data.app_id ?? '') !== appId || !data.user_id) throw notVerified('facebook');
  const proof = createHmac('sha256', secret).update(accessToken).digest('hex');
  const me = await fetchJson(
    'facebook',
    `${graph}/me?${new URLSearchParams({ fields: 'id,name,email', access_token: accessToken, appsecret_proof: proof })}`,
  );
  if (String(me.id ?? '') !== String(data.user_id)) throw notVerified('facebook');
  const email = claimString(me.email)?.toLowerCase() ?? null;
  return { subject: String(me.id), email, emailVerified: email !== null, name: claimString(me.name) };
}

/** Apple: the id token from Apple's JS is verified against Apple's keys. */
export async function verifyApple(
  settings: ProviderSettings,
  idToken: string,
  name: string | null,
  now: Date,
): Promise<ProviderIdentity> {
  const claims = await verifyIdToken('apple', idToken, {
    jwksUrl: settings.jwks_url ?? PROVIDER_DEFAULTS.apple.jwks_url,
    issuers: settings.issuer ? [settings.issuer] : PROVIDER_DEFAULTS.apple.issuers,
    audience: settings.client_id ?? '',
    now,
  });
  return {
    subject: String(claims.sub),
    email: claimString(claims.email)?.toLowerCase() ?? null,
    emailVerified: claimTrue(claims.email_verified),
    name,
  };
}
