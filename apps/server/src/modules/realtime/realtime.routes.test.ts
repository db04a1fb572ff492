import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { signInNewCustomer } from '../../testing/auth';
import { createTestApp, describeEachDatabase, type TestApp } from '../../testing/test-app';
import { userChannel } from './realtime.service';

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A raw WebSocket client that collects frames, and waits for the next one matching. */
async function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
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
  /** The HTTP status when the server refused the upgrade itself. */
  const refused = new Promise<number>((resolve) =>
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  );
  socket.on('error', () => {});
  const next = (event: string) =>
    new Promise<Frame>((resolve) => {
      const seen = frames.find((f) => f.event === event);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        resolve(seen);
      } else waiters.push({ test: (f) => f.event === event, resolve });
    });
  return { socket, next, closed, refused, send: (f: Frame) => socket.send(JSON.stringify(f)) };
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

describe('realtime sockets per address', () => {
  let ctx: TestApp;
  let base: string;
  let key: string;
  const logged: { level: number; msg?: string; err?: unknown }[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      // Behind a proxy that names the client, so each test can be its own address.
      env: { TRUST_PROXY: 'true', REALTIME_SOCKETS_PER_ADDRESS: '5', REALTIME_CONNECTS_PER_MINUTE: '20' },
      logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    key = (await ctx.services.realtime.appKey()) ?? '';
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const from = (address: string) => connect(`${base}/app/${key}?protocol=7`, { 'x-forwarded-for': address });

  it('holds at most REALTIME_SOCKETS_PER_ADDRESS open per address, however fast they come, and frees a place on close', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => from('198.51.100.1')));
    const outcomes = await Promise.all(
      burst.map((c) =>
        Promise.race([c.next('pusher:connection_established').then(() => 'open'), c.closed.then((code) => code)]),
      ),
    );
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 4100)).toHaveLength(7);
    // Another address is not affected.
    const other = await from('198.51.100.2');
    await other.next('pusher:connection_established');
    other.socket.close();
    // One of the five closes: its place is free again.
    const open = burst.filter((_, i) => outcomes[i] === 'open');
    open[0]?.socket.close();
    await open[0]?.closed;
    await vi.waitFor(() => expect(ctx.services.realtime.openSockets('198.51.100.1')).toBe(4));
    const again = await from('198.51.100.1');
    await again.next('pusher:connection_established');
    for (const c of [...open, again]) c.socket.close();
  });

  it('refuses new sockets past REALTIME_CONNECTS_PER_MINUTE from one address with 429 before the upgrade', async () => {
    const results: (string | number)[] = [];
    for (let i = 0; i < 22; i++) {
      const c = await from('198.51.100.3');
      results.push(await Promise.race([c.next('pusher:connection_established').then(() => 'open'), c.refused]));
      c.socket.close();
      await c.closed;
    }
    expect(results.slice(0, 20)).toEqual(Array(20).fill('open'));
    expect(results.slice(20)).toEqual([429, 429]);
  });

  it('a frame over the size limit closes the socket (1009) with an info line, not an error with a stack', async () => {
    const c = await from('198.51.100.4');
    await c.next('pusher:connection_established');
    const before = logged.length;
    c.socket.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(20_000) }));
    expect(await c.closed).toBe(1009);
    const lines = () => logged.slice(before);
    await vi.waitFor(() => expect(ctx.services.realtime.openSockets('198.51.100.4')).toBe(0));
    expect(lines().some((l) => l.level === 30 && l.msg === 'realtime socket closed: bad frame')).toBe(true);
    expect(lines().filter((l) => l.level >= 50)).toEqual([]);
  });
});
