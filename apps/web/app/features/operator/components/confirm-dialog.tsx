import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useT } from '../../../lib/i18n';
import { useBackOfficeAction } from '../api/back-office';

/** Asks once before a decision that shoppers or sellers feel at once (suspending a shop). */
export function ConfirmDialog({
  open,
  onClose,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <AppDialog open={open} onClose={onClose} title={title}>
      <p className="text-sm text-slate-700">{text}</p>
      <div className="mt-5 flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button type="button" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </AppDialog>
  );
}

/**
 * Asks before deleting a row, then sends DELETE to its path: the server's word shows as a
 * success or an error, and the dialog closes either way.
 */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  text,
  path,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** The row's address, asked when the delete is confirmed. */
  path: string;
}) {
  const t = useT();
  const action = useBackOfficeAction();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={title}
      text={text}
      confirmLabel={t('Delete')}
      busy={action.isPending}
      onConfirm={() =>
        void action
          .mutateAsync({ path, method: 'DELETE' })
          .then((reply) => notifySuccess(reply.message))
          .catch((failure: Error) => notifyError(failure.message))
          .finally(onClose)
      }
    />
  );
}
