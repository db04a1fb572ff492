import { TOAST } from '@shop/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  type FavoriteControl,
  FavoriteControlProvider,
  type FavoriteTarget,
} from '../../../components/ui/favorite-control';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { favoriteIdsQueryOptions, favoritesQueryKey, useToggleFavorite } from '../api/favorites';

export interface FavoritesProviderProps {
  /** Whether a shopper is logged in (the auth store, read by the layout). */
  loggedIn: boolean;
  /** A visitor pressed a heart: the layout opens the login dialog. */
  onLoginRequired: () => void;
  /** The number of favourites, for the header's wishlist count. */
  onCountChange: (count: number) => void;
  /** A call answered 401: the session is gone (spec section 4 clears user, addresses, count). */
  onUnauthorized: () => void;
  children: ReactNode;
}

/**
 * Gives every heart on the page (product cards, the product page) one source of truth: the
 * shopper's favourites list, loaded once and updated by each toggle. Product lists are cached
 * for all visitors alike, so their own `is_favorite` cannot be trusted for a logged-in shopper.
 */
export function FavoritesProvider({
  loggedIn,
  onLoginRequired,
  onCountChange,
  onUnauthorized,
  children,
}: FavoritesProviderProps) {
  const api = useApi();
  const client = useQueryClient();
  const favorites = useQuery({ ...favoriteIdsQueryOptions(api), enabled: loggedIn });
  const toggleCall = useToggleFavorite();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    // Another shopper may log in on this page next: never show them this one's hearts.
    if (!loggedIn) client.removeQueries({ queryKey: favoritesQueryKey });
  }, [loggedIn, client]);

  const count = loggedIn ? favorites.data?.length : undefined;
  useEffect(() => {
    if (count !== undefined) onCountChange(count);
  }, [count, onCountChange]);

  const failure = favorites.error;
  useEffect(() => {
    if (failure instanceof ApiError && failure.status === 401) onUnauthorized();
  }, [failure, onUnauthorized]);

  const ids = useMemo(() => (favorites.data ? new Set(favorites.data) : null), [favorites.data]);
  const { mutate } = toggleCall;

  const toggle = useCallback(
    (product: FavoriteTarget) => {
      if (!loggedIn) {
        onLoginRequired();
        return;
      }
      setPending((s) => new Set(s).add(product.id));
      mutate(product.id, {
        onSuccess: (reply) => {
          onCountChange(reply.data.total);
          if (reply.message) toast.success(reply.message, { autoClose: TOAST.successMs });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            onUnauthorized();
            onLoginRequired();
            return;
          }
          toast.error(error.message);
        },
        onSettled: () =>
          setPending((s) => {
            const next = new Set(s);
            next.delete(product.id);
            return next;
          }),
      });
    },
    [loggedIn, mutate, onLoginRequired, onUnauthorized, onCountChange],
  );

  const value = useMemo<FavoriteControl>(
    () => ({
      isFavorite: (product) => (loggedIn ? (ids ? ids.has(product.id) : product.is_favorite) : false),
      isPending: (id) => pending.has(id),
      toggle,
    }),
    [loggedIn, ids, pending, toggle],
  );

  return <FavoriteControlProvider value={value}>{children}</FavoriteControlProvider>;
}
