import { randomUUID } from 'node:crypto';
import {
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  type ChatEvent,
  chatEventSchema,
  chatShopChannel,
  chatUserChannel,
  sendChatMessageReplySchema,
} from '@shop/contracts/chat';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { signIn, signInNewCustomer } from '../../testing/auth';
import { chatCalls, signInSeller } from '../../testing/chat';
import { seededShops } from '../../testing/commerce';
import { createTestApp, describeEachDatabase, type TestApp } from '../../testing/test-app';

Pusher.logToConsole = false;

type Authorization = { bearer: string } | { stolen: string };

/** pusher-js in Node against our server, as the web and the mobile apps use it. */
function client(base: URL, key: string, authorization: Authorization) {
  return new Pusher(key, {
    cluster: 'local',
    wsHost: base.hostname,
    wsPort: Number(base.port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization:
      'bearer' in authorization
        ? {
            endpoint: new URL('/api/broadcasting/auth', base).toString(),
            transport: 'ajax',
            headers: { Authorization: `Bearer ${authorization.bearer}` },
          }
        : {
            // A signature taken from another connection, replayed on this one.
            customHandler: (_params, callback) => callback(null, { auth: authorization.stolen }),
          },
  });
}

/** Subscribes and waits for the outcome: null when subscribed, else the error status. */
function subscribe(pusher: Pusher, channelName: string): Promise<{ status: number } | null> {
  const channel = pusher.subscribe(channelName);
  return new Promise((resolve) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(null));
    channel.bind('pusher:subscription_error', (error: { status: number }) => resolve({ status: error.status }));
  });
}

function nextEvent(pusher: Pusher, channelName: string, event: string, timeoutMs = 5000): Promise<ChatEvent> {
  const channel = pusher.channel(channelName);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} on ${channelName} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    channel.bind(event, (data: unknown) => {
      clearTimeout(timer);
      resolve(chatEventSchema.parse(data));
    });
  });
}

function connected(pusher: Pusher): Promise<string> {
  return new Promise((resolve, reject) => {
    if (pusher.connection.state === 'connected') resolve(pusher.connection.socket_id);
    pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id));
    pusher.connection.bind('failed', () => reject(new Error('pusher-js could not connect')));
  });
}

async function listen(ctx: TestApp): Promise<URL> {
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return new URL(address);
}

