import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';

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
  const { t } = useTranslation();
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
