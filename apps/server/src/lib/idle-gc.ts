/**
 * A full garbage collection once the process has had no request for IDLE_GC_AFTER_MS after being
 * busy (or after starting), so a server at rest gives back to the system what serving left behind.
 * V8 collects its old generation only as it fills; a process that just served a burst (or just
 * started: the web build, migrations, the first pages) keeps tens of megabytes of garbage resident
 * until the next burst. One collection costs some tens of milliseconds, only when nothing is served.
 *
 * It needs the collector exposed (`node --expose-gc`, as `npm start`, the Dockerfile and compose
 * run the server); without it this does nothing.
 */
export const IDLE_GC_AFTER_MS = 10_000;

export interface IdleCollector {
  /** Tells that a request came in. */
  touch(): void;
  stop(): void;
}

export function collectWhenIdle(
  gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc,
  afterMs = IDLE_GC_AFTER_MS,
  now: () => number = Date.now,
): IdleCollector {
  let lastActivity = now();
  // Starting leaves garbage too.
  let dirty = true;
  const timer = gc
    ? setInterval(
        () => {
          if (!dirty || now() - lastActivity < afterMs) return;
          dirty = false;
          gc();
        },
        Math.max(1, Math.floor(afterMs / 2)),
      )
    : undefined;
  timer?.unref();
  return {
    touch() {
      lastActivity = now();
      dirty = true;
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
