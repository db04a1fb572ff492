import { JsonLd } from '../../components/seo/json-ld';
import { ContentPage } from '../../features/pages/components/content-page';
import { loadContentPage, summaryOf } from '../../features/pages/load-page';
import { useMaster } from '../../lib/api/master';
import { paths } from '../../lib/paths';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/page';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadContentPage(request, context, params.slug);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  return seoMeta({
    title: loaderData?.page?.title,
    description: loaderData?.page ? summaryOf(loaderData.page.description) : undefined,
    path: paths.page(loaderData?.slug ?? ''),
    appName,
    publicUrl,
  });
}

/** /page/{slug}: any CMS page. */
export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { master } = useMaster();
  return (
    <>
      {loaderData.page && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'WebPage',
            name: loaderData.page.title,
            url: absoluteUrl(master?.baseUrl ?? '', paths.page(loaderData.slug)),
          }}
        />
      )}
      <ContentPage slug={loaderData.slug} />
    </>
  );
}
