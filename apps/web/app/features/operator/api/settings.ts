import type {
  OperatorMenus,
  OperatorMenusInput,
  OperatorPaymentGateway,
  OperatorPaymentGatewayInput,
  OperatorSettings,
  OperatorSettingsReply,
  OperatorSettingsSection,
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

const menusKey = [...settingsKey, 'menus'] as const;

/** Every item of the storefront's menu, in its order (GET /api/operator/settings/menus). */
export function operatorMenusQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: menusKey,
    queryFn: async ({ signal }): Promise<OperatorMenus> =>
      (
        await api.request('/api/operator/settings/menus', {
          schema: () => contracts().then((c) => c.operatorMenusReplySchema),
          signal,
        })
      ).data.items,
    retry: false,
  });
}

/** Replaces the whole menu, in the order given. */
export function useSaveMenus() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorMenusInput) =>
      api.request('/api/operator/settings/menus', {
        method: 'PUT',
        body,
        schema: () => contracts().then((c) => c.operatorMenusReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData(menusKey, reply.data.items);
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
