import { useCallback } from 'react';
import { useAuthStore, useAuthStoreApi } from '../stores/auth-store';

/**
 * What a page that needs the signed-in shopper (checkout, payment, top-ups) is handed: whether one
 * is signed in, the login dialog, and for a 401 the session cleared, then the login dialog.
 */
export function useSessionProps(): { signedIn: boolean; onLogin: () => void; onUnauthorized: () => void } {
  const signedIn = useAuthStore((s) => s.user !== null);
  const store = useAuthStoreApi();
  const onLogin = useCallback(() => store.getState().openDialog('login'), [store]);
  const onUnauthorized = useCallback(() => {
    store.getState().clearSession();
    store.getState().openDialog('login');
  }, [store]);
  return { signedIn, onLogin, onUnauthorized };
}
