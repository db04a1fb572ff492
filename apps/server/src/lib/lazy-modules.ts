import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/**
 * Libraries a process may never need, loaded the first time they are: Redis and hosted Pusher
 * clients (without their settings), image processing, PDF invoices, QR codes, mail, Stripe's
 * client, the S3 client (media on disk needs none of it), jose (social sign-in only) and the
 * rich-text sanitiser (only when a text is saved). Loading them all at start was a third of the
 * start's ~0.7 s of module loading (issue 31: start within a second). Each stays out of the
 * compiled server's bundle (apps/server/scripts/kept-as-imports.mjs). The embedded database is
 * loaded with `once` in db/client.ts (only db/ and repositories import Drizzle).
 * lib/boundaries.test.ts fails when one of them is imported anywhere else.
 */
/** `load` run the first time the result is asked for; every later call gets the same promise. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
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
export const loadS3 = once(async () => await import('@aws-sdk/client-s3'));
/** JSON Web Tokens, for the social sign-ins' id tokens (66 ms of a start that never needs them). */
export const loadJose = once(async () => await import('jose'));

const requireFromHere = createRequire(import.meta.url);
let sanitizeHtml: typeof SanitizeHtml | undefined;
/**
 * sanitize-html (with postcss and htmlparser2, ~0.1 s of loading), for the rich text a seller or
 * the operator saves. A CommonJS package, so it is required on first use and the sanitiser's
 * callers stay synchronous.
 */
export function requireSanitizeHtml(): typeof SanitizeHtml {
  sanitizeHtml ??= requireFromHere('sanitize-html') as typeof SanitizeHtml;
  return sanitizeHtml;
}
