// First: it configures Zod before any schema is built (see the module).
import './lib/zod-without-eval';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, LOCALE_COOKIE } from '@shop/contracts/constants';
import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  HydrationBoundary,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { JsonLd } from './components/seo/json-ld';
import { buttonClass } from './components/ui/button';
import { HydratedProvider, useHydrated } from './components/ui/hydrated';
import { MediaBase } from './components/ui/img';
import { DisplayCurrencyProvider } from './components/ui/price';
import { Toaster } from './components/ui/toaster';
import { CartSelectionProvider, readCartSelectionCookie } from './entities/cart/stores/cart-selection';
import { fetchSessionUser, hasSessionCookie } from './features/auth/api/auth-api';
import { SessionSync } from './features/auth/components/session-sync';
import { AuthProvider } from './features/auth/stores/auth-store';
import { translationsQueryOptions } from './features/settings/api/translations';
import { themeVariables } from './features/settings/theme';
import { WithChat } from './layouts/with-chat';
import { masterQueryOptions, useMaster } from './lib/api/master';
import { createApiClient } from './lib/api-client';
import { ApiProvider, apiFromRequest, useApi } from './lib/api-context';
import { preferenceCookie, readCurrencyCookie, readLocaleCookie, resolveLocale } from './lib/cookies';
import { TranslateProvider, useI18nInstance, useT } from './lib/i18n';
import { keepStrings, stringsPreload } from './lib/i18n-strings';
import { MarketTimeZoneProvider } from './lib/market-time';
import { paths } from './lib/paths';
import { PreferencesProvider, useLocaleStoreApi } from './lib/preferences';
import { makeQueryClient, makeServerQueryClient, mergeDehydratedStates } from './lib/query-client';
import { absoluteUrl, readLangParam } from './lib/seo';

/** Used only when the settings (which name each language's direction) could not be loaded. */
const RTL_LOCALES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'ku', 'dv', 'yi']);

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * Settings and the interface strings for every page. The language is the visitor's `locale`
 * cookie when the shop offers it (default en); failures are silent: the page renders without
 * those parts and the browser retries. The mega-menu's categories load in the browser: the menu
 * draws them only when it opens, and sending them with every page cost 10 KB of each page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookieHeader = request.headers.get('cookie');
  const cookieLocale = readLocaleCookie(cookieHeader);
  // `?lang=xx` (the hreflang alternates of lib/seo.ts) wins over the cookie and becomes the choice.
  const url = new URL(request.url);
  const langParam = readLangParam(url.searchParams.get('lang'));
  const requestedLocale = langParam ?? cookieLocale;
  const currency = readCurrencyCookie(cookieHeader) ?? null;

  const prefetch = async (locale: string) => {
    const client = makeServerQueryClient();
    const api = apiFromRequest(request, context, locale);
    const [master] = await Promise.allSettled([
      client.fetchQuery(masterQueryOptions(api)),
      client.prefetchQuery(translationsQueryOptions(api, locale)),
    ]);
    const strings = client.getQueryData(translationsQueryOptions(api, locale).queryKey);
    if (strings) keepStrings(locale, strings);
    return { client, master: master.status === 'fulfilled' ? master.value : undefined };
  };

  // Who is signed in (the session cookie, forwarded), alongside the settings: the header renders right on the server.
  const sessionUser = hasSessionCookie(cookieHeader) ? fetchSessionUser(apiFromRequest(request, context)) : null;
  let locale = requestedLocale ?? DEFAULT_LOCALE;
  let { client, master } = await prefetch(locale);
  const availableLocales = master?.languages.map((l) => l.name) ?? [];
  // A ?lang the shop does not offer is ignored in favour of the visitor's cookie.
  const offeredParam = langParam && (availableLocales.length === 0 || availableLocales.includes(langParam));
  const resolved = resolveLocale(offeredParam ? langParam : cookieLocale, availableLocales, master?.app_locale);
  if (resolved !== locale) {
    // The cookie or ?lang named a language the shop does not offer: load everything in the one it does.
    locale = resolved;
    ({ client, master } = await prefetch(locale));
  }
  const direction =
    master?.languages.find((l) => l.name === locale)?.direction ?? (RTL_LOCALES.has(locale) ? 'rtl' : 'ltr');

  const headers = new Headers({ Vary: 'Cookie' });
  const chosenByParam = langParam !== undefined && langParam === locale;
  if (chosenByParam && cookieLocale !== locale) {
    headers.append('Set-Cookie', preferenceCookie(LOCALE_COOKIE, locale, url.protocol === 'https:'));
  }

  return data(
    {
      locale,
      dir: direction,
      currency,
      hadLocaleCookie: cookieLocale === locale || chosenByParam,
      availableLocales,
      appName: master?.app_name ?? '',
      publicUrl: master?.baseUrl ?? '',
      theme: themeVariables(master?.theme_colors),
      timeZone: master?.time_zone ?? DEFAULT_TIME_ZONE,
      mediaUrl: master?.media_url ?? null,
      // The strings are not sent inside the page: the browser loads them from their own address.
      dehydratedState: dehydrate(client, {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.queryKey[0] !== 'translations',
      }),
      sessionUser: await sessionUser,
      // The cart drawer's shop selection (entities/cart), so the checkout renders on the server.
      cartSelection: readCartSelectionCookie(cookieHeader),
    },
    { headers },
  );
}

