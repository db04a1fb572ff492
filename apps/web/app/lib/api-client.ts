import type { z } from 'zod';

/** A failed call: `status` plus the `{message, code}` or 422 `{message, errors}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** '' in the browser (same origin); the internal address during SSR. */
  origin: string;
  /** Language for translated names (Accept-Language from locale). */
  locale: () => string;
  /** Extra headers, e.g. the visitor's cookie forwarded during SSR. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * Sends a call whose upload progress is asked for (`onUploadProgress`); fetch cannot report it.
   * Default: XMLHttpRequest in the browser; none when `fetch` is given (tests), which then sends it.
   */
  upload?: UploadTransport;
}

/** Sends one call like fetch, telling how much of the body went out (0..1) as it goes. */
export type UploadTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData | string | undefined; signal?: AbortSignal },
  onProgress: (fraction: number) => void,
) => Promise<Response>;

/** Statuses whose Response may carry no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The browser's upload transport: the same request through XMLHttpRequest, whose upload reports progress. */
const xhrUpload: UploadTransport = (url, init, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
        }),
      );
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The call was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });

/**
 * A reply's contract, or a function loading it. API modules pass loaders
 * (`() => import('@shop/contracts/catalog').then((c) => c.homeReplySchema)`): the contracts are
 * then fetched and built with the first reply that needs them, not while the page starts. Building
 * every schema of the contracts a page imported took ~8 ms of a phone's startup, more than half of
 * the task that runs the page's modules.
 */
export type ReplySchema<S extends z.ZodType> = S | (() => Promise<S>);

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** The contract of the reply (or its loader); the parsed value is returned. */
  schema: ReplySchema<S>;
  signal?: AbortSignal;
  /** Headers of this call only, e.g. the `Idempotency-Key` of an order placement. */
  headers?: Record<string, string>;
  /** Told how much of the body was sent (0..1), for a progress bar of an upload. */
  onUploadProgress?: (fraction: number) => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one API client: same headers everywhere, replies checked by contract. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const upload = options.upload ?? (options.fetch || typeof XMLHttpRequest === 'undefined' ? undefined : xhrUpload);
  return {
    origin: options.origin,
    async request<S extends z.ZodType>(path: string, req: RequestOptions<S>): Promise<z.infer<S>> {
      const url = new URL(path, options.origin || 'http://placeholder');
      for (const [key, value] of Object.entries(req.query ?? {})) {
        if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Accept-Language': options.locale(),
        ...options.headers,
        ...req.headers,
      };
      if (req.body !== undefined && !(req.body instanceof FormData)) headers['Content-Type'] = 'application/json';
      const target = options.origin ? url.toString() : `${url.pathname}${url.search}`;
      const method = req.method ?? 'GET';
      const body =
        req.body === undefined ? undefined : req.body instanceof FormData ? req.body : JSON.stringify(req.body);
      const response =
        req.onUploadProgress && upload
          ? await upload(target, { method, headers, body, signal: req.signal }, req.onUploadProgress)
          : await doFetch(target, { method, headers, credentials: 'same-origin', signal: req.signal, body });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (!response.ok) {
        const body = (json ?? {}) as { message?: string; code?: string; errors?: Record<string, string[]> };
        throw new ApiError(response.status, body.message ?? response.statusText, body.code, body.errors);
      }
      const schema = typeof req.schema === 'function' ? await req.schema() : req.schema;
      return schema.parse(json);
    },
  };
}
