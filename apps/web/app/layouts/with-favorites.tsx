import { type ReactNode, useCallback } from 'react';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { FavoritesProvider } from '../features/wishlist/components/favorites-provider';

/**
 * Hearts on product cards and the product page for every layout: the wishlist feature's control,
 * wired to the session (auth store) here because features never import each other.
 */
export function WithFavorites({ children }: { children: ReactNode }) {
  const loggedIn = useAuthStore((s) => s.user !== null);
  const openDialog = useAuthStore((s) => s.openDialog);
  const setFavouriteCount = useAuthStore((s) => s.setFavouriteCount);
  const clearSession = useAuthStore((s) => s.clearSession);
  // Stable, so the hearts' control (and with it every product card) keeps its identity when this re-renders.
  const openLogin = useCallback(() => openDialog('login'), [openDialog]);
  return (
    <FavoritesProvider
      loggedIn={loggedIn}
      onLoginRequired={openLogin}
      onCountChange={setFavouriteCount}
      onUnauthorized={clearSession}
    >
      {children}
    </FavoritesProvider>
  );
}
