import type { Master } from '@shop/contracts/settings';
import { useEffect, useState } from 'react';
import { notifyError } from '../../../components/ui/toaster';
import { useT } from '../../../lib/i18n';
import { useAuthStore } from '../stores/auth-store';
import type { AuthDialogSet } from './auth-dialog-set';

/**
 * The sign-in dialogs, rendered by the site chrome. Their code (forms, validation, OTP boxes,
 * social buttons) is fetched the first time one is opened rather than with every page: most
 * visits never open one, and on a phone those bytes would compete with the page's own. Once
 * loaded they stay mounted, so closing animations and later openings need no fetch. If the fetch
 * fails the dialog closes with the error toast and the next opening tries again.
 */
export function AuthDialogs({ master }: { master: Master | undefined }) {
  const t = useT();
  const dialog = useAuthStore((s) => s.dialog);
  const closeDialog = useAuthStore((s) => s.closeDialog);
  const [DialogSet, setDialogSet] = useState<typeof AuthDialogSet | null>(null);
  useEffect(() => {
    if (!dialog || DialogSet) return;
    let live = true;
    import('./auth-dialog-set').then(
      (module) => {
        if (live) setDialogSet(() => module.AuthDialogSet);
      },
      () => {
        if (!live) return;
        closeDialog();
        notifyError(t('Something went wrong. Please try again.'));
      },
    );
    return () => {
      live = false;
    };
  }, [dialog, DialogSet, closeDialog, t]);
  return DialogSet ? <DialogSet master={master} /> : null;
}
