import type { Master } from '@shop/contracts/settings';
import type { Options } from 'pusher-js';

/**
 * The page's one realtime connection: pusher-js pointed at our own server's
 * Pusher protocol endpoint, or at hosted Pusher when the settings name a cluster. No key, no
 * realtime. Created lazily in the browser only, never during SSR; pusher-js
 * itself is fetched with the first connection, not with the page.
 */

/** What the settings (GET /api/master) say about realtime. */
export interface RealtimeSettings {
  pusher_app_key: string | null;
  pusher_app_cluster: string | null;
  pusher_host: string | null;
  pusher_port: number | null;
  pusher_force_tls: boolean;
}

/** The realtime part of the settings; undefined while they load (or failed: no realtime then). */
export function realtimeSettingsOf(master: Master | undefined): RealtimeSettings | undefined {
  if (!master) return undefined;
  return {
    pusher_app_key: master.pusher_app_key,
    pusher_app_cluster: master.pusher_app_cluster,
    pusher_host: master.pusher_host,
    pusher_port: master.pusher_port,
    pusher_force_tls: master.pusher_force_tls,
  };
}

/**
 * The event pusher-js gives a channel once the server confirmed the subscription, and again after
 * every reconnection. What was sent to the channel before it is never delivered: a listener reads
 * again then whatever the events would have updated (unread counts, open threads).
 */
export const SUBSCRIBED_EVENT = 'pusher:subscription_succeeded';

/** What the app uses of a channel: bind and unbind handlers. */
export interface RealtimeChannel {
  bind(event: string, handler: (data: unknown) => void): unknown;
  unbind(event: string, handler?: (data: unknown) => void): unknown;
}

/** What the app uses of pusher-js (tests hand in a fake with the same shape). */
export interface RealtimeClient {
  subscribe(channel: string): RealtimeChannel;
  unsubscribe(channel: string): void;
  disconnect(): void;
}

export type RealtimeConnect = (settings: RealtimeSettings) => Promise<RealtimeClient | null>;

/** Where the channel authorisation goes (the session cookie rides along: same origin). */
export const BROADCASTING_AUTH_PATH = '/api/broadcasting/auth';

/** The page's address as pusher-js needs it: host and port of our own server. */
export interface PageLocation {
  hostname: string;
  port: string;
  protocol: string;
}

/**
 * The pusher-js options for the settings, or null when there is no key. The settings' host and
 * port when set; a null host means this site's own host and port (the built-in realtime server,
 * contracts' settings). The cluster is passed on (pusher-js wants one) but does not pick the
 * host: the demo's settings name cluster "mt1" for the mobile apps while serving realtime
 * themselves. Hosted Pusher is reached by naming its host (`ws-{cluster}.pusher.com`, port 443).
 */
export function pusherOptions(settings: RealtimeSettings, page: PageLocation): (Options & { key: string }) | null {
  const key = settings.pusher_app_key;
  if (!key) return null;
  const channelAuthorization = {
    endpoint: BROADCASTING_AUTH_PATH,
    transport: 'ajax' as const,
    // Unsafe cookie-authenticated calls must carry it (the CSRF defence).
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  };
  const cluster = settings.pusher_app_cluster ?? '';
  const secure = settings.pusher_force_tls || page.protocol === 'https:';
  const pagePort = page.port ? Number(page.port) : secure ? 443 : 80;
  const host = settings.pusher_host ?? page.hostname;
  const port = settings.pusher_port ?? (settings.pusher_host ? (secure ? 443 : 80) : pagePort);
  return {
    key,
    // pusher-js wants a cluster; with wsHost set it is not used for the connection.
    cluster: cluster || 'mt1',
    wsHost: host,
    wsPort: port,
    wssPort: port,
    forceTLS: settings.pusher_force_tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization,
  };
}

let current: { signature: string; client: Promise<RealtimeClient | null> } | null = null;

/**
 * The page's client for these settings: created on the first call (in the browser), shared by
 * every later one. Null during SSR and without a key.
 */
export const connectRealtime: RealtimeConnect = (settings) => {
  if (typeof window === 'undefined') return Promise.resolve(null);
  const options = pusherOptions(settings, window.location);
  if (!options) return Promise.resolve(null);
  const signature = JSON.stringify(options);
  if (current?.signature === signature) return current.client;
  disconnectRealtime();
  const { key, ...rest } = options;
  const client = import('pusher-js')
    .then(({ default: Pusher }) => new Pusher(key, rest) as RealtimeClient)
    .catch(() => null);
  current = { signature, client };
  return client;
};

/** Closes the page's connection (logout): the next connectRealtime opens a new one. */
export function disconnectRealtime(): void {
  const previous = current;
  current = null;
  void previous?.client.then((client) => client?.disconnect());
}
