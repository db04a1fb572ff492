import type { Payment } from '@shop/contracts/cart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { RecordStates } from '../../../components/ui/record-states';
import { notifyError } from '../../../components/ui/toaster';
import { useOrderPayment } from '../../../entities/order/api/order-payment';
import { OrderConfirmDialog } from '../../../entities/order/components/order-confirm-dialog';
import { PaymentOrderLines } from '../../../entities/order/components/payment-order-lines';
import { PAYMENT_STATE_LABEL } from '../../../entities/order/payment-state';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useGoToPayment } from '../../../lib/payment-target';
import { paymentQueryOptions, type SandboxAction, useSandboxPayment } from '../api/checkout';
import { PaymentCancelDialog } from './payment-cancel-dialog';

export interface PaymentPageProps {
  /** The payment's uuid (the path /payment/{uuid}). */
  id: string;
  signedIn: boolean;
  onLogin: () => void;
  onUnauthorized: () => void;
}

/**
 * /payment/{uuid}: the built-in sandbox gateway. It shows the amount and the
 * shop orders the payment settles, with Pay and Cancel; the server settles it, never this page.
 */
export function PaymentPage({ id, signedIn, onLogin, onUnauthorized }: PaymentPageProps) {
  const t = useT();
  const api = useApi();
  const query = useQuery({ ...paymentQueryOptions(api, id), enabled: signedIn });
  const [confirmed, setConfirmed] = useState<Payment | null>(null);
  const [cancelled, setCancelled] = useState<Payment | null>(null);
  const settle = useSandboxPayment(id);
  const payAgain = useOrderPayment();
  const goToPayment = useGoToPayment();

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
    notifyError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
  };

  const run = async (action: SandboxAction) => {
    try {
      const payment = await settle.mutateAsync(action);
      if (action === 'pay') setConfirmed(payment);
      else setCancelled(payment);
    } catch (error) {
      failed(error);
      void query.refetch();
    }
  };

  // A new payment covers every unpaid order of the checkout: asked for through its first order.
  const startAgain = () => {
    const order = cancelled?.orders[0];
    if (!cancelled || !order) return;
    payAgain.mutate(
      { orderId: order.id, gateway: cancelled.payment_method },
      {
        onSuccess: (reply) => {
          setCancelled(null);
          goToPayment(reply.order_payment_url ?? paths.payment(reply.payment_id));
        },
        onError: failed,
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-4 lg:py-10">
      <h1 className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">{t('Payment')}</h1>
      <RecordStates
        signedIn={signedIn}
        onLogin={onLogin}
        onUnauthorized={onUnauthorized}
        query={query}
        texts={{
          login: t('Please log in to see this payment'),
          notFound: t('Payment not found'),
          notFoundHint: t('This payment does not exist or belongs to another account.'),
          loadError: t('We could not load this payment'),
        }}
        skeleton={['h-6 w-40', 'h-10 w-56', 'h-24 w-full']}
      >
        {(payment) => (
          <PaymentDetails payment={payment} onRun={run} running={settle.isPending ? settle.variables : null} />
        )}
      </RecordStates>
      <OrderConfirmDialog payment={confirmed} onClose={() => setConfirmed(null)} />
      <PaymentCancelDialog
        open={cancelled !== null}
        onClose={() => setCancelled(null)}
        onPayAgain={startAgain}
        paying={payAgain.isPending}
      />
    </div>
  );
}

function PaymentDetails({
  payment,
  onRun,
  running,
}: {
  payment: Payment;
  onRun: (action: SandboxAction) => void;
  running: SandboxAction | null;
}) {
  const t = useT();
  const payable = payment.status === 'pending' && payment.payment_method === 'sandbox';
  return (
    <section
      aria-labelledby="payment-amount-label"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="payment"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p id="payment-amount-label" className="text-sm text-slate-500">
            {t(AMOUNT_LABEL[payment.status])}
          </p>
          <Price amount={payment.amount} decimals={2} className="text-2xl font-bold text-slate-900 sm:text-3xl" />
          <p className="text-sm text-slate-500">{payment.payment_method_title}</p>
        </div>
        <PaymentStatus payment={payment} />
      </div>

      <div>
        <h2 className="mb-2 text-sm font-semibold text-slate-900">{t('Orders')}</h2>
        <PaymentOrderLines orders={payment.orders} testIds={{ row: 'payment-order' }} />
      </div>

      {payable ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
            <Icon name="shield" className="size-4 shrink-0 text-slate-500" />
            {t('This is the test payment gateway: no money is moved.')}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button
              variant="outline"
              size="lg"
              onClick={() => onRun('cancel')}
              loading={running === 'cancel'}
              disabled={running !== null}
            >
              {t('Cancel')}
            </Button>
            <Button size="lg" onClick={() => onRun('pay')} loading={running === 'pay'} disabled={running !== null}>
              {t('Pay')}
            </Button>
          </div>
        </div>
      ) : (
        <Link to={paths.home} className={buttonClass('outline', 'md', 'self-start')}>
          {t('Back to Home')}
        </Link>
      )}
    </section>
  );
}

/** What the amount is, by the payment's state: still to pay, paid, or neither any more. */
const AMOUNT_LABEL: Record<Payment['status'], string> = {
  pending: 'Amount to pay',
  paid: 'Amount Paid',
  cancelled: 'Amount',
  refunded: 'Amount',
};

/** Each payment state's colours, beside its label. */
const PAYMENT_STATE_CLASS: Record<Payment['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  paid: 'bg-primary-50 text-primary-800',
  cancelled: 'bg-rose-50 text-rose-700',
  refunded: 'bg-sky-50 text-sky-800',
};

/** What a settled payment's state means for the shopper, under its label. */
const PAYMENT_STATUS_NOTE: Partial<Record<Payment['status'], string>> = {
  cancelled: 'The payment was cancelled; the orders stay unpaid.',
  refunded: 'Your payment was refunded.',
};

function PaymentStatus({ payment }: { payment: Payment }) {
  const t = useT();
  const note = PAYMENT_STATUS_NOTE[payment.status];
  return (
    <p className="flex flex-col items-end gap-1 text-end">
      <span
        className={`rounded-full px-3 py-1 text-sm font-semibold ${PAYMENT_STATE_CLASS[payment.status]}`}
        data-testid="payment-status"
      >
        {t(PAYMENT_STATE_LABEL[payment.status])}
      </span>
      {note && <span className="max-w-60 text-xs text-slate-500">{t(note)}</span>}
    </p>
  );
}
