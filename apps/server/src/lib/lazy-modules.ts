/**
 * Libraries a process may never need, loaded the first time they are: the embedded database (on
 * PostgreSQL), Redis and hosted Pusher clients (without their settings), image processing,
 * PDF invoices, QR codes, mail and Stripe's client. Loading them all at start was a third of the start's
 * ~0.7 s of module loading (issue 31: start within a second).
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

export const loadSharp = once(async () => (await import('sharp')).default);
export const loadPdfKit = once(async () => (await import('pdfkit')).default);
export const loadQrCode = once(async () => (await import('qrcode')).default);
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
export const loadStripe = once(async () => (await import('stripe')).default);
export const loadRedis = once(async () => (await import('ioredis')).Redis);
export const loadPusher = once(async () => (await import('pusher')).default);
export const loadPglite = once(async () => {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, pg_trgm, drizzle, migrate };
});
