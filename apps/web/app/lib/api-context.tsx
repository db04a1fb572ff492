import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import { createContext, type ReactNode, useContext } from 'react';
import { type ApiClient, createApiClient } from './api-client';
import { acceptLanguageFor, readLocaleCookie } from './cookies';

declare module 'react-router' {
  interface AppLoadContext {
    /** Where loaders reach the API during SSR (apps/server passes its loopback address). */
    apiOrigin: string;
    /**
     * Sends the loaders' API calls into the serving process without a connection (apps/server
     * plugins/web.ts): a call over loopback HTTP cost a second request's CPU. Without it they go
     * to `apiOrigin` over HTTP.
     */
    apiFetch?: typeof fetch;
    /**
     * Headers for every API call of this render: the visitor's address with a proof, known only to
     * the serving process, that the call is its own (plugins/client-ip.ts on the server).
     */
    apiHeaders?: Record<string, string>;
    /** This page's Content-Security-Policy nonce (apps/server plugins/content-security-policy.ts). */
    cspNonce?: string;
  }
}

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The API client of the browser: same origin, language from the locale store. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi() needs <ApiProvider> (rendered by app/root.tsx).');
  return client;
}

/**
 * Request headers worth passing on to the API during SSR (session, client hints). The visitor's
 * address goes in the load context's `apiHeaders`, which the API trusts; these it does not.
 */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'x-real-ip'] as const;

/**
 * The API client of a loader: the internal API origin, the visitor's cookie (session, choices),
 * and Accept-Language naming the language the page renders in (the `locale` cookie, default en)
 * so translated names match the interface.
 */
export function apiFromRequest(
  request: Request,
  context: { apiOrigin?: string; apiHeaders?: Record<string, string>; apiFetch?: typeof fetch } | undefined,
  locale?: string,
): ApiClient {
  // Loopback: compressing the reply would only cost both ends CPU.
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  Object.assign(headers, context?.apiHeaders);
  const chosen = locale ?? readLocaleCookie(request.headers.get('cookie')) ?? DEFAULT_LOCALE;
  const acceptLanguage = acceptLanguageFor(chosen, request.headers.get('accept-language'));
  return createApiClient({
    // Outside apps/server (e.g. `react-router dev`) the API is expected on the page's own origin.
    origin: context?.apiOrigin || new URL(request.url).origin,
    locale: () => acceptLanguage,
    headers,
    ...(context?.apiFetch ? { fetch: context.apiFetch } : {}),
  });
}
