import type { Master } from '@shop/contracts/settings';
import type { DehydratedState } from '@tanstack/react-query';
import type { MetaDescriptor } from 'react-router';
import { DigitalShortcuts } from '../../features/digital/components/digital-shortcuts';
import { homeFirstScreenQueryOptions } from '../../features/home/api/home-query-options';
import { HomePage } from '../../features/home/components/home-page';
import { masterQueryKey, useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  // Only the first screen comes with the page; the sections below it load as the visitor scrolls.
  // A failed prefetch is not fatal: the page renders its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(homeFirstScreenQueryOptions(api)));
  // The flash-sale countdowns render from this clock on the server and on hydration alike.
  return { dehydratedState, now: Date.now() };
}

/** The site settings the root loader already fetched (its dehydrated `master` query), if any. */
function masterFromMatches(matches: Route.MetaArgs['matches']): Master | undefined {
  const root = matches.find((m) => m?.id === 'root') as
    | { loaderData?: { dehydratedState?: DehydratedState } }
    | undefined;
  const query = root?.loaderData?.dehydratedState?.queries.find((q) => q.queryKey[0] === masterQueryKey[0]);
  return query?.state.data as Master | undefined;
}

export function meta({ matches }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const master = masterFromMatches(matches);
  // The shop's own description (settings, in its language) when set; otherwise a plain summary.
  const description =
    master?.web_footer_description?.trim() ||
    (appName
      ? `Shop flash sales, popular products and top rated shops on ${appName}.`
      : 'Shop flash sales, popular products and top rated shops.');
  // The home page's title is the app name alone; the Organization is site-wide (root).
  const entries: MetaDescriptor[] = seoMeta({
    title: null,
    description,
    path: '/',
    appName,
    publicUrl,
    image: master?.web_logo,
  });
  if (publicUrl) {
    const origin = publicUrl.replace(/\/$/, '');
    entries.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: appName,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/products?search={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    });
  }
  return entries;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { master } = useMaster();
  return (
    <HomePage
      heading={master?.app_name || t('Home')}
      now={loaderData.now}
      multiVendor={master?.multi_vendor ?? false}
      topUps={<DigitalShortcuts />}
    />
  );
}
