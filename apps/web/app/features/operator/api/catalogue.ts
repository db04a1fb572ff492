import type {
  AdminBrand,
  AdminCategory,
  AdminColor,
  AdminSize,
  AdminSubCategory,
  AdminUnit,
} from '@shop/contracts/catalog-admin';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { BACK_OFFICE_PER_PAGE } from './back-office';
import { operatorQueryKey } from './operator';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/catalog-admin');
const actionContracts = () => import('@shop/contracts/operator-back-office');

type Query = Record<string, string | number | undefined>;
const catalogueKey = [...operatorQueryKey, 'catalogue'] as const;

/** Each list of the catalogue structure: its address and how its page of rows is read from the reply. */
const LISTS = {
  categories: {
    path: '/api/operator/categories',
    read: async (api: ApiClient, query: Query, signal: AbortSignal) => {
      const { data } = await api.request('/api/operator/categories', {
        schema: () => contracts().then((c) => c.adminCategoryListReplySchema),
        query,
        signal,
      });
      return { total: data.total, rows: data.categories };
    },
  },
  'sub-categories': {
    path: '/api/operator/sub-categories',
    read: async (api: ApiClient, query: Query, signal: AbortSignal) => {
      const { data } = await api.request('/api/operator/sub-categories', {
        schema: () => contracts().then((c) => c.adminSubCategoryListReplySchema),
        query,
        signal,
      });
      return { total: data.total, rows: data.sub_categories };
    },
  },
  brands: {
    path: '/api/operator/brands',
    read: async (api: ApiClient, query: Query, signal: AbortSignal) => {
      const { data } = await api.request('/api/operator/brands', {
        schema: () => contracts().then((c) => c.adminBrandListReplySchema),
        query,
        signal,
      });
      return { total: data.total, rows: data.brands };
    },
  },
  colors: {
    path: '/api/operator/colors',
    read: async (api: ApiClient, query: Query, signal: AbortSignal) => {
      const { data } = await api.request('/api/operator/colors', {
        schema: () => contracts().then((c) => c.adminColorListReplySchema),
        query,
        signal,
      });
      return { total: data.total, rows: data.colors };
    },
  },
  sizes: {
    path: '/api/operator/sizes',
    read: async (api: ApiClient, query: Query, signal: AbortSignal) => {
      const { data } = await api.request('/api/operator/sizes', {
        schema: () => contracts().then((c) => c.adminSizeListReplySchema),
        query,
        signal,
      });
      return { total: data.total, rows: data.sizes };
    },
  },
  units: {
    path: '/api/operator/units',
    read: async (api: ApiClient, query: Query, signal: AbortSignal) => {
      const { data } = await api.request('/api/operator/units', {
        schema: () => contracts().then((c) => c.adminUnitListReplySchema),
        query,
        signal,
      });
      return { total: data.total, rows: data.units };
    },
  },
} as const;

export type CatalogueList = keyof typeof LISTS;
export interface CatalogueRows {
  categories: AdminCategory;
  'sub-categories': AdminSubCategory;
  brands: AdminBrand;
  colors: AdminColor;
  sizes: AdminSize;
  units: AdminUnit;
}

/** The address of a list; one row's is `${path}/${id}`. */
export const cataloguePath = (list: CatalogueList) => LISTS[list].path;

/** A page of one list of the catalogue structure (search, sort, paging on the server). */
export function catalogueListQueryOptions<L extends CatalogueList>(api: ApiClient, list: L, query: Query) {
  return queryOptions({
    queryKey: [...catalogueKey, list, query] as const,
    // Each list's reader answers with its own rows (LISTS and CatalogueRows name the same lists).
    queryFn: ({ signal }) =>
      LISTS[list].read(api, { per_page: BACK_OFFICE_PER_PAGE, ...query }, signal) as Promise<{
        total: number;
        rows: CatalogueRows[L][];
      }>,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The id of the row a save answered with (`{ category: {...} }`, `{ brand: {...} }`, ...). */
export function savedRowId(data: unknown): number | null {
  if (!data || typeof data !== 'object') return null;
  const row = Object.values(data)[0] as { id?: unknown } | undefined;
  return typeof row?.id === 'number' ? row.id : null;
}

/**
 * Every write of the catalogue structure (add, change, delete with the products' new place): the
 * catalogue's lists are read again after it, the rest of the back office is left alone.
 */
export function useCatalogueWrite() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      path,
      method,
      body,
      query,
    }: {
      path: string;
      method: 'POST' | 'PUT' | 'DELETE';
      body?: object | FormData;
      query?: Query;
    }) =>
      api.request(path, {
        method,
        ...(body ? { body } : {}),
        ...(query ? { query } : {}),
        schema: () => actionContracts().then((c) => c.operatorActionReplySchema),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogueKey }),
  });
}
