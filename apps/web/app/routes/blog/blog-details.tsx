import { dehydrate, useQuery } from '@tanstack/react-query';
import { data } from 'react-router';
import { JsonLd } from '../../components/seo/json-ld';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState } from '../../components/ui/states';
import { blogDetailsQueryOptions } from '../../features/blogs/api/blogs';
import { BlogDetailsPage } from '../../features/blogs/components/blog-details-page';
import { useMaster } from '../../lib/api/master';
import { ApiError } from '../../lib/api-client';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { makeServerQueryClient } from '../../lib/query-client';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/blog-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The view is counted here, once per visitor: the API learns the visitor's address from the load
  // context's headers (this loader also runs on the server for in-app navigations).
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  try {
    const details = await client.fetchQuery(blogDetailsQueryOptions(api, params.slug));
    return { slug: params.slug, blog: details.blog, dehydratedState: dehydrate(client) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    // Anything else (API down): the page shows its error state with "Try again".
    return { slug: params.slug, blog: null, dehydratedState: undefined };
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const blog = loaderData?.blog;
  return seoMeta({
    title: blog?.title,
    description: blog?.excerpt,
    path: paths.blog(loaderData?.slug ?? ''),
    appName,
    publicUrl,
    image: blog?.thumbnail,
    type: 'article',
  });
}

export default function BlogDetails({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const api = useApi();
  const { master } = useMaster();
  const query = useQuery(blogDetailsQueryOptions(api, loaderData.slug));
  const origin = master?.baseUrl ?? '';
  if (query.isPending) {
    return (
      <div role="status" className="space-y-4 rounded-2xl bg-white p-8 shadow-sm">
        <span className="sr-only">{t('Loading...')}</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="aspect-[16/10] w-full" />
      </div>
    );
  }
  if (!query.data) {
    return <ErrorState title={t('We could not load this post')} onRetry={() => void query.refetch()} />;
  }
  const { blog } = query.data;
  const url = absoluteUrl(origin, paths.blog(blog.slug));
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'BlogPosting',
              headline: blog.title,
              description: blog.excerpt,
              url,
              mainEntityOfPage: url,
              datePublished: blog.created_at,
              ...(blog.thumbnail ? { image: absoluteUrl(origin, blog.thumbnail) } : {}),
              author: { '@type': 'Person', name: blog.post_by.name },
              ...(master?.app_name ? { publisher: { '@type': 'Organization', name: master.app_name } } : {}),
              ...(blog.category ? { articleSection: blog.category.name } : {}),
              keywords: blog.tags.map((tag) => tag.name).join(', '),
              interactionStatistic: {
                '@type': 'InteractionCounter',
                interactionType: 'https://schema.org/ReadAction',
                userInteractionCount: blog.total_views,
              },
            },
            {
              '@type': 'BreadcrumbList',
              itemListElement: [
                { '@type': 'ListItem', position: 1, name: t('Home'), item: absoluteUrl(origin, '/') },
                { '@type': 'ListItem', position: 2, name: t('Blogs'), item: absoluteUrl(origin, paths.blogs) },
                { '@type': 'ListItem', position: 3, name: blog.title, item: url },
              ],
            },
          ],
        }}
      />
      <BlogDetailsPage data={query.data} />
    </>
  );
}
