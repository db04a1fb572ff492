import { IMPORT_POLL_MS, type ImportJob, type ImportJobReply } from '@shop/contracts/seller-imports';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/seller-imports');

const importsKey = ['seller', 'imports'] as const;

/** The shop's catalogue as CSV in the import's template (a plain link: a GET carries the session). */
export const EXPORT_URL = '/api/seller/products/export';
/** An import's whole report as CSV. */
export const reportUrl = (id: number) => `/api/seller/products/imports/${id}/report`;

/** A job still at work: its page asks how far it got. */
export const isRunning = (job: Pick<ImportJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** GET /api/seller/products/imports: the shop's latest imports. */
export function importJobsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...importsKey, 'list'] as const,
    queryFn: async ({ signal }): Promise<ImportJob[]> =>
      (
        await api.request('/api/seller/products/imports', {
          schema: () => contracts().then((c) => c.importJobsReplySchema),
          signal,
        })
      ).data.jobs,
    staleTime: 0,
  });
}

/** GET /api/seller/products/imports/{id}: how far an import got, asked again every second while it runs. */
export function importJobQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...importsKey, 'one', id] as const,
    queryFn: async ({ signal }): Promise<ImportJob> =>
      (
        await api.request(`/api/seller/products/imports/${id}`, {
          schema: () => contracts().then((c) => c.importJobReplySchema),
          signal,
        })
      ).data.job,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** What an import starts from: the file and, optionally, the category for products whose own is not found. */
export interface ImportStart {
  file: File;
  defaultCategoryId: number | null;
  onProgress: (fraction: number) => void;
}

/** POST /api/seller/products/import (multipart `file`, `default_category_id`): the job, queued. */
export function useStartImport() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, defaultCategoryId, onProgress }: ImportStart): Promise<ImportJobReply> => {
      const form = new FormData();
      if (defaultCategoryId !== null) form.set('default_category_id', String(defaultCategoryId));
      form.set('file', file);
      return api.request('/api/seller/products/import', {
        method: 'POST',
        body: form,
        schema: () => contracts().then((c) => c.importJobReplySchema),
        onUploadProgress: onProgress,
      });
    },
    onSuccess: (reply) => {
      client.setQueryData([...importsKey, 'one', reply.data.job.id], reply.data.job);
      void client.invalidateQueries({ queryKey: [...importsKey, 'list'] });
    },
  });
}

/** An import finished: the catalogue's lists and the imports list are read again. */
export function useImportFinished() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['seller', 'products'] });
    void client.invalidateQueries({ queryKey: [...importsKey, 'list'] });
  };
}
