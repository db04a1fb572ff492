import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { SettingsService } from '../settings/settings.service';
import { type FanOut, InProcessFanOut, RedisFanOut, realtimeChannel } from './fan-out';
import { DEFAULT_HUB_LIMITS, type HubLimits, RealtimeHub } from './hub';
import { CHANNEL_NAME, channelAuth, checkConnection, SOCKET_ID } from './pusher-protocol';

/** How often idle sockets are looked at (pings, dead ones dropped). */
const SWEEP_MS = 5000;

const USER_CHANNEL = /^private-chat_user_(\d{1,10})$/;
const SHOP_CHANNEL = /^private-chat_shop_(\d{1,10})$/;

export const userChannel = (userId: number) => `private-chat_user_${userId}`;
export const shopChannel = (shopId: number) => `private-chat_shop_${shopId}`;

/**
 * The realtime server of this process: its hub of sockets, the fan-out that
 * carries events between processes, the channel authorisation, and `publish` for the modules
 * that tell someone something (a chat message, an order status).
 */
export class RealtimeService {
  readonly hub: RealtimeHub;
  private readonly fanOut: FanOut;
  private readonly secret: string;
  private timer: NodeJS.Timeout | null = null;
  /** Open sockets per client address on this process. */
  private readonly openFrom = new Map<string, number>();

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'redis' | 'log' | 'hostedPusher'>,
    private readonly services: {
      settings: SettingsService;
      sellerShopId: (userId: number) => Promise<number | null>;
    },
    limits: HubLimits = DEFAULT_HUB_LIMITS,
  ) {
    this.secret = deps.config.PUSHER_APP_SECRET ?? randomBytes(24).toString('hex');
    // The key is a setting: read when a socket connects and when a channel is authorised.
    this.hub = new RealtimeHub({ key: '', secret: this.secret }, limits);
    this.fanOut = deps.redis
      ? new RedisFanOut(deps.redis, realtimeChannel(deps.config.REDIS_PREFIX), (error) =>
          deps.log.warn({ err: error }, 'realtime fan-out error'),
        )
      : new InProcessFanOut();
    this.fanOut.onEvent((event) => this.hub.deliver(event.channel, event.event, event.data));
  }

  /** The per-address limits of the socket server (settings). */
  get connectionLimits() {
    return {
      socketsPerAddress: this.deps.config.REALTIME_SOCKETS_PER_ADDRESS,
      connectsPerMinute: this.deps.config.REALTIME_CONNECTS_PER_MINUTE,
    };
  }

  /**
   * Counts a new socket of `address` and says whether it may stay: at most
   * REALTIME_SOCKETS_PER_ADDRESS at once (one synchronous step, so a burst cannot slip past).
   * An admitted socket is let go with `release`.
   */
  admit(address: string): boolean {
    const open = this.openFrom.get(address) ?? 0;
    if (open >= this.deps.config.REALTIME_SOCKETS_PER_ADDRESS) return false;
    this.openFrom.set(address, open + 1);
    return true;
  }

  /** How many sockets `address` holds open on this process. */
  openSockets(address: string): number {
    return this.openFrom.get(address) ?? 0;
  }

  release(address: string): void {
    const open = (this.openFrom.get(address) ?? 0) - 1;
    if (open > 0) this.openFrom.set(address, open);
    else this.openFrom.delete(address);
  }

  start(): void {
    this.timer ??= setInterval(() => this.hub.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.hub.closeAll();
    await this.fanOut.close();
  }

  /** The app key shoppers' pusher-js connects with (hosted Pusher's, else the `pusher_app_key` setting). */
  async appKey(): Promise<string | null> {
    return this.deps.config.HOSTED_PUSHER?.key ?? (await this.services.settings.getMaster()).pusher_app_key;
  }

  /** Null when a socket may connect with this key and protocol, else the close code. */
  async checkConnection(key: string, protocol: string | undefined) {
    const expected = await this.appKey();
    return checkConnection(key, expected ?? '', protocol);
  }

  /**
   * Sends an event to a channel's subscribers on every process (or through hosted Pusher when it
   * is configured); stored data first, then this.
   */
  async publish(channel: string, event: string, data: unknown): Promise<void> {
    try {
      const hosted = this.deps.hostedPusher;
      if (hosted) await hosted.trigger(channel, event, data);
      else await this.fanOut.publish({ channel, event, data });
    } catch (error) {
      // Realtime is a nicety on top of what is stored: a lost event is logged, the caller goes on.
      this.deps.log.warn({ err: error, channel, event }, 'realtime event not published');
    }
  }

  /**
   * POST /api/broadcasting/auth: the signature for a private channel that belongs to the caller
   * (their own user channel, or the channel of the shop they sell for); 403 for any other.
   */
  async authorize(user: { id: number; role: string }, socketId: string, channel: string): Promise<{ auth: string }> {
    if (!SOCKET_ID.test(socketId) || !CHANNEL_NAME.test(channel)) {
      throw forbidden(msg('You may not listen on this channel.'));
    }
    const userMatch = USER_CHANNEL.exec(channel);
    const shopMatch = SHOP_CHANNEL.exec(channel);
    const allowed = userMatch
      ? Number(userMatch[1]) === user.id
      : shopMatch
        ? user.role === 'seller' && (await this.services.sellerShopId(user.id)) === Number(shopMatch[1])
        : false;
    if (!allowed) throw forbidden(msg('You may not listen on this channel.'));
    const key = await this.appKey();
    if (!key) throw forbidden(msg('Realtime is not configured.'));
    this.hub.setKey(key);
    return { auth: channelAuth(key, this.secret, socketId, channel) };
  }
}
