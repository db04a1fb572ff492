import { type ReactNode, useCallback } from 'react';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { CartProvider } from '../features/cart/components/cart-provider';

/**
 * The cart for every layout: the cart feature's control (header count, drawer, add buttons),
 * wired to the session (auth store) here because features never import each other.
 */
export function WithCart({ children, floatingTab = true }: { children: ReactNode; floatingTab?: boolean }) {
  const loggedIn = useAuthStore((s) => s.user !== null);
  const openDialog = useAuthStore((s) => s.openDialog);
  const clearSession = useAuthStore((s) => s.clearSession);
  const onLoggedOut = useAuthStore((s) => s.onLoggedOut);
  const openLogin = useCallback(() => openDialog('login'), [openDialog]);
  return (
    <CartProvider
      loggedIn={loggedIn}
      onLoginRequired={openLogin}
      onUnauthorized={clearSession}
      subscribeLoggedOut={onLoggedOut}
      floatingTab={floatingTab}
    >
      {children}
    </CartProvider>
  );
}
