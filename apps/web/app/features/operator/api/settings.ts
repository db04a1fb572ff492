import type {
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
