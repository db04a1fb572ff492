/** Where order_payment_url leads: an in-app path (the sandbox page) or another site (Stripe). */
export function paymentTarget(url: string, origin: string): { external: false; path: string } | { external: true } {
  const target = new URL(url, origin);
  if (target.origin !== origin) return { external: true };
  return { external: false, path: `${target.pathname}${target.search}${target.hash}` };
}
