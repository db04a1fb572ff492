import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { InProcessFanOut, type RealtimeEvent, RedisFanOut, realtimeChannel } from './fan-out';
import { RealtimeHub } from './hub';
import {
  CloseCode,
  channelAuth,
  channelSignature,
  checkConnection,
  parseClientFrame,
  SOCKET_ID,
  verifyChannelAuth,
} from './pusher-protocol';

const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

class FakeSocket {
  sent: { event: string; channel?: string; data?: unknown }[] = [];
  closedWith: { code: number; reason: string } | null = null;
  bufferedAmount = 0;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
  }
  last() {
    return this.sent.at(-1);
  }
}

const frame = (event: string, data: unknown) => JSON.stringify({ event, data });

describe('Pusher protocol v7', () => {
  it('signs private channels like Pusher (the documented test vector)', () => {
    expect(channelSignature(app.secret, '1234.1234', 'private-foobar')).toBe(
      '58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
    const auth = channelAuth(app.key, app.secret, '1234.1234', 'private-foobar');
    expect(auth).toBe(`${app.key}:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4`);
    expect(verifyChannelAuth(app.key, app.secret, '1234.1234', 'private-foobar', auth)).toBe(true);
    expect(verifyChannelAuth(app.key, app.secret, '1234.1235', 'private-foobar', auth)).toBe(false);
    expect(verifyChannelAuth(app.key, app.secret, '1234.1234', 'private-foobaz', auth)).toBe(false);
    expect(verifyChannelAuth(app.key, app.secret, '1234.1234', 'private-foobar', 42)).toBe(false);
  });

  it('checks the app key and protocol version of a connection', () => {
    expect(checkConnection(app.key, app.key, '7')).toBeNull();
    expect(checkConnection(app.key, app.key, undefined)).toBeNull();
    expect(checkConnection('other', app.key, '7')).toBe(CloseCode.ApplicationDoesNotExist);
    expect(checkConnection(app.key, app.key, '6')).toBe(CloseCode.UnsupportedProtocol);
    expect(checkConnection(app.key, app.key, 'seven')).toBe(CloseCode.InvalidVersionString);
  });

  it('parses what pusher-js sends, with data as an object or a JSON string', () => {
    expect(parseClientFrame(frame('pusher:ping', {}))).toEqual({ kind: 'ping' });
    expect(parseClientFrame(frame('pusher:subscribe', { channel: 'private-a', auth: 'k:s' }))).toEqual({
      kind: 'subscribe',
      channel: 'private-a',
      auth: 'k:s',
    });
    expect(parseClientFrame(frame('pusher:subscribe', JSON.stringify({ channel: 'news', auth: '' })))).toMatchObject({
      kind: 'subscribe',
      channel: 'news',
    });
    expect(parseClientFrame('{nope').kind).toBe('invalid');
    expect(parseClientFrame(frame('pusher:subscribe', { channel: 3 })).kind).toBe('invalid');
    expect(parseClientFrame(frame('client-typing', {})).kind).toBe('client-event');
  });
});

describe('realtime hub', () => {
  it('greets with a socket id, answers pings, subscribes with a valid signature only, delivers to subscribers', () => {
    const hub = new RealtimeHub(app);
    const a = new FakeSocket();
    const b = new FakeSocket();
    const idA = hub.open(a);
    hub.open(b);
    expect(idA).toMatch(SOCKET_ID);
    expect(a.sent[0]).toEqual({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: idA, activity_timeout: 120 }),
    });
    hub.receive(a, frame('pusher:ping', {}));
    expect(a.last()).toEqual({ event: 'pusher:pong', data: '{}' });

    const channel = 'private-chat_user_7';
    hub.receive(b, frame('pusher:subscribe', { channel, auth: channelAuth(app.key, app.secret, idA, channel) }));
    expect(b.last()).toMatchObject({ event: 'pusher:subscription_error', data: { status: 401 } });
    hub.receive(a, frame('pusher:subscribe', { channel, auth: channelAuth(app.key, app.secret, idA, channel) }));
    expect(a.last()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });

    expect(hub.deliver(channel, 'send-message-to-user', { id: 1, message: 'Hi' })).toBe(1);
    expect(a.last()).toEqual({
      event: 'send-message-to-user',
      channel,
      data: JSON.stringify({ id: 1, message: 'Hi' }),
    });
    expect(b.sent.some((m) => m.event === 'send-message-to-user')).toBe(false);

    // Public channels, such as the upstream product's chat_user_7, are not served.
    hub.receive(b, frame('pusher:subscribe', { channel: 'chat_user_7' }));
    expect(b.last()).toMatchObject({ event: 'pusher:subscription_error', data: { status: 403 } });
    expect(hub.deliver('chat_user_7', 'send-message-to-user', {})).toBe(0);

    hub.receive(a, frame('pusher:unsubscribe', { channel }));
    expect(hub.deliver(channel, 'send-message-to-user', {})).toBe(0);
    hub.receive(a, frame('client-typing', {}));
    expect(a.last()).toMatchObject({ event: 'pusher:error' });
    expect(a.closedWith).toBeNull();
  });

  it('closes a socket that sends too fast, subscribes to too many channels, or does not read', () => {
    const hub = new RealtimeHub(app, { maxChannelsPerSocket: 3, maxMessagesPerSecond: 5, maxBufferedBytes: 1000 });
    const fast = new FakeSocket();
    hub.open(fast);
    for (let i = 0; i < 6; i++) hub.receive(fast, frame('pusher:ping', {}));
    expect(fast.closedWith?.code).toBe(CloseCode.ClientEventRateLimit);
    expect(hub.size).toBe(0);

    let now = 0;
    const slowHub = new RealtimeHub(
      app,
      { maxChannelsPerSocket: 3, maxMessagesPerSecond: 5, maxBufferedBytes: 1000 },
      () => now,
    );
    const greedy = new FakeSocket();
    const greedyId = slowHub.open(greedy);
    for (let i = 0; i < 4; i++) {
      now += 1000;
      const channel = `private-news-${i}`;
      slowHub.receive(
        greedy,
        frame('pusher:subscribe', { channel, auth: channelAuth(app.key, app.secret, greedyId, channel) }),
      );
    }
    expect(greedy.closedWith?.code).toBe(CloseCode.WatchlistLimit);

    const slow = new FakeSocket();
    const slowId = slowHub.open(slow);
    const news = 'private-news';
    slowHub.receive(
      slow,
      frame('pusher:subscribe', { channel: news, auth: channelAuth(app.key, app.secret, slowId, news) }),
    );
    expect(slowHub.deliver(news, 'e', {})).toBe(1);
    slow.bufferedAmount = 5000;
    expect(slowHub.deliver(news, 'e', {})).toBe(0);
    expect(slow.closedWith?.code).toBe(CloseCode.OverCapacity);
    expect(slowHub.size).toBe(0);
  });

  it('pings a silent client after the activity timeout and drops it without a pong', () => {
    let now = 0;
    const hub = new RealtimeHub(app, undefined, () => now);
    const quiet = new FakeSocket();
    const alive = new FakeSocket();
    hub.open(quiet);
    hub.open(alive);
    now = 120_000;
    hub.sweep();
    expect(quiet.last()).toEqual({ event: 'pusher:ping', data: '{}' });
    now = 130_000;
    hub.receive(alive, frame('pusher:pong', {}));
    now = 150_000;
    hub.sweep();
    expect(quiet.closedWith?.code).toBe(CloseCode.PongNotReceived);
    expect(alive.closedWith).toBeNull();
    expect(hub.size).toBe(1);
  });
});

