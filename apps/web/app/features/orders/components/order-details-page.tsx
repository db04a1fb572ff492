import { TOAST } from '@shop/contracts/constants';
import type { OrderDetails, OrderLine } from '@shop/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { notifySuccess, notifyWarning } from '../../../components/ui/toaster';
import { useCartSelection } from '../../../entities/cart/stores/cart-selection';
import { ChatWithShopButton } from '../../../entities/chat/components/chat-control';
import { useOrderPayment } from '../../../entities/order/api/order-payment';
import { OrderMoneySummary } from '../../../entities/order/components/order-money-summary';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { formatMoney } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useGoToPayment } from '../../../lib/payment-target';
import { useDisplayCurrency } from '../../../lib/use-display-currency';
import { orderDetailsQueryOptions, useCancelOrder, useOrderAgain } from '../api/orders';
import { ORDER_STEPS, paymentBadgeClass, STATUS_LABEL, statusBadgeClass } from '../order-tabs';
import { OrderCancelDialog } from './order-cancel-dialog';
import { ReviewForm } from './review-form';

/** /order-history/:id: one order, its timeline, lines, totals and what the shopper can do now. */
export function OrderDetailsPage({ orderId }: { orderId: number }) {
  const t = useT();
  const api = useApi();
  const query = useQuery({ ...orderDetailsQueryOptions(api, orderId), enabled: orderId > 0 });
  const order = query.data;

  if (!order && query.isPending && orderId > 0) return <OrderDetailsSkeleton />;
  if (!order) {
    const missing = orderId <= 0 || (query.error instanceof ApiError && [404, 422].includes(query.error.status));
    if (missing) {
      return (
        <EmptyState
          icon="clipboard"
          title={t('Order not found')}
          action={
            <Link to={paths.orderHistory} className={buttonClass('primary', 'md')}>
              {t('Back to Order History')}
            </Link>
          }
        />
      );
    }
    return <ErrorState title={t('We could not load this order')} onRetry={() => void query.refetch()} />;
  }
  return <OrderDetailsView order={order} />;
}

