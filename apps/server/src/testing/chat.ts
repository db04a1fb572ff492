import { CSRF_HEADER_VALUE, SESSION_COOKIE } from '@shop/contracts/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import type { App } from '../deps';
import type { Services } from '../services';

type Headers = Record<string, string>;

export interface SellerSession {
  userId: number;
  token: string;
  bearerHeaders: { authorization: string };
  cookieHeaders: { cookie: string; 'x-requested-with': string };
}

/**
 * A session of a seeded shop's demo seller (`<shop-slug>@example.com`). Made through the sessions
 * service: /api/login is for shoppers only, and the seller sign-in comes with the Seller Centre.
 */
export async function signInSeller(
  ctx: { db: Database; services: Pick<Services, 'sessions'> },
  shopSlug: string,
): Promise<SellerSession> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${shopSlug}@example.com`));
  if (!user) throw new Error(`no demo seller for ${shopSlug}`);
  const { token } = await ctx.services.sessions.createSession(user.id);
  return {
    userId: user.id,
    token,
    bearerHeaders: { authorization: `Bearer ${token}` },
    cookieHeaders: { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': CSRF_HEADER_VALUE },
  };
}

/** The chat calls of one signed-in client, shopper's and seller's. */
export function chatCalls(app: App, headers: Headers) {
  const get = (url: string, extra: Headers = {}) =>
    app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });
  return {
    store: (payload: Record<string, unknown>) => post('/api/store-message', payload),
    send: (payload: Record<string, unknown>) => post('/api/send-message', payload),
    shops: (query = '', extra: Headers = {}) => get(`/api/get-shops${query}`, extra),
    messages: (query: string) => get(`/api/get-message${query}`),
    unread: (query = '') => get(`/api/unread-messages${query}`),
    sellerConversations: (query = '') => get(`/api/seller/conversations${query}`),
    sellerMessages: (query: string) => get(`/api/seller/messages${query}`),
    sellerSend: (payload: Record<string, unknown>) => post('/api/seller/send-message', payload),
    sellerUnread: (query = '') => get(`/api/seller/unread-messages${query}`),
  };
}
