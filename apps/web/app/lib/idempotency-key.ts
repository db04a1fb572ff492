import { IDEMPOTENCY_HEADER } from '@shop/contracts/constants';
import type { ErrorCode } from '@shop/contracts/errors';
import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

/** 128 random bits as hex; getRandomValues works on plain http too, where randomUUID does not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The 409 of a key whose first request is still running (a typed literal: no schema module loads). */
const STILL_RUNNING: ErrorCode = 'CONFLICT';

/**
 * Whether the server settled the call: a retry would then be a new request, with a new key. A 409
 * CONFLICT means the first try is still running; other 409s (OUT_OF_STOCK, CHECKOUT_CHANGED) are
 * answers: the shopper's next try (after checking the cart) is a new request, with a new key.
 */
function answered(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status >= 500) return false;
  return !(error.status === 409 && error.code === STILL_RUNNING);
}

/**
 * The `Idempotency-Key` of one thing the shopper submits. The same key goes
 * with every try until the server has answered it (a lost reply or a 5xx is tried again with the
 * same key, so nothing is done twice); after an answer the next submit is a new request.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const headers = useCallback(() => {
    key.current ??= newIdempotencyKey();
    return { [IDEMPOTENCY_HEADER]: key.current };
  }, []);
  const settled = useCallback((error: unknown) => {
    if (error === null || answered(error)) key.current = null;
  }, []);
  return { headers, settled };
}
