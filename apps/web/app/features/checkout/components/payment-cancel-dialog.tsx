import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { paths } from '../../../lib/paths';

/** "Order payment cancel" (spec section 2): the payment was cancelled; the orders stay unpaid. */
export function PaymentCancelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onClose={onClose} title={t('Payment cancelled')}>
      <div className="flex flex-col items-center gap-4 p-5 text-center" data-testid="payment-cancel">
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <Icon name="warning" className="size-7" />
        </span>
        <p className="text-sm text-slate-600">
          {t('Your payment was cancelled. Your order has been placed but stays unpaid until it is paid.')}
        </p>
        <Link to={paths.home} onClick={onClose} className={buttonClass('primary', 'md', 'w-full')}>
          {t('Back to Home')}
        </Link>
      </div>
    </AppDialog>
  );
}
