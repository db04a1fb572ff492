import { type ReactNode, useCallback } from 'react';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { WishlistProvider } from '../features/wishlist/components/wishlist-provider';

/**
 * Hearts on product cards and the product page for every layout: the wishlist feature's control,
 * wired to the session (auth store) here because features never import each other.
 */
export function WithWishlist({ children }: { children: ReactNode }) {
  const loggedIn = useAuthStore((s) => s.user !== null);
  const openDialog = useAuthStore((s) => s.openDialog);
  const setWishlistCount = useAuthStore((s) => s.setWishlistCount);
  const clearSession = useAuthStore((s) => s.clearSession);
  // Stable, so the hearts' control (and with it every product card) keeps its identity when this re-renders.
  const openLogin = useCallback(() => openDialog('login'), [openDialog]);
  return (
    <WishlistProvider
      loggedIn={loggedIn}
      onLoginRequired={openLogin}
      onCountChange={setWishlistCount}
      onUnauthorized={clearSession}
    >
      {children}
    </WishlistProvider>
  );
}