function OrderDetailsView({ order }: { order: OrderDetails }) {
  const t = useT();
  const time = useMarketTime();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const pay = useOrderPayment();
  const again = useOrderAgain();
  const setSelectedShops = useCartSelection((s) => s.setSelectedShops);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const currency = useDisplayCurrency();

  const goTo = useGoToPayment();
  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));

  const confirmCancelOrder = () =>
    cancel.mutate(order.id, {
      onSuccess: (reply) => {
        setConfirmCancel(false);
        toast.success(reply.message || t('Order cancelled'), { autoClose: TOAST.successMs });
      },
      onError: (error) => {
        setConfirmCancel(false);
        failed(error);
      },
    });

  const makePayment = () =>
    pay.mutate(
      { orderId: order.id, gateway: order.payment_method },
      {
        onSuccess: (reply) => goTo(reply.order_payment_url ?? paths.payment(reply.payment_id)),
        onError: failed,
      },
    );

  // The lines go back into the cart and checkout opens with the order's shop selected: the
  // shopper sees the address, payment method and today's total before anything is placed.
  const orderAgain = () =>
    again.mutate(order.id, {
      onSuccess: (reply) => {
        setSelectedShops(reply.data.shop_ids);
        if (reply.data.info) notifyWarning(reply.data.info);
        else notifySuccess(reply.message);
        navigate(paths.checkout);
      },
      onError: failed,
    });

  return (
    <article aria-labelledby="order-title" className="flex flex-col gap-5">
      <header className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <Link
            to={paths.orderHistory}
            className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline"
          >
            <Icon name="chevronEnd" flipRtl className="size-4 rotate-180" />
            {t('Order History')}
          </Link>
          <h1 id="order-title" className="text-xl font-bold text-slate-900">
            {t('Order')} <bdi dir="ltr">{order.order_code}</bdi>
          </h1>
          <p className="text-sm text-slate-500">
            {t('Placed on {{date}}', { date: time.format(order.created_at, 'dateTime') })}
          </p>
          <div className="flex flex-wrap gap-2">
            <span className={statusBadgeClass(order.order_status)} data-testid="order-status">
              {t(STATUS_LABEL[order.order_status])}
            </span>
            <span className={paymentBadgeClass(order.payment_status)}>
              {order.payment_status === 'Paid' ? t('Paid') : t('Unpaid')}
            </span>
          </div>
          {order.cancel_reason && (
            <p className="rounded-lg bg-rose-50 p-2 text-sm text-rose-800" data-testid="cancel-reason">
              {t('Cancelled by the marketplace: {{reason}}', { reason: order.cancel_reason })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {order.can_pay && (
            <Button onClick={makePayment} loading={pay.isPending}>
              {t('Make Payment')}
            </Button>
          )}
          {order.can_order_again && (
            <Button onClick={orderAgain} loading={again.isPending}>
              {t('Order Again')}
            </Button>
          )}
          {order.is_returnable && (
            <Link to={paths.returnProduct(order.id)} className={buttonClass('outline', 'md')}>
              {t('Return')}
            </Link>
          )}
          <a href={order.invoice_url} download className={buttonClass('outline', 'md', 'gap-2')}>
            <Icon name="download" className="size-4" />
            {t('Download Invoice')}
          </a>
          {order.can_cancel && (
            <Button
              variant="outline"
              onClick={() => setConfirmCancel(true)}
              className="text-rose-700 ring-rose-200 hover:bg-rose-50"
            >
              {t('Cancel Order')}
            </Button>
          )}
        </div>
      </header>

      <Timeline order={order} />

      <div className="grid gap-5 lg:grid-cols-2">
        <Box title={t('Shop')}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link to={paths.shop(order.shop.slug)} className="flex min-w-0 items-center gap-3 hover:text-primary-700">
              <Img
                src={order.shop.logo}
                width={48}
                height={48}
                alt=""
                className="size-12 rounded-full border border-slate-100 object-cover"
              />
              <span className="font-semibold">{order.shop.name}</span>
            </Link>
            <ChatWithShopButton
              target={{ shop: { id: order.shop.id, name: order.shop.name, logo: order.shop.logo } }}
            />
          </div>
        </Box>
        <Box title={t('Delivery Address')}>
          <p dir="auto" className="whitespace-pre-line wrap-anywhere text-sm text-slate-700 rtl:text-right">
            {order.address}
          </p>
          {order.note && (
            <p className="mt-2 text-sm text-slate-600">
              <span className="font-medium text-slate-800">{t('Note')}: </span>
              <span className="whitespace-pre-line wrap-anywhere">{order.note}</span>
            </p>
          )}
        </Box>
      </div>

      <Box title={t('Products')}>
        <ul className="divide-y divide-slate-100">
          {order.products.map((line) => (
            <li key={line.id} className="flex flex-col gap-3 py-3">
              <ProductLine line={line} />
              {(order.can_review || line.review) && <ReviewForm orderId={order.id} line={line} />}
            </li>
          ))}
        </ul>
      </Box>

      <div className="grid gap-5 lg:grid-cols-2">
        <Box title={t('Payment')}>
          <dl className="flex flex-col gap-2 text-sm">
            <Row label={t('Payment Method')}>{order.payment_method_title}</Row>
            <Row label={t('Payment Status')}>{order.payment_status === 'Paid' ? t('Paid') : t('Unpaid')}</Row>
          </dl>
        </Box>
        <Box title={t('Order Summary')}>
          <OrderMoneySummary
            order={order}
            rate={currency.rate}
            format={(amount) => formatMoney(amount, { ...currency, rate: 1 }, { decimals: 2 })}
          />
        </Box>
      </div>

      <OrderCancelDialog
        orderCode={confirmCancel ? order.order_code : null}
        cancelling={cancel.isPending}
        onConfirm={confirmCancelOrder}
        onClose={() => setConfirmCancel(false)}
      />
    </article>
  );
}

/** OrderDetailsOrderStatus: the steps reached with their dates; a cancelled order ends at Cancelled. */
function Timeline({ order }: { order: OrderDetails }) {
  const t = useT();
  const time = useMarketTime();
  const reached = new Map(order.timeline.map((step) => [step.status, step.at]));
  const steps =
    order.order_status === 'Cancelled'
      ? [...ORDER_STEPS.filter((status) => reached.has(status)), 'Cancelled' as const]
      : ORDER_STEPS;
  return (
    <section aria-labelledby="order-timeline" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="order-timeline" className="mb-3 text-base font-semibold text-slate-900">
        {t('Order Status')}
      </h2>
      <ol className="flex flex-col gap-3 sm:flex-row sm:gap-0">
        {steps.map((status) => {
          const at = reached.get(status) ?? (status === order.order_status ? order.created_at : undefined);
          const done = at !== undefined;
          const current = status === order.order_status;
          const cancelled = status === 'Cancelled';
          return (
            <li
              key={status}
              aria-current={current ? 'step' : undefined}
              // min-w-0 lets a date wrap under its step instead of running into the next one.
              className="flex min-w-0 flex-1 items-start gap-3 sm:flex-col sm:items-center sm:px-1 sm:text-center"
            >
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  cancelled
                    ? 'bg-rose-600 text-white'
                    : done
                      ? 'bg-primary-700 text-white'
                      : 'bg-slate-100 text-slate-500 ring-1 ring-slate-200'
                }`}
                aria-hidden="true"
              >
                {cancelled ? '×' : done ? '✓' : ''}
              </span>
              <span className="flex flex-col">
                <span className={`text-sm font-medium ${done ? 'text-slate-900' : 'text-slate-500'}`}>
                  {t(STATUS_LABEL[status])}
                  {!done && <span className="sr-only"> ({t('not yet')})</span>}
                </span>
                {done && reached.has(status) && (
                  <time dateTime={reached.get(status)} className="text-xs text-slate-500">
                    {time.format(reached.get(status) as string, 'dateTime')}
                  </time>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function ProductLine({ line }: { line: OrderLine }) {
  const t = useT();
  const name = line.slug ? (
    <Link to={paths.product(line.slug)} className="hover:text-primary-700 hover:underline">
      {line.name}
    </Link>
  ) : (
    <span>{line.name}</span>
  );
  const details = [
    line.color && `${t('Colour')}: ${line.color}`,
    line.size && `${t('Size')}: ${line.size}`,
    line.unit && `${t('Unit')}: ${line.unit}`,
  ].filter(Boolean);
  return (
    <div className="flex gap-3">
      <Img
        src={line.thumbnail}
        width={64}
        height={64}
        alt=""
        className="size-16 shrink-0 rounded-lg border border-slate-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="break-words text-sm font-semibold text-slate-900">{name}</p>
        {details.length > 0 && <p className="text-xs text-slate-500">{details.join(' · ')}</p>}
        <p className="text-xs text-slate-600">
          <span>{t('Qty')}: </span>
          <span>{line.order_qty}</span>
          <span aria-hidden="true"> × </span>
          <Price amount={line.price} decimals={2} />
        </p>
      </div>
      <div className="text-end">
        <span className="sr-only">{t('Subtotal')}: </span>
        <Price amount={line.subtotal} decimals={2} className="text-sm font-semibold text-slate-900" />
      </div>
    </div>
  );
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-end text-slate-900">{children}</dd>
    </div>
  );
}

function OrderDetailsSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-5">
      <Skeleton className="h-28 w-full rounded-2xl" />
      <Skeleton className="h-20 w-full rounded-2xl" />
      <div className="grid gap-5 lg:grid-cols-2">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
      </div>
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}
