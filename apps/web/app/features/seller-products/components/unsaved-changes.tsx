import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';

/**
 * Unsaved changes are not lost by accident: a link inside the app asks first (another page, or
 * with `whole` another address of the same page, such as the grid's next page), and leaving the
 * site the browser asks. `allow()` lets the next move through (after a save that navigates).
 */
export function useUnsavedChangesGuard(dirty: boolean, { whole = false }: { whole?: boolean } = {}) {
  const t = useT();
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || allowed.current) return false;
    if (currentLocation.pathname !== nextLocation.pathname) return true;
    return whole && currentLocation.search !== nextLocation.search;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <AppDialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('Leave without saving?')}>
      <div className="space-y-4 p-5">
        <p className="text-sm text-slate-600">{t('Your changes are not saved.')}</p>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {t('Stay')}
          </Button>
          <Button onClick={() => blocker.proceed?.()}>{t('Leave')}</Button>
        </div>
      </div>
    </AppDialog>
  );
  return {
    dialog,
    allow: () => {
      allowed.current = true;
    },
  };
}