describe('fan-out', () => {
  it('in process: every handler hears every event', async () => {
    const fanOut = new InProcessFanOut();
    const heard: RealtimeEvent[] = [];
    fanOut.onEvent((e) => heard.push(e));
    await fanOut.publish({ channel: 'c', event: 'e', data: { a: 1 } });
    expect(heard).toEqual([{ channel: 'c', event: 'e', data: { a: 1 } }]);
  });

  it.runIf(process.env.TEST_REDIS_URL)('through Redis: an event published by one process reaches another', async () => {
    const one = new Redis(process.env.TEST_REDIS_URL as string);
    const two = new Redis(process.env.TEST_REDIS_URL as string);
    const channel = realtimeChannel(`test-${randomUUID()}:`);
    const publisher = new RedisFanOut(one, channel);
    const listener = new RedisFanOut(two, channel);
    try {
      const heard = new Promise<RealtimeEvent>((resolve) => listener.onEvent(resolve));
      await listener.subscribed;
      await publisher.publish({ channel: 'private-chat_shop_3', event: 'send-message-to-shop', data: { id: 9 } });
      expect(await heard).toEqual({ channel: 'private-chat_shop_3', event: 'send-message-to-shop', data: { id: 9 } });
    } finally {
      await publisher.close();
      await listener.close();
      one.disconnect();
      two.disconnect();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('two shops on one Redis (two prefixes) never hear each other', async () => {
    const a = new Redis(process.env.TEST_REDIS_URL as string);
    const b = new Redis(process.env.TEST_REDIS_URL as string);
    const shopA = new RedisFanOut(a, realtimeChannel(`shop-a-${randomUUID()}:`));
    const shopB = new RedisFanOut(b, realtimeChannel(`shop-b-${randomUUID()}:`));
    const heardByB: string[] = [];
    try {
      const own = new Promise<void>((resolve) =>
        shopB.onEvent((e) => {
          heardByB.push(e.event);
          if (e.event === 'own') resolve();
        }),
      );
      await Promise.all([shopA.subscribed, shopB.subscribed]);
      await shopA.publish({ channel: 'private-chat_user_1', event: 'from-shop-a', data: {} });
      // Redis sends a subscriber its messages in the order it ran the PUBLISHes: had B been
      // listening on A's channel, A's event would have come before B's own.
      await shopB.publish({ channel: 'private-chat_user_1', event: 'own', data: {} });
      await own;
      expect(heardByB).toEqual(['own']);
    } finally {
      await Promise.all([shopA.close(), shopB.close()]);
      a.disconnect();
      b.disconnect();
    }
  });
});
