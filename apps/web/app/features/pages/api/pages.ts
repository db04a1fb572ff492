import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contentContracts = () => import('@shop/contracts/content');

/** GET /api/legal-pages/{slug}: a policy or CMS page's title and HTML. */
export function pageQueryOptions(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['page', slug] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/legal-pages/${encodeURIComponent(slug)}`, {
          schema: () => contentContracts().then((c) => c.legalPageReplySchema),
          signal,
        })
      ).data.content,
  });
}
