import {
  ACTIVITY_TIMEOUT_SECONDS,
  CHANNEL_NAME,
  CloseCode,
  errorFrame,
  newSocketId,
  PONG_TIMEOUT_SECONDS,
  parseClientFrame,
  serverFrame,
  verifyChannelAuth,
} from './pusher-protocol';

/** What the hub needs of a WebSocket (ws's WebSocket has all of it). */
export interface HubSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Bytes queued and not yet written: a slow reader's backlog. */
  readonly bufferedAmount: number;
}

export interface HubLimits {
  /** Channels one socket may be subscribed to at once. */
  maxChannelsPerSocket: number;
  /** Messages one socket may send per second (pings included). */
  maxMessagesPerSecond: number;
  /** Backlog after which a socket that does not read is closed (it reconnects later). */
  maxBufferedBytes: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  maxChannelsPerSocket: 100,
  maxMessagesPerSecond: 20,
  maxBufferedBytes: 1024 * 1024,
};

interface Connection {
  socketId: string;
  socket: HubSocket;
  channels: Set<string>;
  /** Last message from the client (ms). */
  lastSeen: number;
  /** When the server pinged an idle client and waits for its pong, else null. */
  pingedAt: number | null;
  windowStart: number;
  windowCount: number;
}

/**
 * Connections and channels of one process: the Pusher protocol's connection
 * handshake, ping/pong, subscriptions to private channels (with the signature
 * `POST /api/broadcasting/auth` gave for this socket; public ones are refused), delivery of events,
 * and the limits: too many channels or messages close the socket with the protocol's code, a
 * socket whose backlog grows past the limit is closed instead of growing memory, and one silent
 * past the activity timeout plus the pong timeout is dropped.
 */
export class RealtimeHub {
  private readonly connections = new Map<HubSocket, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();

  constructor(
    private readonly app: { key: string; secret: string },
    private readonly limits: HubLimits = DEFAULT_HUB_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The app key changed in the settings: signatures are checked against the new one. */
  setKey(key: string): void {
    this.app.key = key;
  }

  get size(): number {
    return this.connections.size;
  }

  /** A new socket: it gets its socket id first, as pusher-js requires. */
  open(socket: HubSocket): string {
    const socketId = newSocketId();
    const at = this.now();
    this.connections.set(socket, {
      socketId,
      socket,
      channels: new Set(),
      lastSeen: at,
      pingedAt: null,
      windowStart: at,
      windowCount: 0,
    });
    socket.send(
      serverFrame('pusher:connection_established', { socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT_SECONDS }),
    );
    return socketId;
  }

  /** The socket went away (or was closed here). */
  closed(socket: HubSocket): void {
    const conn = this.connections.get(socket);
    if (!conn) return;
    this.connections.delete(socket);
    for (const channel of conn.channels) this.leave(conn, channel);
  }

  /** A text frame from the client. */
  receive(socket: HubSocket, text: string): void {
    const conn = this.connections.get(socket);
    if (!conn) return;
    const at = this.now();
    conn.lastSeen = at;
    conn.pingedAt = null;
    if (at - conn.windowStart >= 1000) {
      conn.windowStart = at;
      conn.windowCount = 0;
    }
    conn.windowCount += 1;
    if (conn.windowCount > this.limits.maxMessagesPerSecond) {
      this.drop(conn, CloseCode.ClientEventRateLimit, 'Too many messages');
      return;
    }
    const message = parseClientFrame(text);
    switch (message.kind) {
      case 'ping':
        socket.send(serverFrame('pusher:pong', {}));
        return;
      case 'pong':
        return;
      case 'subscribe':
        this.subscribe(conn, message.channel, message.auth);
        return;
      case 'unsubscribe':
        if (conn.channels.delete(message.channel)) this.leave(conn, message.channel);
        return;
      case 'client-event':
        socket.send(errorFrame('Client events are not enabled', null));
        return;
      case 'invalid':
        socket.send(errorFrame(message.reason, null));
        return;
    }
  }

  /** Sends an event to this process's subscribers of a channel. */
  deliver(channel: string, event: string, data: unknown): number {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return 0;
    const frame = serverFrame(event, data, channel);
    let sent = 0;
    for (const conn of [...subscribers]) {
      if (conn.socket.bufferedAmount > this.limits.maxBufferedBytes) {
        // A reader that does not keep up is let go; pusher-js comes back after a second.
        this.drop(conn, CloseCode.OverCapacity, 'Slow consumer');
        continue;
      }
      conn.socket.send(frame);
      sent += 1;
    }
    return sent;
  }

  /**
   * Run every few seconds: pings a client silent for the activity timeout, and drops one that did
   * not answer within the pong timeout.
   */
  sweep(): void {
    const at = this.now();
    for (const conn of [...this.connections.values()]) {
      if (conn.pingedAt !== null) {
        if (at - conn.pingedAt >= PONG_TIMEOUT_SECONDS * 1000)
          this.drop(conn, CloseCode.PongNotReceived, 'Pong reply not received');
      } else if (at - conn.lastSeen >= ACTIVITY_TIMEOUT_SECONDS * 1000) {
        conn.pingedAt = at;
        conn.socket.send(serverFrame('pusher:ping', {}));
      }
    }
  }

  /** Closes every socket (the server is stopping): clients reconnect at once, to another process. */
  closeAll(): void {
    for (const conn of [...this.connections.values()])
      this.drop(conn, CloseCode.ReconnectImmediately, 'Server shutting down');
  }

  private subscribe(conn: Connection, channel: string, auth: string | undefined) {
    const fail = (error: string, status: number) =>
      conn.socket.send(
        JSON.stringify({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error, status } }),
      );
    if (!CHANNEL_NAME.test(channel)) return fail('Invalid channel name', 400);
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      return fail('This channel type is not supported', 400);
    }
    // Every event of this server is for someone: public channels (the upstream product's
    // chat_user_{id}, which anyone could listen on) are not served at all.
    if (!channel.startsWith('private-')) return fail('Only private channels are served', 403);
    if (!verifyChannelAuth(this.app.key, this.app.secret, conn.socketId, channel, auth)) {
      return fail('Invalid signature', 401);
    }
    if (!conn.channels.has(channel)) {
      if (conn.channels.size >= this.limits.maxChannelsPerSocket) {
        this.drop(conn, CloseCode.WatchlistLimit, 'Too many channels');
        return;
      }
      conn.channels.add(channel);
      let subscribers = this.channels.get(channel);
      if (!subscribers) {
        subscribers = new Set();
        this.channels.set(channel, subscribers);
      }
      subscribers.add(conn);
    }
    conn.socket.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
  }

  private leave(conn: Connection, channel: string) {
    const subscribers = this.channels.get(channel);
    subscribers?.delete(conn);
    if (subscribers?.size === 0) this.channels.delete(channel);
  }

  private drop(conn: Connection, code: CloseCode, reason: string) {
    // Since protocol 6 the code travels in the close frame; the error first helps older clients.
    try {
      conn.socket.send(errorFrame(reason, code));
    } catch {
      // The socket may already be gone.
    }
    this.closed(conn.socket);
    conn.socket.close(code, reason);
  }
}
