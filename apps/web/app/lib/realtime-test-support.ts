import { vi } from 'vitest';
import type { RealtimeChannel, RealtimeClient } from './realtime';

/**
 * A pusher-js stand-in for component tests (not shipped: only tests import it). It records the
 * channels subscribed to and lets a test deliver an event, the server's subscription confirmation
 * (SUBSCRIBED_EVENT) included.
 */
export function fakeRealtime() {
  const handlers = new Map<string, Map<string, Set<(data: unknown) => void>>>();
  const subscribed: string[] = [];
  const client: RealtimeClient = {
    subscribe(channel) {
      subscribed.push(channel);
      const events = handlers.get(channel) ?? new Map();
      handlers.set(channel, events);
      const api: RealtimeChannel = {
        bind: (event, handler) => {
          const set = events.get(event) ?? new Set();
          set.add(handler);
          events.set(event, set);
        },
        unbind: (event, handler) => {
          if (handler) events.get(event)?.delete(handler);
          else events.delete(event);
        },
      };
      return api;
    },
    unsubscribe: vi.fn((channel: string) => {
      handlers.delete(channel);
    }),
    disconnect: vi.fn(),
  };
  return {
    client,
    subscribed,
    connect: vi.fn(async () => client),
    emit(channel: string, event: string, data: unknown) {
      for (const handler of handlers.get(channel)?.get(event) ?? []) handler(data);
    },
    /** Handlers bound on a channel: of one event, or of all of them. */
    listeners(channel: string, event?: string) {
      const events = handlers.get(channel);
      if (!events) return 0;
      if (event !== undefined) return events.get(event)?.size ?? 0;
      return [...events.values()].reduce((n, set) => n + set.size, 0);
    },
  };
}
