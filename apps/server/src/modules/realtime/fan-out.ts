import type { Redis } from 'ioredis';

/** One event for one channel, as every process's hub delivers it. */
export interface RealtimeEvent {
  channel: string;
  event: string;
  data: unknown;
}

/**
 * How an event reaches every process's sockets: in process without Redis,
 * through Redis pub/sub with REDIS_URL, so a shopper on one process and a seller on another hear
 * each other.
 */
export interface FanOut {
  publish(event: RealtimeEvent): Promise<void>;
  /** Called for every event published by any process (this one included). */
  onEvent(handler: (event: RealtimeEvent) => void): void;
  close(): Promise<void>;
}

export class InProcessFanOut implements FanOut {
  private readonly handlers: ((event: RealtimeEvent) => void)[] = [];

  async publish(event: RealtimeEvent): Promise<void> {
    for (const handler of this.handlers) handler(event);
  }

  onEvent(handler: (event: RealtimeEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers.length = 0;
  }
}

/** The Redis channel every process of one shop listens on: under the shop's REDIS_PREFIX. */
export const realtimeChannel = (redisPrefix: string) => `${redisPrefix}realtime:events`;

export class RedisFanOut implements FanOut {
  private readonly subscriber: Redis;
  private readonly handlers: ((event: RealtimeEvent) => void)[] = [];
  /** Settles once this process listens: an event published before that would not reach it. */
  readonly subscribed: Promise<unknown>;

  /** `redis` publishes; a duplicate connection subscribes (a subscribed connection can do nothing else). */
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (_channel: string, text: string) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(text) as RealtimeEvent;
      } catch (error) {
        this.onError(error);
        return;
      }
      for (const handler of this.handlers) handler(event);
    });
    this.subscribed = this.subscriber.subscribe(channel).catch(this.onError);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    await this.subscribed;
    await this.redis.publish(this.channel, JSON.stringify(event));
  }

  onEvent(handler: (event: RealtimeEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers.length = 0;
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