/** The page depends on the language and currency cookies: caches must key on them. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Settings and strings change with a language switch, which reloads the page; mutations refresh them. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  return false;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.appName ?? '' }];

type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const dir = root?.dir ?? 'ltr';
  // The page's strings, asked for early; entry.client.tsx waits for them before hydrating.
  const strings = stringsPreload(locale);
  return (
    <html lang={locale} dir={dir} style={root?.theme} data-strings={strings?.href}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {strings && <link rel="preload" as="fetch" href={strings.href} crossOrigin="anonymous" />}
        {/* A stylesheet with a precedence is written by React ahead of the script preloads, so the only render-blocking file does not queue behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content={root?.theme?.['--color-primary'] ?? '#059673'} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <AppProviders root={root}>{children}</AppProviders>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function AppProviders({ root, children }: { root: RootData | undefined; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const matches = useMatches();
  const routeStates = matches.map(
    (m) => (m.loaderData as { dehydratedState?: DehydratedState } | undefined)?.dehydratedState,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the states' identities are the real inputs.
  const state = useMemo(() => mergeDehydratedStates(routeStates), routeStates);
  const locale = root?.locale ?? DEFAULT_LOCALE;
  return (
    <QueryClientProvider client={queryClient}>
      <HydratedProvider>
        <HydrationBoundary state={state}>
          <PreferencesProvider
            locale={locale}
            currency={root?.currency ?? null}
            hadLocaleCookie={root?.hadLocaleCookie ?? false}
            availableLocales={root?.availableLocales ?? []}
          >
            <AuthProvider user={root?.sessionUser ?? null}>
              <BrowserApi>
                <I18nRoot locale={locale}>
                  <TranslateProvider>
                    <DisplayCurrencyProvider>
                      <MarketTimeZoneProvider timeZone={root?.timeZone}>
                        <CartSelectionProvider initial={root?.cartSelection ?? null}>
                          <MediaBase.Provider value={root?.mediaUrl ?? null}>
                            <WithChat>
                              <OrganizationJsonLd />
                              {children}
                              <Toaster rtl={root?.dir === 'rtl'} />
                              <SessionSync />
                            </WithChat>
                          </MediaBase.Provider>
                        </CartSelectionProvider>
                      </MarketTimeZoneProvider>
                    </DisplayCurrencyProvider>
                  </TranslateProvider>
                </I18nRoot>
              </BrowserApi>
            </AuthProvider>
          </PreferencesProvider>
        </HydrationBoundary>
      </HydratedProvider>
    </QueryClientProvider>
  );
}

/** Who runs the site, on every page (schema.org Organization): name, address, logo, social profiles. */
function OrganizationJsonLd() {
  const { master } = useMaster();
  if (!master?.app_name || !master.baseUrl) return null;
  const origin = master.baseUrl;
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: master.app_name,
        url: absoluteUrl(origin, '/'),
        ...(master.web_logo ? { logo: absoluteUrl(origin, master.web_logo) } : {}),
        ...(master.mobile ? { telephone: master.mobile } : {}),
        ...(master.address ? { address: master.address } : {}),
        sameAs: master.social_links.map((l) => l.link).filter((link) => /^https?:\/\//.test(link)),
      }}
    />
  );
}

/** The browser's API client: same origin, Accept-Language from the locale store at call time. */
function BrowserApi({ children }: { children: ReactNode }) {
  const localeStore = useLocaleStoreApi();
  const [client] = useState(() => createApiClient({ origin: '', locale: () => localeStore.getState().locale }));
  return <ApiProvider client={client}>{children}</ApiProvider>;
}

/** One i18next instance per render root, built from the strings the root loader fetched. */
function I18nRoot({ locale, children }: { locale: string; children: ReactNode }) {
  const api = useApi();
  const translations = useQuery(translationsQueryOptions(api, locale)).data;
  const i18n = useI18nInstance(locale, translations);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export default function App() {
  const hydrated = useHydrated();
  useEffect(() => {
    // Marks the page interactive, so browser tests (and support) can tell SSR HTML from a hydrated
    // app: set once the widgets that mount after hydration (components/ui/hydrated.tsx) are there.
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? t('Page Not Found') : t('Something went wrong');
  const detail = notFound
    ? t('The page you are looking for does not exist or has been moved.')
    : t('An unexpected error occurred. Please try again in a moment.');
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-6 text-center">
      <title>{heading}</title>
      <p className="text-6xl font-bold text-primary-600">{notFound ? '404' : '500'}</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">{heading}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <Link to={paths.home} className={buttonClass('primary', 'lg', 'mt-8')} reloadDocument>
        {t('Back to Home')}
      </Link>
    </main>
  );
}
