import type { Address } from '@shop/contracts/account';
import type { Payment } from '@shop/contracts/cart';
import type { ErrorCode } from '@shop/contracts/errors';
import type { Master } from '@shop/contracts/settings';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { FieldError } from '../../../components/ui/text-field';
import { notifyError } from '../../../components/ui/toaster';
import { addressesQueryOptions } from '../../../entities/address/api/addresses';
import { cartQueryKey, cartQueryOptions, checkoutQueryOptions } from '../../../entities/cart/api/cart';
import { useCartSelection } from '../../../entities/cart/stores/cart-selection';
import { OrderConfirmDialog } from '../../../entities/order/components/order-confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useGoToPayment } from '../../../lib/payment-target';
import { refetchUnlessCameWithPage } from '../../../lib/query-client';
import { usePlaceOrder } from '../api/checkout';
import { deliveryAddress, paymentOptions } from '../checkout-rules';
import { CheckoutItems } from './checkout-items';
import { CouponForm, type CouponResult } from './coupon-form';
import { type AddressFormSlot, DeliveryAddress } from './delivery-address';
import { OrderSummary } from './order-summary';
import { PaymentMethods } from './payment-methods';

export interface CheckoutPageProps {
  /** /buynow: the buy-now line, kept apart from the cart; /checkout: the shops selected in the cart. */
  isBuyNow: boolean;
  master: Master | undefined;
  signedIn: boolean;
  onLogin: () => void;
  /** A call answered 401: the session is gone. */
  onUnauthorized: () => void;
  /** Place-order said the account needs verifying first: the OTP dialog opens. */
  onVerifyAccount: () => void;
  renderAddress: (address: Address) => ReactNode;
  renderAddressForm: (slot: AddressFormSlot) => ReactNode;
}

type PlaceField = 'address_id' | 'payment_method' | 'note' | 'coupon_code';
const PLACE_FIELDS: readonly string[] = ['address_id', 'payment_method', 'note', 'coupon_code'];
// Codes as literals checked against the contract's type: importing ErrorCode's value would build
// the error schemas with this page's scripts (lib/contracts-imports.test.ts).
const ACCOUNT_UNVERIFIED: ErrorCode = 'ACCOUNT_UNVERIFIED';
/** Placement refusals after which the preview is fetched again and shown. */
const PREVIEW_AGAIN: readonly ErrorCode[] = ['CHECKOUT_CHANGED', 'OUT_OF_STOCK', 'CART_EMPTY'];

