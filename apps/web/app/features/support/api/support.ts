import type { SendTicketMessageInput, TicketTab } from '@shop/contracts/support';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const supportContracts = () => import('@shop/contracts/support');
const ordersContracts = () => import('@shop/contracts/orders');

export const supportQueryKey = ['support-tickets'] as const;

/** GET /api/support-tickets: one tab's tickets and the count of every tab. */
export function supportTicketsQueryOptions(api: ApiClient, status: TicketTab, page: number) {
  return queryOptions({
    queryKey: [...supportQueryKey, 'list', status, page],
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/support-tickets', {
          query: { status, page },
          schema: () => supportContracts().then((c) => c.supportTicketsReplySchema),
          signal,
        })
      ).data,
  });
}

/** GET /api/ticket-issue-types (names in the interface language). */
export function issueTypesQueryOptions(api: ApiClient, locale: string) {
  return queryOptions({
    queryKey: ['ticket-issue-types', locale],
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/ticket-issue-types', {
          schema: () => supportContracts().then((c) => c.ticketIssueTypesReplySchema),
          signal,
        })
      ).data.issue_types,
  });
}

/** The shopper's latest orders for the ticket's order picker (GET /api/orders). */
export function ticketOrdersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['orders', 'ticket-picker'],
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/orders', {
          query: { per_page: 100 },
          schema: () => ordersContracts().then((c) => c.ordersReplySchema),
          signal,
        })
      ).data.orders,
  });
}

/** GET /api/support-ticket/show: the ticket, its attachments and its thread. */
export function supportTicketQueryOptions(api: ApiClient, ticketNumber: string) {
  return queryOptions({
    queryKey: [...supportQueryKey, 'show', ticketNumber],
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/support-ticket/show', {
          query: { ticket_number: ticketNumber },
          schema: () => supportContracts().then((c) => c.supportTicketReplySchema),
          signal,
        })
      ).data.support_ticket,
  });
}

/** POST /api/support-ticket as multipart (the attachments go as `attachments[]`). */
export function useCreateTicket() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.request('/api/support-ticket', {
        method: 'POST',
        body: form,
        schema: () => supportContracts().then((c) => c.createSupportTicketReplySchema),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportQueryKey }),
  });
}

/** POST /api/support-ticket-message; the thread is fetched again afterwards. */
export function useSendTicketMessage() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTicketMessageInput) =>
      api.request('/api/support-ticket-message', {
        method: 'POST',
        body: input,
        schema: () => supportContracts().then((c) => c.ticketMessagesReplySchema),
      }),
    onSuccess: (_data, input) =>
      client.invalidateQueries({ queryKey: [...supportQueryKey, 'show', input.ticket_number] }),
  });
}
