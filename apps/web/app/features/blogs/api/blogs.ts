import { BLOGS_PER_PAGE } from '@shop/contracts/content';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contentContracts = () => import('@shop/contracts/content');

/** GET /api/blogs: one page of posts, optionally of one category. */
export function blogsQueryOptions(api: ApiClient, page: number, categoryId: number | undefined) {
  return queryOptions({
    queryKey: ['blogs', { page, per_page: BLOGS_PER_PAGE, category_id: categoryId ?? null }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/blogs', {
          schema: () => contentContracts().then((c) => c.blogsReplySchema),
          query: { page, per_page: BLOGS_PER_PAGE, category_id: categoryId },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/blog/{slug}/details: the post, related and popular posts and products. */
export function blogDetailsQueryOptions(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['blog', slug] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/blog/${encodeURIComponent(slug)}/details`, {
          schema: () => contentContracts().then((c) => c.blogDetailsReplySchema),
          signal,
        })
      ).data,
  });
}