/**
 * /checkout and /buynow: the delivery
 * address, the lines by shop, a coupon code, the server's figures, the payment method and a note,
 * then "Place Order": one order per shop, one payment for them all.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const t = useT();
  // The selection comes with the page (its cookie) or from local storage after hydration; until
  // then the server and the first render show the skeleton.
  const restored = useCartSelection((s) => s.restored);
  const [placed, setPlaced] = useState<Payment | null>(null);

  let content: ReactNode;
  if (!restored) content = <CheckoutSkeleton />;
  else if (!props.signedIn) {
    content = (
      <EmptyState
        icon="lock"
        title={t('Please log in to check out')}
        hint={t('Your cart and addresses are kept with your account.')}
        action={<Button onClick={props.onLogin}>{t('Log in')}</Button>}
      />
    );
  } else content = <CheckoutForm {...props} onPlaced={setPlaced} />;

  return (
    <div className="mx-auto w-full max-w-7xl px-3 py-4 sm:px-4 lg:px-6 lg:py-8">
      <h1 className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
        {props.isBuyNow ? t('Buy Now') : t('Checkout')}
      </h1>
      {content}
      <OrderConfirmDialog payment={placed} onClose={() => setPlaced(null)} />
    </div>
  );
}

function CheckoutForm({
  isBuyNow,
  master,
  onUnauthorized,
  onVerifyAccount,
  renderAddress,
  renderAddressForm,
  onPlaced,
}: CheckoutPageProps & { onPlaced: (payment: Payment) => void }) {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const goToPayment = useGoToPayment();
  const noteId = useId();
  const selectedShopIds = useCartSelection((s) => s.selectedShopIds);
  const couponCode = useCartSelection((s) => s.couponCode);
  const setCouponCode = useCartSelection((s) => s.setCouponCode);
  const pruneShops = useCartSelection((s) => s.pruneShops);
  const resetSelection = useCartSelection((s) => s.reset);

  // Buy now orders the buy-now line's shop; checkout orders the shops ticked in the cart.
  // Checkout shows what is in the cart now: lines cached by another page are fetched again on arrival.
  const buyNow = useQuery({
    ...cartQueryOptions(api, true),
    enabled: isBuyNow,
    refetchOnMount: refetchUnlessCameWithPage,
  });
  const buyNowShopIds = buyNow.data?.cart_items.map((group) => group.shop_id) ?? [];
  const shopIds = isBuyNow ? buyNowShopIds : selectedShopIds;
  const input = { shopIds, couponCode, isBuyNow };
  const preview = useQuery({
    ...checkoutQueryOptions(api, input),
    enabled: shopIds.length > 0,
    refetchOnMount: refetchUnlessCameWithPage,
    // A coupon applied or removed swaps the figures in place, without a skeleton between.
    placeholderData: keepPreviousData,
  });
  const addresses = useQuery(addressesQueryOptions(api));

  const [pickedAddressId, setPickedAddressId] = useState<number | null>(null);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PlaceField, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  /** Placed: the selection is emptied, so the page shows this instead of "No shop is selected". */
  const [outcome, setOutcome] = useState<'confirmed' | 'to-payment' | null>(null);
  const placeOrder = usePlaceOrder();

  const options = paymentOptions(master);
  const method = options.find((o) => o.value === chosenMethod)?.value ?? options[0]?.value ?? null;
  const address = deliveryAddress(addresses.data ?? [], pickedAddressId);
  const checkout = preview.data?.data;
  const settled = preview.data !== undefined && !preview.isPlaceholderData;

  // Shops no longer in the cart leave the selection; an empty list clears it.
  useEffect(() => {
    if (isBuyNow || !settled || !checkout) return;
    pruneShops(checkout.checkout_items.map((group) => group.shop_id));
  }, [isBuyNow, settled, checkout, pruneShops]);

  // A kept code that no longer gives a discount is dropped, never sent with the order.
  useEffect(() => {
    if (settled && checkout && couponCode && !checkout.apply_coupon) setCouponCode(null);
  }, [settled, checkout, couponCode, setCouponCode]);

  // Lines dropped by the server (product gone, out of stock) are a warning toast.
  const info = settled ? checkout?.info : null;
  useEffect(() => {
    if (info) toast.warning(info);
  }, [info]);

  const unauthorized = [preview.error, buyNow.error, addresses.error].some(
    (error) => error instanceof ApiError && error.status === 401,
  );
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  const applyCoupon = async (code: string): Promise<CouponResult> => {
    const reply = await client.fetchQuery(checkoutQueryOptions(api, { ...input, couponCode: code }));
    if (reply.data.apply_coupon) setCouponCode(code);
    return { applied: reply.data.apply_coupon, message: reply.message };
  };

  const submit = async () => {
    setNotice(null);
    const errors: Partial<Record<PlaceField, string>> = {};
    if (!address) errors.address_id = t('Please add a delivery address.');
    if (!method) errors.payment_method = t('Please choose a payment method.');
    setFieldErrors(errors);
    if (!address || !method) return;
    try {
      const reply = await placeOrder.mutateAsync({
        shop_ids: [...shopIds],
        address_id: address.id,
        payment_method: method,
        coupon_code: couponCode,
        note: note.trim() || null,
        is_buy_now: isBuyNow,
        // The total the shopper sees: if it changed on the server, the order is refused, not charged.
        expected_payable_amount: settled ? checkout?.checkout.payable_amount : undefined,
      });
      const url = reply.data.order_payment_url;
      setOutcome(url === null ? 'confirmed' : 'to-payment');
      // The ordered lines left the cart (the buy-now line leaves the cart's selection alone).
      if (isBuyNow) setCouponCode(null);
      else resetSelection();
      setNote('');
      if (url === null) {
        onPlaced(reply.data.payment);
        return;
      }
      goToPayment(url);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        notifyError(t('Something went wrong. Please try again.'));
        return;
      }
      if (error.status === 401) {
        onUnauthorized();
        return;
      }
      if (error.code === ACCOUNT_UNVERIFIED) {
        notifyError(error.message);
        onVerifyAccount();
        return;
      }
      if (PREVIEW_AGAIN.some((code) => code === error.code)) {
        // The figures moved since the preview: show why, and the new figures, before a new try.
        setNotice(error.message);
        void client.invalidateQueries({ queryKey: cartQueryKey });
        return;
      }
      const fields = serverFieldErrors(error);
      const own = Object.entries(fields).filter(([field]) => PLACE_FIELDS.includes(field));
      setFieldErrors(Object.fromEntries(own));
      const other = Object.entries(fields).find(([field]) => !PLACE_FIELDS.includes(field));
      if (other || own.length === 0) notifyError(other?.[1] ?? error.message);
    }
  };

  // On the way to the payment page (or the gateway's), the page stays as it was being left.
  if (outcome === 'to-payment') return <CheckoutSkeleton />;
  if (outcome === 'confirmed') {
    return (
      <EmptyState
        icon="clipboard"
        title={t('Order placed successfully')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={paths.home} className={buttonClass('outline')}>
              {t('Continue Shopping')}
            </Link>
            <Link to={paths.orderHistory} className={buttonClass('primary')}>
              {t('My orders')}
            </Link>
          </div>
        }
      />
    );
  }

  const linesError = preview.error ?? buyNow.error;
  if (linesError && !checkout && !(linesError instanceof ApiError && linesError.status === 401)) {
    return (
      <ErrorState
        title={linesError instanceof ApiError ? linesError.message : t('We could not load your checkout')}
        onRetry={() => void (isBuyNow && buyNow.error ? buyNow.refetch() : preview.refetch())}
      />
    );
  }

  const loadingLines = isBuyNow
    ? buyNow.isPending || (buyNowShopIds.length > 0 && !checkout)
    : shopIds.length > 0 && !checkout;
  if (loadingLines) return <CheckoutSkeleton />;

  if (shopIds.length === 0 || !checkout || checkout.checkout_items.length === 0) {
    return (
      <EmptyState
        icon="bag"
        title={isBuyNow ? t('There is no product to buy now') : t('No shop is selected for checkout')}
        hint={isBuyNow ? t('Choose a product and press Buy Now.') : t('Please select at least one shop')}
        action={
          <Link to={paths.home} className={buttonClass('primary')}>
            {t('Continue Shopping')}
          </Link>
        }
      />
    );
  }

  const multiVendor = master?.multi_vendor ?? true;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-6">
      <div className="flex min-w-0 flex-col gap-4">
        <DeliveryAddress
          addresses={addresses.data}
          failed={addresses.isError}
          onRetry={() => void addresses.refetch()}
          selected={address}
          onSelect={(id) => {
            setPickedAddressId(id);
            setFieldErrors((e) => ({ ...e, address_id: undefined }));
          }}
          renderAddress={renderAddress}
          renderAddressForm={renderAddressForm}
          error={fieldErrors.address_id}
        />

        <section
          aria-labelledby="checkout-items-title"
          className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id="checkout-items-title" className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
            <Icon name="bag" className="size-5 text-primary-700" />
            {t('Order Items')}
          </h2>
          <CheckoutItems groups={checkout.checkout_items} showShops={multiVendor} />
        </section>

        <section
          aria-labelledby="checkout-payment-title"
          className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2
            id="checkout-payment-title"
            className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <Icon name="banknotes" className="size-5 text-primary-700" />
            {t('Payment Method')}
          </h2>
          <PaymentMethods
            options={options}
            value={method}
            onChange={(value) => {
              setChosenMethod(value);
              setFieldErrors((e) => ({ ...e, payment_method: undefined }));
            }}
            error={fieldErrors.payment_method}
          />
        </section>

        <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <label htmlFor={noteId} className="mb-1.5 block text-base font-semibold text-slate-900">
            {t('Order Note (optional)')}
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            placeholder={t('Anything the shop should know about your order')}
            aria-invalid={fieldErrors.note ? true : undefined}
            aria-describedby={fieldErrors.note ? `${noteId}-error` : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-invalid:border-rose-500"
          />
          <FieldError id={`${noteId}-error`} message={fieldErrors.note} />
        </section>
      </div>

      <section
        aria-labelledby="checkout-summary-title"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 lg:sticky lg:top-36"
      >
        <h2 id="checkout-summary-title" className="text-base font-semibold text-slate-900">
          {t('Order Summary')}
        </h2>
        <CouponForm appliedCode={couponCode} onApply={applyCoupon} onRemove={() => setCouponCode(null)} />
        <FieldError message={fieldErrors.coupon_code} />
        <div aria-busy={preview.isFetching || undefined} className={preview.isFetching ? 'opacity-60' : undefined}>
          <OrderSummary summary={checkout.checkout} />
        </div>
        {notice && (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800"
            data-testid="checkout-notice"
          >
            {notice}
          </p>
        )}
        <Button
          size="lg"
          className="w-full"
          onClick={() => void submit()}
          loading={placeOrder.isPending}
          disabled={preview.isFetching}
        >
          {t('Place Order')}
        </Button>
      </section>
    </div>
  );
}

function CheckoutSkeleton() {
  const t = useT();
  return (
    <div role="status" className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-6">
      <span className="sr-only">{t('Loading...')}</span>
      <div className="flex flex-col gap-4" aria-hidden="true">
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-56 w-full rounded-2xl" />
        <Skeleton className="h-28 w-full rounded-2xl" />
      </div>
      <Skeleton className="h-80 w-full rounded-2xl" />
    </div>
  );
}
