import { LAST_SEEN_INTERVAL_MS } from '@shop/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchAddresses } from '../../../entities/address/api/addresses';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { fetchWishlistCount, updateLastSeen } from '../api/auth-api';
import { useAuthStore, useAuthStoreApi } from '../stores/auth-store';

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Keeps the browser's idea of the session honest:
 * - a 401 from any query or mutation clears user, addresses and favourite count;
 * - while someone is logged in: the last-seen ping at start, on each login and every 10 minutes
 *   (stopping at logout), and their addresses and favourite count for the header.
 */
export function SessionSync() {
  const api = useApi();
  const store = useAuthStoreApi();
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => s.user?.id ?? null);

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthorized(error) && store.getState().user) store.getState().clearSession();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, store]);

  useEffect(() => {
    if (userId === null) return;
    let active = true;
    const silently = (error: unknown) => {
      // These failures are silent; a 401 still ends the session.
      if (active && isUnauthorized(error)) store.getState().clearSession();
    };
    const ping = () => updateLastSeen(api).catch(silently);
    void ping();
    const timer = setInterval(ping, LAST_SEEN_INTERVAL_MS);
    fetchAddresses(api)
      .then((addresses) => {
        if (active && store.getState().user?.id === userId) store.getState().setAddresses(addresses);
      })
      .catch(silently);
    fetchWishlistCount(api)
      .then((count) => {
        if (active && store.getState().user?.id === userId) store.getState().setWishlistCount(count);
      })
      .catch(silently);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [api, store, userId]);

  return null;
}
