import { TOAST } from '@shop/contracts/constants';
import type { ReactNode } from 'react';
import { type Id, ToastContainer, toast } from 'react-toastify/unstyled';
import { useHydrated } from './hydrated';

/**
 * 5000 ms by default, at most 20 at once, bottom-left (bottom-right in rtl).
 * Success toasts stay 3 s (notifySuccess); cart toasts pass their own 3000 ms when shown.
 */
export function Toaster({ rtl }: { rtl: boolean }) {
  // Mounted after hydration (./hydrated.tsx); toasts shown before that wait in react-toastify's queue.
  if (!useHydrated()) return null;
  return (
    <ToastContainer
      position={rtl ? 'bottom-right' : 'bottom-left'}
      rtl={rtl}
      autoClose={TOAST.defaultMs}
      limit={TOAST.maxVisible}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      theme="light"
    />
  );
}

/** A toast's heading and the sentence under it ('Login Successful' / 'You have successfully logged in.'). */
export function ToastText({ title, body }: { title: string; body?: string }) {
  return (
    <div>
      <p className="font-semibold text-slate-900">{title}</p>
      {body ? <p className="mt-0.5 text-sm text-slate-600">{body}</p> : null}
    </div>
  );
}

/** Success toasts last 3 s. */
export function notifySuccess(title: string, body?: string): void {
  toast.success(<ToastText title={title} body={body} />, { autoClose: TOAST.successMs });
}

/** A failed call's server message, at the default duration. */
export function notifyError(message: string): void {
  toast.error(message);
}

/** A reply's `info` (lines dropped from the cart): a warning, at the default duration. */
export function notifyWarning(message: string): void {
  toast.warning(message);
}

/**
 * Cart toasts: 3000 ms, no progress bar, no icon; the container puts them
 * bottom-left (bottom-right in rtl). The content closes the toast itself through `closeToast`.
 */
export function notifyCart(content: (close: () => void) => ReactNode): Id {
  return toast(({ closeToast }) => content(closeToast), {
    autoClose: TOAST.cartMs,
    hideProgressBar: true,
    icon: false,
  });
}

/** Closes these toasts now (those already gone are ignored). */
export function dismissToasts(ids: Iterable<Id>): void {
  for (const id of ids) toast.dismiss(id);
}
