import { TOAST } from '@shop/contracts/constants';
import { ToastContainer } from 'react-toastify';

/**
 * Spec section 9: 5000 ms by default, at most 20 at once, bottom-left (bottom-right in rtl).
 * Cart toasts pass their own 3000 ms when shown.
 */
export function Toaster({ rtl }: { rtl: boolean }) {
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
