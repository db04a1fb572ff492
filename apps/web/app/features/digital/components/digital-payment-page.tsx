import type { DigitalOrder } from '@shop/contracts/digital';
import { formatPlnToken } from '@shop/contracts/digital-numbers';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { RecordStates } from '../../../components/ui/record-states';
import { Spinner } from '../../../components/ui/spinner';
import { notifyError } from '../../../components/ui/toaster';
import { PAYMENT_STATE_LABEL } from '../../../entities/order/payment-state';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths, withQuery } from '../../../lib/paths';
import {
  digitalOrderQueryOptions,
  isWaiting,
  type SandboxAction,
  useCheckDigitalOrder,
  useDigitalSandboxPayment,
} from '../api/digital';
import { formatSegmentPower, orderStatusLook } from '../digital-rules';
import { useDigitalBuy } from '../use-digital-buy';
import { OperatorLogo } from './operator-logo';

export interface DigitalPaymentPageProps {
  orderId: number;
  signedIn: boolean;
  onLogin: () => void;
  onUnauthorized: () => void;
}

/** The product page of an order's operator with its number filled in. */
export function productPageHref(order: Pick<DigitalOrder, 'operator' | 'customer_number'>): string {
  const page = order.operator.key === 'pln' ? paths.plnToken : paths.pulsa(order.operator.key);
  return withQuery(page, { number: order.customer_number });
}

/**
 * /digital-payment/{orderId}: the order, its payment and then the result. While the sandbox
 * payment is pending: Pay and Cancel (settled on the server); while the provider works: a
 * spinner, the order asked again every 2 s and "Check again"; then the credit sent, the token
 * in groups of four with Copy, or the failure with its refund and "Try again".
 */
export function DigitalPaymentPage({ orderId, signedIn, onLogin, onUnauthorized }: DigitalPaymentPageProps) {
  const t = useT();
  const api = useApi();
  const query = useQuery({ ...digitalOrderQueryOptions(api, orderId), enabled: signedIn && orderId > 0 });
  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-4 lg:py-10">
      <h1 className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">{t('Top-up payment')}</h1>
      <RecordStates
        signedIn={signedIn}
        onLogin={onLogin}
        onUnauthorized={onUnauthorized}
        query={query}
        missing={orderId <= 0}
        texts={{
          login: t('Please log in to see this order'),
          notFound: t('Order not found'),
          notFoundHint: t('This order does not exist or belongs to another account.'),
          loadError: t('We could not load this order'),
        }}
        skeleton={['h-8 w-40', 'h-6 w-56', 'h-24 w-full']}
      >
        {(order) => <OrderView order={order} onUnauthorized={onUnauthorized} onLogin={onLogin} />}
      </RecordStates>
    </div>
  );
}

