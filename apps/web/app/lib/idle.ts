/** How long work put off until the page is idle waits at most. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `work` once the browser is idle after the page's own start-up (hydration, the first
 * replies), so what no shopper sees at once (the realtime connection and its code) does not lengthen
 * the tasks that make the page interactive. At most two seconds later in any case. Returns a cancel.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}

/** Resolves in a later task: splits start-up work so each part is its own short task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
