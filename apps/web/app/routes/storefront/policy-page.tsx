import { JsonLd } from '../../components/seo/json-ld';
import { ContentPage } from '../../features/pages/components/content-page';
import { loadContentPage, summaryOf } from '../../features/pages/load-page';
import { useMaster } from '../../lib/api/master';
import { paths } from '../../lib/paths';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/policy-page';

/** /terms-and-conditions, /privacy-policy, /return-policy, /about-us: the page of the same slug. */
function slugOf(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
}

export function loader({ request, context }: Route.LoaderArgs) {
  return loadContentPage(request, context, slugOf(request));
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  return seoMeta({
    title: loaderData?.page?.title,
    description: loaderData?.page ? summaryOf(loaderData.page.description) : undefined,
    path: paths.policy(loaderData?.slug ?? ''),
    appName,
    publicUrl,
  });
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { master } = useMaster();
  const url = absoluteUrl(master?.baseUrl ?? '', paths.policy(loaderData.slug));
  return (
    <>
      {loaderData.page && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': loaderData.slug === 'about-us' ? 'AboutPage' : 'WebPage',
            name: loaderData.page.title,
            url,
            ...(master?.app_name ? { isPartOf: { '@type': 'WebSite', name: master.app_name } } : {}),
          }}
        />
      )}
      <ContentPage slug={loaderData.slug} />
    </>
  );
}