describeEachDatabase('chat over the Pusher protocol (pusher-js in Node, real server)', (ctx) => {
  let base: URL;
  let key: string;
  const clients: Pusher[] = [];
  const open = (authorization: Authorization) => {
    const pusher = client(base, key, authorization);
    clients.push(pusher);
    return pusher;
  };

  beforeAll(async () => {
    base = await listen(ctx);
    key = (await ctx.services.realtime.appKey()) ?? '';
    expect(key).not.toBe('');
  });
  afterAll(() => {
    for (const pusher of clients) pusher.disconnect();
  });

  it("the shopper's socket receives the seller's answer, stored first, on the private user channel", async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
    const seller = await signInSeller(ctx, shop.slug);
    expect(
      (await chatCalls(ctx.app, session.bearerHeaders).store({ shop_id: shop.id, message: 'Hi' })).statusCode,
    ).toBe(200);

    const shopperSocket = open({ bearer: session.token });
    await connected(shopperSocket);
    expect(await subscribe(shopperSocket, chatUserChannel(customer.id))).toBeNull();
    const sellerSocket = open({ bearer: seller.token });
    expect(await subscribe(sellerSocket, chatShopChannel(shop.id))).toBeNull();

    const toShopper = nextEvent(shopperSocket, chatUserChannel(customer.id), CHAT_EVENT_TO_USER);
    const toSellerTabs = nextEvent(sellerSocket, chatShopChannel(shop.id), CHAT_EVENT_TO_USER);
    const res = await fetch(new URL('/api/seller/send-message', base), {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: customer.id, message: 'Hello from the shop <b>now</b>' }),
    });
    expect(res.status).toBe(200);
    const stored = sendChatMessageReplySchema.parse(await res.json()).data;
    expect(await toShopper).toEqual({ message: stored });
    expect(await toSellerTabs).toEqual({ message: stored });
    // What the event carries is what the API lists.
    const thread = await chatCalls(ctx.app, session.bearerHeaders).messages(`?shop_id=${shop.id}`);
    expect(thread.json().data.data[0]).toMatchObject({ id: stored.id, message: 'Hello from the shop <b>now</b>' });

    // The shopper writes: the seller's socket gets send-message-to-shop.
    const toShop = nextEvent(sellerSocket, chatShopChannel(shop.id), CHAT_EVENT_TO_SHOP);
    const sent = await chatCalls(ctx.app, session.bearerHeaders).send({ shop_id: shop.id, message: 'Thanks!' });
    expect((await toShop).message).toEqual(sendChatMessageReplySchema.parse(sent.json()).data);
  });

  it('T10: no socket subscribes to a channel that is not its own', async () => {
    const [shop, other] = await seededShops(ctx.db, 2);
    if (!shop || !other) throw new Error('no shops');
    const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
    const intruder = await signInNewCustomer(ctx.app, ctx.db);
    const seller = await signInSeller(ctx, shop.slug);

    // Another user's channel, a shop channel as a shopper, another shop's channel as a seller.
    const intruderSocket = open({ bearer: intruder.session.token });
    expect(await subscribe(intruderSocket, chatUserChannel(customer.id))).toEqual({ status: 403 });
    expect(await subscribe(intruderSocket, chatShopChannel(shop.id))).toEqual({ status: 403 });
    const sellerSocket = open({ bearer: seller.token });
    expect(await subscribe(sellerSocket, chatShopChannel(other.id))).toEqual({ status: 403 });
    expect(await subscribe(sellerSocket, chatUserChannel(customer.id))).toEqual({ status: 403 });
    expect(await subscribe(sellerSocket, chatShopChannel(shop.id))).toBeNull();
    // The upstream product's public channel names are not signed...
    for (const name of [`chat_user_${customer.id}`, `chat_shop_${shop.id}`, 'private-chat_user_', 'private-other']) {
      const auth = await ctx.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: session.bearerHeaders,
        payload: { socket_id: '123.456', channel_name: name },
      });
      expect(auth.statusCode, name).toBe(403);
    }
    // ...nor served: subscribing to them fails...
    const publicListener = open({ bearer: intruder.session.token });
    expect(await subscribe(publicListener, `chat_user_${customer.id}`)).toEqual({ status: 403 });
    expect(await subscribe(publicListener, `chat_shop_${shop.id}`)).toEqual({ status: 403 });
    // ...and nothing is published on them: the hub has no listener there when the shop answers.
    const ownSocket = open({ bearer: session.token });
    expect(await subscribe(ownSocket, chatUserChannel(customer.id))).toBeNull();
    const published: string[] = [];
    const hub = ctx.services.realtime.hub;
    const deliver = hub.deliver.bind(hub);
    hub.deliver = (channel, event, data) => {
      published.push(channel);
      return deliver(channel, event, data);
    };
    try {
      await chatCalls(ctx.app, session.bearerHeaders).store({ shop_id: shop.id, message: 'Private please' });
      const delivered = nextEvent(ownSocket, chatUserChannel(customer.id), CHAT_EVENT_TO_USER);
      await chatCalls(ctx.app, seller.bearerHeaders).sellerSend({ user_id: customer.id, message: 'Only for you' });
      expect((await delivered).message.message).toBe('Only for you');
    } finally {
      hub.deliver = deliver;
    }
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((channel) => channel.startsWith('private-'))).toBe(true);

    // A signature the server made for one socket id is refused on another socket.
    const ownSocketId = await connected(ownSocket);
    const signed = await ctx.app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: session.bearerHeaders,
      payload: { socket_id: ownSocketId, channel_name: chatUserChannel(customer.id) },
    });
    expect(signed.statusCode).toBe(200);
    const replay = open({ stolen: signed.json().auth });
    expect(await subscribe(replay, chatUserChannel(customer.id))).toEqual({ status: 401 });
    // A forged one too.
    const forged = open({ stolen: `${key}:${'0'.repeat(64)}` });
    expect(await subscribe(forged, chatUserChannel(customer.id))).toEqual({ status: 401 });
    // Without a session the endpoint refuses before signing anything.
    const anonymous = open({ bearer: 'not-a-token' });
    expect(await subscribe(anonymous, chatUserChannel(customer.id))).toEqual({ status: 401 });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('chat across two server processes sharing Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      // Processes of one shop share its Redis prefix, as they would share its database.
      REDIS_PREFIX: `test-${randomUUID()}:`,
      // Processes behind one address share the signing secret.
      PUSHER_APP_SECRET: 'two-process-secret-0123456789',
    };
    one = await createTestApp({ env });
    // Both are copies of the same seeded database: the demo customer has the same id in each.
    two = await createTestApp({ env });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('a message sent through one process reaches a socket held by the other', async () => {
    const base = await listen(two);
    const key = (await two.services.realtime.appKey()) ?? '';
    const [shop] = await seededShops(one.db, 1);
    if (!shop) throw new Error('no shop');
    const shopperOnTwo = await signIn(two.app);
    const shopperOnOne = await signIn(one.app);
    expect(shopperOnOne.user.id).toBe(shopperOnTwo.user.id);
    const userId = shopperOnTwo.user.id;

    const socket = client(base, key, { bearer: shopperOnTwo.token });
    try {
      expect(await subscribe(socket, chatUserChannel(userId))).toBeNull();
      const heard = nextEvent(socket, chatUserChannel(userId), CHAT_EVENT_TO_USER);
      await chatCalls(one.app, shopperOnOne.bearerHeaders).store({ shop_id: shop.id, message: 'Via process one' });
      const seller = await signInSeller(one, shop.slug);
      const res = await chatCalls(one.app, seller.bearerHeaders).sellerSend({
        user_id: userId,
        message: 'Answered on process one',
      });
      expect(res.statusCode).toBe(200);
      expect(await heard).toEqual({ message: sendChatMessageReplySchema.parse(res.json()).data });
    } finally {
      socket.disconnect();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('chat send limits across two processes sharing Redis', () => {
  it('a shopper has one count of messages over both processes', async () => {
    // Two processes of one shop share its prefix (they would share its database too).
    const env = { REDIS_URL: process.env.TEST_REDIS_URL as string, REDIS_PREFIX: `test-${randomUUID()}:` };
    const one = await createTestApp({ env });
    const two = await createTestApp({ env });
    try {
      const [shop] = await seededShops(one.db, 1);
      if (!shop) throw new Error('no shop');
      const onOne = chatCalls(one.app, (await signIn(one.app)).bearerHeaders);
      const onTwoSession = await signIn(two.app);
      const onTwo = chatCalls(two.app, onTwoSession.bearerHeaders);
      expect((await onOne.store({ shop_id: shop.id })).statusCode).toBe(200);
      expect((await onTwo.store({ shop_id: shop.id })).statusCode).toBe(200);
      let accepted = 2;
      for (let i = 0; i < RATE_LIMITS.chatUser.max; i++) {
        const res = await (i % 2 ? onOne : onTwo).send({ shop_id: shop.id, message: `m${i}` });
        if (res.statusCode === 200) accepted++;
        else expect(res.statusCode).toBe(429);
      }
      expect(accepted).toBe(RATE_LIMITS.chatUser.max);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
