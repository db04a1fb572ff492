import { JsonLd } from '../../components/seo/json-ld';
import { blogsQueryOptions } from '../../features/blogs/api/blogs';
import { BlogsPage, blogsHref } from '../../features/blogs/components/blogs-page';
import { metaTranslator } from '../../features/catalog/meta-text';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/blogs';

function positiveInt(value: string | null): number | undefined {
  const n = value && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  return n >= 1 ? n : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = positiveInt(params.get('page')) ?? 1;
  const categoryId = positiveInt(params.get('category'));
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the page shows its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(blogsQueryOptions(api, page, categoryId)),
  );
  return { page, categoryId, dehydratedState };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Blogs'),
    description: t('News, shopping tips and stories from the sellers of {{app}}.', { app: appName }),
    path: blogsHref(loaderData?.categoryId, loaderData?.page ?? 1),
    appName,
    publicUrl,
  });
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { master } = useMaster();
  const origin = master?.baseUrl ?? '';
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: t('Home'), item: absoluteUrl(origin, '/') },
            { '@type': 'ListItem', position: 2, name: t('Blogs'), item: absoluteUrl(origin, paths.blogs) },
          ],
        }}
      />
      <BlogsPage page={loaderData.page} categoryId={loaderData.categoryId} />
    </>
  );
}
