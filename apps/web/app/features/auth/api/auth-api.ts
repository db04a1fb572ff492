import { SESSION_COOKIE } from '@shop/contracts/constants';
import { fetchProfile } from '../../../entities/profile/api/profile';
import { type ApiClient, ApiError } from '../../../lib/api-client';
import type { AuthUser } from '../stores/auth-store';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');
const authContracts = () => import('@shop/contracts/auth');

/**
 * The calls about who the shopper is. Replies carry `data.access.token` for
 * apps; the web app drops it on purpose: its session is the HttpOnly cookie the same reply sets.
 */

export interface LoginInput {
  phone: string;
  password: string;
}

export interface RegistrationInput {
  name: string;
  phone: string;
  email: string;
  password: string;
  country: string;
  phone_code: string;
}

export async function login(api: ApiClient, input: LoginInput): Promise<{ message: string; user: AuthUser }> {
  const reply = await api.request('/api/login', {
    method: 'POST',
    body: input,
    schema: () => authContracts().then((c) => c.authReplySchema),
  });
  return { message: reply.message, user: reply.data.user };
}

/**
 * GET /api/dev/demo-login: the demo customer the form is filled with. Only the person at the
 * server's own machine gets it (APP_ENV=local); anyone else gets 404, answered here as null.
 */
export async function demoLogin(api: ApiClient): Promise<LoginInput | null> {
  try {
    return (
      await api.request('/api/dev/demo-login', { schema: () => authContracts().then((c) => c.demoLoginReplySchema) })
    ).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function register(api: ApiClient, input: RegistrationInput): Promise<{ message: string; user: AuthUser }> {
  const reply = await api.request('/api/registration', {
    method: 'POST',
    body: input,
    schema: () => authContracts().then((c) => c.authReplySchema),
  });
  return { message: reply.message, user: reply.data.user };
}

export interface SendOtpInput {
  /** The account's phone number or e-mail address. */
  phone: string;
  phone_code: string | null;
  /** 1 selects the forgot-password channel; null the registration one. */
  forgot_password: 1 | null;
}

export async function sendOtp(api: ApiClient, input: SendOtpInput) {
  return api.request('/api/send-otp', {
    method: 'POST',
    body: input,
    schema: () => authContracts().then((c) => c.sendOtpReplySchema),
  });
}

export async function verifyOtp(api: ApiClient, input: { phone: string; otp: string; phone_code: string | null }) {
  return api.request('/verify-otp', {
    method: 'POST',
    body: input,
    schema: () => authContracts().then((c) => c.verifyOtpReplySchema),
  });
}

export async function resetPassword(
  api: ApiClient,
  input: { password: string; password_confirmation: string; token: string },
) {
  return api.request('/reset-password', {
    method: 'POST',
    body: input,
    schema: () => authContracts().then((c) => c.messageReplySchema),
  });
}

export type SocialProviderName = 'google' | 'facebook' | 'apple';

export async function socialSignIn(
  api: ApiClient,
  provider: SocialProviderName,
  input: { code: string | null; data?: unknown },
): Promise<{ message: string; user: AuthUser }> {
  const reply = await api.request(`/auth/${provider}/token`, {
    method: 'POST',
    body: input,
    schema: () => authContracts().then((c) => c.authReplySchema),
  });
  return { message: reply.message, user: reply.data.user };
}

/**
 * POST /api/logout; its reply is not read. The spec's GET /logout still answers the mobile apps,
 * but a state change goes by POST.
 */
export async function logout(api: ApiClient): Promise<void> {
  await api.request('/api/logout', { method: 'POST', schema: () => authContracts().then((c) => c.anyReplySchema) });
}

/** GET /api/update-last-seen; failures are silent. */
export async function updateLastSeen(api: ApiClient): Promise<void> {
  await api.request('/api/update-last-seen', {
    schema: () => authContracts().then((c) => c.lastSeenReplySchema.or(c.anyReplySchema)),
  });
}

/**
 * Who the session cookie belongs to, for the server render: null for a visitor (401) and when
 * the call fails for any other reason (the page then renders for a visitor and the browser's
 * calls find out soon enough).
 */
export async function fetchSessionUser(api: ApiClient): Promise<AuthUser | null> {
  try {
    return await fetchProfile(api);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) {
      if (import.meta.env.DEV) console.warn('profile check failed', error);
    }
    return null;
  }
}

/** The header's wishlist count: `total` of GET /favorite-products (one item is enough to get it). */
export async function fetchWishlistCount(api: ApiClient): Promise<number> {
  const reply = await api.request('/favorite-products', {
    query: { per_page: 1 },
    schema: () => accountContracts().then((c) => c.wishlistProductsReplySchema),
  });
  return reply.data.total;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Whether a request carries the session cookie at all (a visitor needs no profile call). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookieHeader);
}
