import type { AuditLogReply } from '@shop/contracts/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const auditContracts = () => import('@shop/contracts/audit');

/** The filters of the page, as they stand in its address (`?actor=&shop=&kind=&from=&to=&page=`). */
export interface AuditLogFilters {
  actor: string;
  shop: string;
  kind: string;
  from: string;
  to: string;
  page: number;
}

export const AUDIT_FILTER_NAMES = ['actor', 'shop', 'kind', 'from', 'to'] as const;

export function filtersFrom(search: URLSearchParams): AuditLogFilters {
  const page = Number(search.get('page') ?? '1');
  return {
    actor: search.get('actor') ?? '',
    shop: search.get('shop') ?? '',
    kind: search.get('kind') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The query the API reads. The form's times are local `datetime-local` values; the API takes ISO
 * 8601, so they are sent as the instant they name in the operator's time zone.
 */
export function apiQuery(filters: AuditLogFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name].trim();
    if (!value) continue;
    if (name === 'from' || name === 'to') {
      const time = new Date(value);
      query[name] = Number.isNaN(time.getTime()) ? value : time.toISOString();
    } else query[name] = value;
  }
  return query;
}

/** GET /api/operator/audit-log. */
export function auditLogQueryOptions(api: ApiClient, filters: AuditLogFilters, perPage: number) {
  return queryOptions({
    queryKey: ['operator', 'audit-log', filters, perPage] as const,
    queryFn: async ({ signal }): Promise<AuditLogReply['data']> =>
      (
        await api.request('/api/operator/audit-log', {
          schema: () => auditContracts().then((c) => c.auditLogReplySchema),
          query: { ...apiQuery(filters), page: filters.page, per_page: perPage },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The export's address: the same filters, every page. */
export function csvHref(filters: AuditLogFilters): string {
  const search = new URLSearchParams(apiQuery(filters)).toString();
  return `/api/operator/audit-log.csv${search ? `?${search}` : ''}`;
}
