import type { Master } from '@shop/contracts/settings';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthStore } from '../stores/auth-store';

const AuthDialogSet = lazy(() => import('./auth-dialog-set').then((m) => ({ default: m.AuthDialogSet })));

/**
 * The sign-in dialogs, rendered by the site chrome. Their code (forms, validation, OTP boxes,
 * social buttons) is fetched the first time one is opened rather than with every page: most
 * visits never open one, and on a phone those bytes would compete with the page's own. Once
 * loaded they stay mounted, so closing animations and later openings need no fetch.
 */
export function AuthDialogs({ master }: { master: Master | undefined }) {
  const dialog = useAuthStore((s) => s.dialog);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (dialog) setWanted(true);
  }, [dialog]);
  if (!wanted && !dialog) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogSet master={master} />
    </Suspense>
  );
}
