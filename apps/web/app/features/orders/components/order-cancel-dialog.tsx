import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';

export interface OrderCancelDialogProps {
  /** The order code to cancel; null keeps the dialog closed. */
  orderCode: string | null;
  cancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The "order cancel" modal: a confirmation before a Pending order is cancelled. */
export function OrderCancelDialog({ orderCode, cancelling, onConfirm, onClose }: OrderCancelDialogProps) {
  const t = useT();
  // Keeps the code on screen while the dialog fades out after `orderCode` became null.
  const last = useRef(orderCode);
  if (orderCode) last.current = orderCode;
  return (
    <AppDialog open={orderCode !== null} onClose={cancelling ? () => {} : onClose} title={t('Cancel Order')}>
      <div className="flex flex-col gap-5 px-5 py-5">
        <p className="text-sm text-slate-600">
          {t('Are you sure you want to cancel order {{code}}?', { code: last.current ?? '' })}
        </p>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={cancelling}>
            {t('Keep Order')}
          </Button>
          <Button onClick={onConfirm} loading={cancelling} className="bg-rose-600 hover:bg-rose-700">
            {t('Yes, Cancel')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
