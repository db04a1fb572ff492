import { useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../components/ui/toaster';
import { useT } from '../../../lib/i18n';
import { type AuthUser, useAuthStoreApi } from '../stores/auth-store';

/**
 * After a login the user is stored, the dialog closes, favourites (and the cart) are
 * refreshed, and 'Login Successful / You have successfully logged in.' shows. Password and
 * social sign-in end the same way.
 */
export function useSignedIn(): (user: AuthUser) => void {
  const t = useT();
  const store = useAuthStoreApi();
  const queryClient = useQueryClient();
  return (user) => {
    store.getState().setUser(user);
    store.getState().closeDialog();
    // Whatever was cached belongs to the visitor (or a previous user): refetch what is on screen.
    void queryClient.invalidateQueries();
    notifySuccess(t('Login Successful'), t('You have successfully logged in.'));
  };
}
