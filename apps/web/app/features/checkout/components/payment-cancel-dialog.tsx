import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

export interface PaymentCancelDialogProps {
  open: boolean;
  onClose: () => void;
  /** A new payment for the unpaid orders, and on to it. */
  onPayAgain: () => void;
  paying: boolean;
}

/**
 * "Order payment cancel": the payment was cancelled; the orders stay unpaid. The
 * shopper pays again at once, or goes to their orders (each unpaid one offers Make Payment).
 */
export function PaymentCancelDialog({ open, onClose, onPayAgain, paying }: PaymentCancelDialogProps) {
  const t = useT();
  return (
    <AppDialog open={open} onClose={onClose} title={t('Payment cancelled')}>
      <div className="flex flex-col items-center gap-4 p-5 text-center" data-testid="payment-cancel">
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <Icon name="warning" className="size-7" />
        </span>
        <p className="text-sm text-slate-600">
          {t('Your payment was cancelled. Your order has been placed but stays unpaid until it is paid.')}
        </p>
        <div className="grid w-full gap-2 sm:grid-cols-2">
          <Link to={paths.orderHistory} onClick={onClose} className={buttonClass('outline', 'md', 'w-full')}>
            {t('My orders')}
          </Link>
          <Button onClick={onPayAgain} loading={paying} className="w-full">
            {t('Pay again')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