function OrderView({
  order,
  onUnauthorized,
  onLogin,
}: {
  order: DigitalOrder;
  onUnauthorized: () => void;
  onLogin: () => void;
}) {
  const t = useT();
  const time = useMarketTime();
  const status = orderStatusLook(order);
  return (
    <div className="flex flex-col gap-4" data-testid="digital-order" data-status={order.status}>
      <section
        aria-labelledby="digital-order-title"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <OperatorLogo operator={order.operator.key} className="h-9 w-32" />
            <div className="min-w-0">
              <h2 id="digital-order-title" className="font-semibold text-slate-900">
                {order.product.name}
              </h2>
              <p className="text-xs text-slate-500">
                <bdi dir="ltr">{order.order_code}</bdi>
                <span aria-hidden="true"> · </span>
                <time dateTime={order.created_at}>{time.format(order.created_at, 'dateTime')}</time>
              </p>
            </div>
          </div>
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.className}`}
            data-testid="digital-order-status"
          >
            {t(status.label)}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-t border-slate-100 pt-4 text-sm">
          <dt className="text-slate-500">
            {order.kind === 'pln' ? t('Meter number or customer ID') : t('Phone number')}
          </dt>
          <dd className="text-end font-medium text-slate-900">
            <bdi dir="ltr">{order.customer_number}</bdi>
          </dd>
          {order.customer_name ? (
            <>
              <dt className="text-slate-500">{t('Customer name')}</dt>
              <dd className="text-end font-medium text-slate-900">{order.customer_name}</dd>
            </>
          ) : null}
          {order.segment_power ? (
            <>
              <dt className="text-slate-500">{t('Tariff / power')}</dt>
              <dd className="text-end font-medium text-slate-900">
                <bdi dir="ltr">{formatSegmentPower(order.segment_power)}</bdi>
              </dd>
            </>
          ) : null}
          <dt className="text-slate-500">{t('Payment Method')}</dt>
          <dd className="text-end font-medium text-slate-900">{order.payment.payment_method_title}</dd>
          <dt className="text-slate-500">{t('Payment status')}</dt>
          <dd className="text-end font-medium text-slate-900" data-testid="digital-payment-status">
            {t(PAYMENT_STATE_LABEL[order.payment.status])}
          </dd>
          <dt className="text-base font-semibold text-slate-900">{t('Total')}</dt>
          <dd className="text-end">
            <Price amount={order.price} decimals={2} className="text-lg font-bold text-slate-900" />
          </dd>
        </dl>
      </section>
      <ResultPanel order={order} onUnauthorized={onUnauthorized} onLogin={onLogin} />
    </div>
  );
}

const panel = 'flex flex-col gap-4 rounded-2xl border p-4 sm:p-6';

/** What the shopper can do or see now, by the order's state. */
function ResultPanel({
  order,
  onUnauthorized,
  onLogin,
}: {
  order: DigitalOrder;
  onUnauthorized: () => void;
  onLogin: () => void;
}) {
  const t = useT();
  if (order.status === 'success') {
    return (
      <section className={`${panel} border-emerald-200 bg-emerald-50`} aria-labelledby="digital-result-title">
        <h2 id="digital-result-title" className="flex items-center gap-2 text-base font-semibold text-emerald-900">
          <Icon name="shield" className="size-5" />
          {order.kind === 'pln' ? t('Your token is ready') : t('Credit sent')}
        </h2>
        {order.kind === 'pln' && order.token ? (
          <TokenView token={order.token} />
        ) : (
          <p className="text-sm text-emerald-900">
            {t('{{product}} was sent to {{number}}.', {
              product: order.product.name,
              number: order.customer_number,
            })}
          </p>
        )}
        {order.serial_number ? (
          <p className="text-xs text-emerald-900">
            {t('Serial number')}:{' '}
            <bdi dir="ltr" className="font-mono" data-testid="digital-serial">
              {order.serial_number}
            </bdi>
          </p>
        ) : null}
        <Link to={productPageHref(order)} className={buttonClass('outline', 'md', 'self-start')}>
          {t('Buy again')}
        </Link>
      </section>
    );
  }
  if (order.status === 'failed') {
    return (
      <section className={`${panel} border-rose-200 bg-rose-50`} aria-labelledby="digital-result-title" role="alert">
        <h2 id="digital-result-title" className="flex items-center gap-2 text-base font-semibold text-rose-900">
          <Icon name="warning" className="size-5" />
          {t('The top-up failed')}
        </h2>
        <p className="text-sm text-rose-900" data-testid="digital-failure">
          {order.failure_message ?? t('The provider could not complete this top-up.')}
        </p>
        <p className="text-sm text-rose-900" data-testid="digital-refund">
          {order.refund_status === 'refunded'
            ? t('Your payment was refunded.')
            : order.refund_status === 'pending'
              ? t('Your payment will be refunded; the shop has been told.')
              : t('No money was taken for this order.')}
        </p>
        <Link to={productPageHref(order)} className={buttonClass('primary', 'md', 'self-start')}>
          {t('Try again')}
        </Link>
      </section>
    );
  }
  if (isWaiting(order)) {
    return <Processing order={order} onUnauthorized={onUnauthorized} />;
  }
  if (order.payment.status === 'cancelled')
    return <PayAgain order={order} onUnauthorized={onUnauthorized} onLogin={onLogin} />;
  return <PayNow order={order} onUnauthorized={onUnauthorized} />;
}

/** Paid; the provider is working: the page asks every 2 s, and "Check again" asks the provider now. */
function Processing({ order, onUnauthorized }: { order: DigitalOrder; onUnauthorized: () => void }) {
  const t = useT();
  const check = useCheckDigitalOrder(order.id);
  const run = async () => {
    try {
      await check.mutateAsync();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      notifyError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
    }
  };
  return (
    <section className={`${panel} border-indigo-200 bg-indigo-50`} aria-labelledby="digital-result-title">
      <h2 id="digital-result-title" className="flex items-center gap-3 text-base font-semibold text-indigo-900">
        <Spinner className="size-5" label={t('Processing')} />
        {order.kind === 'pln' ? t('Issuing your token...') : t('Sending your credit...')}
      </h2>
      <p className="text-sm text-indigo-900">
        {t('Your payment is confirmed. This usually takes a few seconds; this page updates by itself.')}
      </p>
      <Button variant="outline" onClick={() => void run()} loading={check.isPending} className="self-start">
        <Icon name="refresh" className="size-4" />
        {t('Check again')}
      </Button>
    </section>
  );
}

/** Pending: the sandbox's Pay and Cancel here, another gateway's page through its link. */
function PayNow({ order, onUnauthorized }: { order: DigitalOrder; onUnauthorized: () => void }) {
  const t = useT();
  const settle = useDigitalSandboxPayment(order.id, order.payment.id);
  const run = async (action: SandboxAction) => {
    try {
      await settle.mutateAsync(action);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      notifyError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
    }
  };
  const running = settle.isPending ? settle.variables : null;
  if (order.payment.payment_method === 'sandbox') {
    return (
      <section className={`${panel} border-slate-200 bg-white`} aria-labelledby="digital-result-title">
        <h2 id="digital-result-title" className="text-base font-semibold text-slate-900">
          {t('Pay for your top-up')}
        </h2>
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          <Icon name="shield" className="size-4 shrink-0 text-slate-500" />
          {t('This is the test payment gateway: no money is moved.')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            variant="outline"
            size="lg"
            onClick={() => void run('cancel')}
            loading={running === 'cancel'}
            disabled={running !== null}
          >
            {t('Cancel')}
          </Button>
          <Button size="lg" onClick={() => void run('pay')} loading={running === 'pay'} disabled={running !== null}>
            {t('Pay')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section className={`${panel} border-slate-200 bg-white`} aria-labelledby="digital-result-title">
      <h2 id="digital-result-title" className="text-base font-semibold text-slate-900">
        {t('Pay for your top-up')}
      </h2>
      {order.payment.payment_url ? (
        <a href={order.payment.payment_url} className={buttonClass('primary', 'lg', 'self-start')}>
          {t('Pay with {{method}}', { method: order.payment.payment_method_title })}
        </a>
      ) : (
        <p className="text-sm text-slate-600">{t('Waiting for the payment to be confirmed.')}</p>
      )}
    </section>
  );
}

/** The payment was cancelled: a new order for the same number and amount, paid the same way. */
function PayAgain({
  order,
  onUnauthorized,
  onLogin,
}: {
  order: DigitalOrder;
  onUnauthorized: () => void;
  onLogin: () => void;
}) {
  const t = useT();
  const { buy, buying, formError, numberError } = useDigitalBuy({ signedIn: true, onLogin, onUnauthorized });
  const error = formError ?? numberError;
  return (
    <section className={`${panel} border-slate-200 bg-white`} aria-labelledby="digital-result-title">
      <h2 id="digital-result-title" className="text-base font-semibold text-slate-900">
        {t('The payment was cancelled')}
      </h2>
      <p className="text-sm text-slate-600">{t('Nothing was charged and nothing was sent.')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() =>
            void buy({
              product_id: order.product.id,
              customer_number: order.customer_number,
              payment_method: order.payment.payment_method,
            })
          }
          loading={buying}
        >
          {t('Pay again')}
        </Button>
        <Link to={productPageHref(order)} className={buttonClass('outline')}>
          {t('Change the amount')}
        </Link>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The 20-digit token in five groups of four, read left to right in every language, with Copy. */
function TokenView({ token }: { token: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const grouped = formatPlnToken(token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      notifyError(t('Could not copy. Select the token and copy it yourself.'));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-emerald-900">{t('Enter this token on your meter:')}</p>
      <p
        dir="ltr"
        translate="no"
        data-testid="pln-token"
        className="select-all rounded-xl bg-white px-3 py-3 text-center font-mono text-xl font-bold tracking-wider text-slate-900 ring-1 ring-emerald-200 sm:text-2xl"
      >
        {grouped}
      </p>
      <Button variant="outline" onClick={() => void copy()} className="self-start">
        <Icon name="clipboard" className="size-4" />
        {copied ? t('Copied') : t('Copy token')}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied ? t('The token was copied.') : ''}
      </span>
    </div>
  );
}
