import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInNewCustomer } from '../../testing/auth';
import { describeEachDatabase } from '../../testing/test-app';
import { userChannel } from './realtime.service';

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A raw WebSocket client that collects frames, and waits for the next one matching. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  const waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = (event: string) =>
    new Promise<Frame>((resolve) => {
      const seen = frames.find((f) => f.event === event);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        resolve(seen);
      } else waiters.push({ test: (f) => f.event === event, resolve });
    });
  return { socket, next, closed, send: (f: Frame) => socket.send(JSON.stringify(f)) };
}

describeEachDatabase('realtime server (Pusher protocol on /app/{key})', (ctx) => {
  let base: string;
  beforeAll(async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http', 'ws');
  });
  afterAll(async () => {
    await ctx.services.realtime.stop();
  });

  it("connects, authorises the caller's own private channel only, and delivers what is published", async () => {
    const key = await ctx.services.realtime.appKey();
    expect(key).toBeTruthy();
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const client = await connect(`${base}/app/${key}?protocol=7&client=js&version=8.4.0&flash=false`);
    const hello = await client.next('pusher:connection_established');
    const { socket_id, activity_timeout } = JSON.parse(String(hello.data)) as {
      socket_id: string;
      activity_timeout: number;
    };
    expect(socket_id).toMatch(/^\d+\.\d+$/);
    expect(activity_timeout).toBeGreaterThan(0);

    client.send({ event: 'pusher:ping', data: {} });
    await client.next('pusher:pong');

    const authorise = (channel: string, headers: Record<string, string> = session.bearerHeaders) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ socket_id, channel_name: channel }).toString(),
      });
    const channel = userChannel(customer.id);
    const auth = await authorise(channel);
    expect(auth.statusCode, auth.body).toBe(200);
    expect((await authorise(userChannel(customer.id + 1))).statusCode).toBe(403);
    expect((await authorise('private-chat_shop_1')).statusCode).toBe(403);
    expect((await authorise(channel, {})).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/broadcasting/auth',
          headers: { ...session.bearerHeaders, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `socket_id=abc&channel_name=${channel}`,
        })
      ).statusCode,
    ).toBe(403);

    client.send({ event: 'pusher:subscribe', data: { channel, auth: 'wrong:signature' } });
    expect(await client.next('pusher:subscription_error')).toMatchObject({ channel });
    client.send({ event: 'pusher:subscribe', data: { channel, auth: auth.json().auth } });
    await client.next('pusher_internal:subscription_succeeded');

    await ctx.services.realtime.publish(channel, 'send-message-to-user', { id: 1, message: 'Halo' });
    const event = await client.next('send-message-to-user');
    expect(event).toEqual({ event: 'send-message-to-user', channel, data: JSON.stringify({ id: 1, message: 'Halo' }) });
    client.socket.close();
  });

  it('closes a connection to an unknown app key with 4001', async () => {
    const client = await connect(`${base}/app/not-our-key?protocol=7`);
    expect(await client.closed).toBe(4001);
  });
});
