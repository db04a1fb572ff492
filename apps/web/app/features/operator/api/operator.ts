import type { LoginRequest } from '@shop/contracts/auth';
import type { OperatorShopsReply, OperatorTicket, OperatorTicketsReply } from '@shop/contracts/operator';
import type { ShopStatus } from '@shop/contracts/sellers';
import type { TicketStatus, TicketTab } from '@shop/contracts/support';
import type { LoginReply } from '@shop/contracts/two-step';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const operatorContracts = () => import('@shop/contracts/operator');
const authContracts = () => import('@shop/contracts/auth');

export const operatorQueryKey = ['operator'] as const;
export const OPERATOR_PER_PAGE = 20;

/** GET /api/operator/shops: shops of one approval state (pending by default). */
export function operatorShopsQueryOptions(api: ApiClient, status: ShopStatus, page = 1) {
  return queryOptions({
    queryKey: [...operatorQueryKey, 'shops', status, page] as const,
    queryFn: async ({ signal }): Promise<OperatorShopsReply['data']> =>
      (
        await api.request('/api/operator/shops', {
          schema: () => operatorContracts().then((c) => c.operatorShopsReplySchema),
          query: { status, page, per_page: OPERATOR_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function operatorTicketsQueryOptions(api: ApiClient, tab: TicketTab, page = 1) {
  return queryOptions({
    queryKey: [...operatorQueryKey, 'tickets', tab, page] as const,
    queryFn: async ({ signal }): Promise<OperatorTicketsReply['data']> =>
      (
        await api.request('/api/operator/support-tickets', {
          schema: () => operatorContracts().then((c) => c.operatorTicketsReplySchema),
          query: { status: tab, page, per_page: OPERATOR_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function operatorTicketQueryOptions(api: ApiClient, ticketNumber: string) {
  return queryOptions({
    queryKey: [...operatorQueryKey, 'ticket', ticketNumber] as const,
    queryFn: async ({ signal }): Promise<OperatorTicket> =>
      (
        await api.request(`/api/operator/support-tickets/${encodeURIComponent(ticketNumber)}`, {
          schema: () => operatorContracts().then((c) => c.operatorTicketReplySchema),
          signal,
        })
      ).data.support_ticket,
    retry: false,
  });
}

export function useOperatorLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: LoginRequest): Promise<LoginReply> =>
      api.request('/api/operator/login', {
        method: 'POST',
        body: input,
        schema: () => import('@shop/contracts/two-step').then((c) => c.loginReplySchema),
      }),
  });
}

/** Approve or reject a shop; the lists are read again. */
export function useDecideShop() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: 'approve' | 'reject' }) =>
      api.request(`/api/operator/shops/${id}/${action}`, {
        method: 'POST',
        body: {},
        schema: () => operatorContracts().then((c) => c.operatorShopReplySchema),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...operatorQueryKey, 'shops'] }),
  });
}

/** The ticket actions: user chat on/off, status, reply; the ticket and the lists are read again. */
export function useTicketAction(ticketNumber: string) {
  const api = useApi();
  const client = useQueryClient();
  const path = `/api/operator/support-tickets/${encodeURIComponent(ticketNumber)}`;
  return useMutation({
    mutationFn: async (
      action:
        | { kind: 'user-chat'; enabled: boolean }
        | { kind: 'status'; status: TicketStatus }
        | { kind: 'reply'; message: string },
    ) => {
      if (action.kind === 'reply') {
        return api.request(`${path}/reply`, {
          method: 'POST',
          body: { message: action.message },
          schema: () => operatorContracts().then((c) => c.operatorTicketReplySchema),
        });
      }
      return api.request(`${path}/${action.kind}`, {
        method: 'POST',
        body: action.kind === 'status' ? { status: action.status } : { enabled: action.enabled },
        schema: () => authContracts().then((c) => c.messageReplySchema),
      });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: operatorQueryKey }),
  });
}

export function useOperatorLogout() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api.request('/api/logout', { method: 'POST', schema: () => authContracts().then((c) => c.messageReplySchema) }),
    onSettled: () => client.removeQueries({ queryKey: operatorQueryKey }),
  });
}
