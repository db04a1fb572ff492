import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { logout } from '../api/auth-api';
import { useAuthStore, useAuthStoreApi } from '../stores/auth-store';

/**
 * "Logout Confirmation" with Cancel and Yes. Yes calls POST /api/logout and, whether
 * or not it succeeds, clears the session and runs every reset of a logout (the
 * onLoggedOut listeners: cart, checkout, chat), then toasts "Logout successfully".
 */
export function LogoutDialog() {
  const t = useT();
  const api = useApi();
  const store = useAuthStoreApi();
  const open = useAuthStore((s) => s.dialog === 'logout');
  const closeDialog = useAuthStore((s) => s.closeDialog);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await logout(api);
    } catch {
      // The session is cleared locally even when the call fails.
    } finally {
      setPending(false);
      store.getState().loggedOut();
      store.getState().closeDialog();
      notifySuccess(t('Logout successfully'));
    }
  };

  return (
    <AppDialog open={open} onClose={closeDialog} title={t('Logout Confirmation')}>
      <div className="space-y-6 p-5">
        <p className="text-sm text-slate-600">{t('Are you sure you want to log out?')}</p>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={closeDialog} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={pending}>
            {t('Yes')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
