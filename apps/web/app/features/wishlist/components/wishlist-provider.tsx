import { TOAST } from '@shop/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  type WishlistControl,
  WishlistControlProvider,
  type WishlistTarget,
} from '../../../entities/wishlist/components/wishlist-control';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useToggleWishlist, wishlistIdsQueryOptions, wishlistQueryKey } from '../api/wishlist';

/** useLayoutEffect in the browser (hearts update before paint); nothing to do on the server. */
const useLayoutEffectOnClient = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface WishlistProviderProps {
  /** Whether a shopper is logged in (the auth store, read by the layout). */
  loggedIn: boolean;
  /** A visitor pressed a heart: the layout opens the login dialog. */
  onLoginRequired: () => void;
  /** The number of favourites, for the header's wishlist count. */
  onCountChange: (count: number) => void;
  /** A call answered 401: the session is gone (user, addresses and count are cleared). */
  onUnauthorized: () => void;
  children: ReactNode;
}

/**
 * Gives every heart on the page (product cards, the product page) one source of truth: the
 * shopper's favourites list, loaded once and updated by each toggle. Product lists are cached
 * for all visitors alike, so their own `is_favorite` cannot be trusted for a logged-in shopper.
 */
export function WishlistProvider({
  loggedIn,
  onLoginRequired,
  onCountChange,
  onUnauthorized,
  children,
}: WishlistProviderProps) {
  const api = useApi();
  const client = useQueryClient();
  const wishlist = useQuery({ ...wishlistIdsQueryOptions(api), enabled: loggedIn });
  const toggleCall = useToggleWishlist();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    // Another shopper may log in on this page next: never show them this one's hearts.
    if (!loggedIn) client.removeQueries({ queryKey: wishlistQueryKey });
  }, [loggedIn, client]);

  const count = loggedIn ? wishlist.data?.length : undefined;
  useEffect(() => {
    if (count !== undefined) onCountChange(count);
  }, [count, onCountChange]);

  const failure = wishlist.error;
  useEffect(() => {
    if (failure instanceof ApiError && failure.status === 401) onUnauthorized();
  }, [failure, onUnauthorized]);

  const ids = useMemo(() => (wishlist.data ? new Set(wishlist.data) : null), [wishlist.data]);
  const { mutate } = toggleCall;

  const toggle = useCallback(
    (product: WishlistTarget) => {
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

  // The hearts read the list and the running toggles through `current` and re-render themselves
  // when told (useWishlisted): the control keeps its identity, so the list arriving after
  // hydration does not re-render every product card on the page.
  const current = useRef({ loggedIn, ids, pending });
  current.current = { loggedIn, ids, pending };
  const [listeners] = useState(() => new Set<() => void>());
  // Each change of these is what the hearts are told of.
  useLayoutEffectOnClient(() => {
    for (const listener of listeners) listener();
  }, [loggedIn, ids, pending, listeners]);

  const value = useMemo<WishlistControl>(
    () => ({
      inWishlist: (product) => {
        const { loggedIn: signedIn, ids: favourites } = current.current;
        return signedIn ? (favourites ? favourites.has(product.id) : product.is_favorite) : false;
      },
      isPending: (id) => current.current.pending.has(id),
      toggle,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    [toggle, listeners],
  );

  return <WishlistControlProvider value={value}>{children}</WishlistControlProvider>;
}
