import type {
  OperatorCurrencies,
  OperatorCurrenciesInput,
  OperatorFooters,
  OperatorFootersOutput,
  OperatorLanguages,
  OperatorLanguagesInput,
  OperatorMenus,
  OperatorMenusInput,
  OperatorPaymentGateway,
  OperatorPaymentGatewayInput,
  OperatorSettings,
  OperatorSettingsReply,
  OperatorSettingsSection,
  OperatorSocialLinks,
  OperatorSocialLinksInput,
  SettingsImage,
} from '@shop/contracts/operator-settings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useStepUp } from '../../../entities/security/components/step-up';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { operatorQueryKey } from './operator';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/operator-settings');
const settingsKey = [...operatorQueryKey, 'settings'] as const;

export function operatorSettingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: async ({ signal }): Promise<OperatorSettings> =>
      (
        await api.request('/api/operator/settings', {
          schema: () => contracts().then((c) => c.operatorSettingsReplySchema),
          signal,
        })
      ).data.settings,
    retry: false,
  });
}

/** Saves one section of the settings; sign-in rules and keys may ask for a fresh two-step code first. */
export function useSaveSettings() {
  const api = useApi();
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: ({ section, body }: { section: OperatorSettingsSection; body: object }) =>
      withStepUp(() =>
        api.request(`/api/operator/settings/${section}`, {
          method: 'PUT',
          body,
          schema: () => contracts().then((c) => c.operatorSettingsReplySchema),
        }),
      ),
    onSuccess: (reply: OperatorSettingsReply) => {
      client.setQueryData(settingsKey, reply.data.settings);
      // The storefront's frame (/api/master) changes too.
      void client.invalidateQueries();
    },
  });
}

/** The lists of /operator/settings saved whole, by their path under /api/operator/settings/. */
export type SavedListPath = 'menus' | 'footers' | 'currencies' | 'languages' | 'social-links';

interface SavedLists {
  menus: { items: OperatorMenus; input: OperatorMenusInput };
  footers: { items: OperatorFooters; input: OperatorFootersOutput };
  currencies: { items: OperatorCurrencies; input: OperatorCurrenciesInput };
  languages: { items: OperatorLanguages; input: OperatorLanguagesInput };
  'social-links': { items: OperatorSocialLinks; input: OperatorSocialLinksInput };
}

const listReply = (path: SavedListPath) =>
  contracts().then(
    (c) =>
      ({
        menus: c.operatorMenusReplySchema,
        footers: c.operatorFootersReplySchema,
        currencies: c.operatorCurrenciesReplySchema,
        languages: c.operatorLanguagesReplySchema,
        'social-links': c.operatorSocialLinksReplySchema,
      })[path],
  );

/** One list's items, in their order (GET /api/operator/settings/{path}). */
export function savedListQueryOptions<P extends SavedListPath>(api: ApiClient, path: P) {
  return queryOptions({
    queryKey: [...settingsKey, path],
    queryFn: async ({ signal }) =>
      (await api.request(`/api/operator/settings/${path}`, { schema: () => listReply(path), signal })).data
        .items as SavedLists[P]['items'],
    retry: false,
  });
}

/** Replaces one list whole, in the order given; the storefront's frame follows. */
export function useSaveList<P extends SavedListPath>(path: P) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedLists[P]['input']) =>
      api.request(`/api/operator/settings/${path}`, { method: 'PUT', body, schema: () => listReply(path) }),
    onSuccess: (reply) => {
      client.setQueryData([...settingsKey, path], reply.data.items);
      void client.invalidateQueries();
    },
  });
}

const gatewaysKey = [...settingsKey, 'payment-gateways'] as const;

/** Every payment gateway: switch, mode, title and which keys are set (never their values). */
export function operatorPaymentGatewaysQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: gatewaysKey,
    queryFn: async ({ signal }): Promise<OperatorPaymentGateway[]> =>
      (
        await api.request('/api/operator/settings/payment-gateways', {
          schema: () => contracts().then((c) => c.operatorPaymentGatewaysReplySchema),
          signal,
        })
      ).data.payment_gateways,
    retry: false,
  });
}

/** Saves one gateway; keys move money, so a fresh two-step code may be asked first. */
export function useSavePaymentGateway() {
  const api = useApi();
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: OperatorPaymentGatewayInput }) =>
      withStepUp(() =>
        api.request(`/api/operator/settings/payment-gateways/${encodeURIComponent(name)}`, {
          method: 'PUT',
          body,
          schema: () => contracts().then((c) => c.operatorPaymentGatewaysReplySchema),
        }),
      ),
    onSuccess: (reply) => {
      client.setQueryData(gatewaysKey, reply.data.payment_gateways);
      void client.invalidateQueries();
    },
  });
}

/** Replaces one picture of the settings (multipart `image`), or removes it when `file` is null. */
export function useSettingsImage(kind: SettingsImage) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      const schema = () => contracts().then((c) => c.operatorSettingsReplySchema);
      if (!file) return api.request(`/api/operator/settings/images/${kind}`, { method: 'DELETE', schema });
      const form = new FormData();
      form.append('image', file, file.name);
      return api.request(`/api/operator/settings/images/${kind}`, { method: 'POST', body: form, schema });
    },
    onSuccess: (reply: OperatorSettingsReply) => {
      client.setQueryData(settingsKey, reply.data.settings);
      void client.invalidateQueries();
    },
  });
}
