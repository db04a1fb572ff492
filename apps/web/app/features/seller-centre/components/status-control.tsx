import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useT } from '../../../lib/i18n';

/**
 * What the status controls of an order and of a return share: a change runs with its reply's
 * message (or the error) in a toast, and a step that cannot be undone is asked about first.
 */
export function useStatusChange() {
  const t = useT();
  return async (work: () => Promise<{ message: string }>) => {
    try {
      notifySuccess((await work()).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : t('Something went wrong'));
    }
  };
}

/** The question before a status change that cannot be undone: go back, or go on. */
export function ConfirmStatusDialog({
  open,
  title,
  text,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <AppDialog open={open} onClose={onClose} title={title}>
      <div className="space-y-4 px-5 py-4">
        <p className="text-sm text-slate-600">{text}</p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('Go back')}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </div>
    </AppDialog>
  );
}
