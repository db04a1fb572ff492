import { type Message, msg } from '../../lib/messages';

/**
 * Fetching a product photo named by URL in an imported file. The server fetches only from the
 * origins the operator allowed (a setting), so an import cannot make it call into the private
 * network or anywhere else: the URL's origin must be on the list, and so must every redirect's.
 */

export interface ImageFetchOptions {
  /** Origins such as `https://cdn.shopify.com`; compared exactly, scheme and port included. */
  allowedOrigins: readonly string[];
  maxBytes: number;
  timeoutMs?: number;
  /** The fetch to use (tests hand in none: the global one reaches their local server). */
  fetchImpl?: typeof fetch;
}

export type ImageFetchResult = { ok: true; data: Buffer } | { ok: false; reason: Message };

const MAX_REDIRECTS = 3;

/** The URL's origin when it is an http(s) URL on the list, else null. */
export function allowedOrigin(url: string, allowedOrigins: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  return allowedOrigins.includes(parsed.origin) ? parsed.origin : null;
}

/** The photo's bytes, or why it could not be had (the row's warning names the URL). */
export async function fetchImportImage(url: string, options: ImageFetchOptions): Promise<ImageFetchResult> {
  const doFetch = options.fetchImpl ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let current = url;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (allowedOrigin(current, options.allowedOrigins) === null) {
        return {
          ok: false,
          reason: msg('The image {{url}} is not on an address the marketplace allows.', { url: current }),
        };
      }
      const response = await doFetch(current, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        await response.body?.cancel();
        if (!location) break;
        current = new URL(location, current).toString();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return {
          ok: false,
          reason: msg('The image {{url}} could not be fetched ({{status}}).', { url, status: response.status }),
        };
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > options.maxBytes) {
        await response.body?.cancel();
        return { ok: false, reason: msg('The image {{url}} is too large.', { url }) };
      }
      const data = await readAtMost(response, options.maxBytes);
      if (data === null) return { ok: false, reason: msg('The image {{url}} is too large.', { url }) };
      return { ok: true, data };
    }
    return { ok: false, reason: msg('The image {{url}} could not be fetched (too many redirects).', { url }) };
  } catch {
    return { ok: false, reason: msg('The image {{url}} could not be fetched.', { url }) };
  }
}

/** The body, or null once it passes `maxBytes` (the rest is not read). */
async function readAtMost(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
