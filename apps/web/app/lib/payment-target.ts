import { useNavigate } from 'react-router';

/** Where order_payment_url leads: an in-app path (the sandbox page) or another site (Stripe). */
export function paymentTarget(url: string, origin: string): { external: false; path: string } | { external: true } {
  const target = new URL(url, origin);
  if (target.origin !== origin) return { external: true };
  return { external: false, path: `${target.pathname}${target.search}${target.hash}` };
}

/** Goes to where a payment is paid: in the app by the router, to another site by the browser. */
export function useGoToPayment(): (url: string) => void {
  const navigate = useNavigate();
  return (url) => {
    const target = paymentTarget(url, window.location.origin);
    if (target.external) window.location.assign(url);
    else navigate(target.path);
  };
}
