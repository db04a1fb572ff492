import type { Payment } from '@shop/contracts/cart';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { PaymentOrderLines } from './payment-order-lines';

export interface OrderConfirmDialogProps {
  /** The placed (or just paid) payment; the dialog is closed without one. */
  payment: Payment | null;
  onClose: () => void;
}

/**
 * "Order confirm": the order code of each shop's order, the amount to pay (or
 * paid), and the ways on: keep shopping, or the dashboard with the orders.
 */
export function OrderConfirmDialog({ payment, onClose }: OrderConfirmDialogProps) {
  const t = useT();
  return (
    <AppDialog open={payment !== null} onClose={onClose} title={t('Order placed successfully')}>
      {payment && (
        <div className="flex flex-col gap-4 p-5" data-testid="order-confirm">
          <div className="flex flex-col items-center gap-2 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <Icon name="clipboard" className="size-7" />
            </span>
            <p className="text-sm text-slate-600">
              {payment.is_paid
                ? t('Thank you! Your payment was received.')
                : t('Thank you for your order. We will let you know when it is on its way.')}
            </p>
          </div>
          <PaymentOrderLines orders={payment.orders} testIds={{ code: 'order-code' }} />
          <p className="flex items-center justify-between gap-3 text-base font-bold text-slate-900">
            <span>{payment.is_paid ? t('Amount Paid') : t('Payable Amount')}</span>
            <Price amount={payment.amount} decimals={2} />
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Link to={paths.home} onClick={onClose} className={buttonClass('outline', 'md', 'w-full')}>
              {t('Continue Shopping')}
            </Link>
            <Link to={paths.dashboard} onClick={onClose} className={buttonClass('primary', 'md', 'w-full')}>
              {t('Go to Dashboard')}
            </Link>
          </div>
        </div>
      )}
    </AppDialog>
  );
}
