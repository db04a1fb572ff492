import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The Pusher Channels protocol v7, server side: frames, socket ids,
 * channel names, private-channel signatures and close codes, so pusher-js and the mobile apps
 * built for the original product connect to our own server unchanged.
 */
export const PROTOCOL_VERSION = 7;
/** Seconds without a message after which pusher-js pings (it takes the smaller of its own and this). */
export const ACTIVITY_TIMEOUT_SECONDS = 120;
/** How long a ping may wait for its pong before the socket is dropped. */
export const PONG_TIMEOUT_SECONDS = 30;

export const CloseCode = {
  ApplicationDoesNotExist: 4001,
  PathNotFound: 4005,
  InvalidVersionString: 4006,
  UnsupportedProtocol: 4007,
  NoProtocolVersion: 4008,
  Unauthorized: 4009,
  OverCapacity: 4100,
  ReconnectImmediately: 4200,
  PongNotReceived: 4201,
  ClosedAfterInactivity: 4202,
  ClientEventRateLimit: 4301,
  WatchlistLimit: 4302,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** Two integers joined by a dot, as pusher-http-node validates them. */
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;
/** Channel names the protocol allows (pusher-http-node's rule). */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;

export function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
}

/** Lower-case hex HMAC-SHA256 of `socket_id:channel[:channel_data]` with the app secret. */
export function channelSignature(secret: string, socketId: string, channel: string, channelData?: string): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** The `auth` value the authorisation endpoint answers with: `key:signature`. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${channelSignature(secret, socketId, channel)}`;
}

/** Whether `auth` is this app's signature for the socket and channel (compared in constant time). */
export function verifyChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(channelAuth(key, secret, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the connection path and query are ours: the app key, and protocol 7 (a missing
 * protocol is taken as 7, as Pusher does today). The close code otherwise.
 */
export function checkConnection(key: string, expectedKey: string, protocol: string | undefined): CloseCode | null {
  if (key !== expectedKey) return CloseCode.ApplicationDoesNotExist;
  if (protocol === undefined) return null;
  if (!/^\d{1,3}$/.test(protocol)) return CloseCode.InvalidVersionString;
  return Number(protocol) === PROTOCOL_VERSION ? null : CloseCode.UnsupportedProtocol;
}

const subscribeData = z.object({
  channel: z.string(),
  auth: z.string().optional(),
  channel_data: z.string().optional(),
});

/** What a client may send, parsed; anything else is `invalid` with a reason. */
export type ClientMessage =
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'subscribe'; channel: string; auth: string | undefined }
  | { kind: 'unsubscribe'; channel: string }
  | { kind: 'client-event'; event: string; channel: string | undefined }
  | { kind: 'invalid'; reason: string };

const envelope = z.object({ event: z.string().max(200), channel: z.string().optional(), data: z.unknown().optional() });

/** Parses one text frame (data may be an object or a JSON string: pusher-js and old clients differ). */
export function parseClientFrame(text: string): ClientMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'invalid', reason: 'Invalid JSON' };
  }
  const parsed = envelope.safeParse(raw);
  if (!parsed.success) return { kind: 'invalid', reason: 'Invalid message' };
  const { event, channel } = parsed.data;
  let data = parsed.data.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      // A string that is no JSON stays as it is.
    }
  }
  switch (event) {
    case 'pusher:ping':
      return { kind: 'ping' };
    case 'pusher:pong':
      return { kind: 'pong' };
    case 'pusher:subscribe': {
      const sub = subscribeData.safeParse(data);
      return sub.success
        ? { kind: 'subscribe', channel: sub.data.channel, auth: sub.data.auth }
        : { kind: 'invalid', reason: 'Invalid subscription' };
    }
    case 'pusher:unsubscribe': {
      const sub = z.object({ channel: z.string() }).safeParse(data);
      return sub.success
        ? { kind: 'unsubscribe', channel: sub.data.channel }
        : { kind: 'invalid', reason: 'Invalid unsubscription' };
    }
    default:
      return event.startsWith('client-')
        ? { kind: 'client-event', event, channel }
        : { kind: 'invalid', reason: `Unsupported event ${event}` };
  }
}

/** A server frame; `data` is sent as a JSON string, as the protocol says. */
export function serverFrame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({
    event,
    ...(channel === undefined ? {} : { channel }),
    data: typeof data === 'string' ? data : JSON.stringify(data),
  });
}

/** `pusher:error` carries its data as an object. */
export function errorFrame(message: string, code: number | null): string {
  return JSON.stringify({ event: 'pusher:error', data: { message, code } });
}
