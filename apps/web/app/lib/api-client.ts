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
}

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
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one API client: same headers everywhere, replies checked by contract. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
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
      const response = await doFetch(target, {
        method: req.method ?? 'GET',
        headers,
        credentials: 'same-origin',
        signal: req.signal,
        body: req.body === undefined ? undefined : req.body instanceof FormData ? req.body : JSON.stringify(req.body),
      });
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
