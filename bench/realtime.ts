/**
 * `npm run bench:realtime` (and the `realtime` target of `npm run bench`): the realtime
 * figures. Starts the real server on the bench database (support.ts), opens BENCH_SOCKETS (1,000)
 * WebSockets to it speaking the Pusher protocol, each a bench shopper subscribed to their own
 * private channel (authorised through POST /api/broadcasting/auth), then has bench shops'
 * sellers answer those shoppers through POST /api/seller/send-message at BENCH_RT_RATE messages a
 * second for BENCH_SECONDS, from BENCH_RT_SHOPS bench shops. Reported: delivery time from the start of the API call to the event's
 * arrival on the shopper's socket (p50/p95/p99), messages lost, the server's resident memory
 * before and after the sockets (memory per socket), and CPU per message. Writes
 * bench/results/realtime.json.
 *
 *   BENCH_SOCKETS  default 1000    BENCH_RT_RATE  default 100    BENCH_SECONDS  default 10
 *   BENCH_RT_SHOPS default 200 (bench shops whose sellers answer; each stays under its send limit)
 *   BENCH_RT_WARMUP default 300 (messages sent first at the same rate and not counted)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import {
  benchShoppers,
  cpuMs,
  databaseUrl,
  percentile,
  postgresPids,
  residentMemoryMb,
  startBenchServer,
} from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const sockets = Number(process.env.BENCH_SOCKETS ?? 1000);
const rate = Number(process.env.BENCH_RT_RATE ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const benchShops = Number(process.env.BENCH_RT_SHOPS ?? 200);
const warmup = Number(process.env.BENCH_RT_WARMUP ?? 300);

interface Receiver {
  userId: number;
  token: string;
  shopId: number;
  socket?: WebSocket;
}

interface Frame {
  event: string;
  channel?: string;
  data?: string;
}

const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/**
 * Bench shops with a seller each, their sessions (known tokens, as for the bench shoppers) and a
 * conversation between each receiver and the shop that will answer them.
 */
async function prepare(client: pg.Client, count: number) {
  const shoppers = (await benchShoppers(client, count)).slice(0, count);
  // Sellers answer at most RATE_LIMITS.chatShop messages a minute per shop: the messages are spread
  // over BENCH_RT_SHOPS bench shops (made once, reused) so the limit is never what is measured.
  const shopIndexes = Array.from({ length: benchShops }, (_, i) => i);
  await client.query(
    `insert into users (name, email, role, email_verified_at)
     select 'Bench Seller ' || i, 'bench-seller-' || i || '@bench.example', 'seller', now()
     from unnest($1::int[]) as i
     on conflict (email) do update set is_active = true`,
    [shopIndexes],
  );
  await client.query(
    `insert into shops (user_id, name, slug, status, is_active)
     select u.id, 'Bench Shop ' || i, 'bench-shop-' || i, 'approved', true
     from unnest($1::int[]) as i join users u on u.email = 'bench-seller-' || i || '@bench.example'
     on conflict (slug) do nothing`,
    [shopIndexes],
  );
  const sellers = await client.query<{ shop_id: number; user_id: number }>(
    `select s.id as shop_id, s.user_id from shops s where s.slug like 'bench-shop-%' order by s.id limit $1`,
    [benchShops],
  );
  const tokens = sellers.rows.map((r) => `bench-seller-token-${r.shop_id}-0123456789abcdef`);
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select u, encode(sha256(convert_to(t, 'UTF8')), 'hex'), now() + interval '30 days'
     from unnest($1::int[], $2::text[]) as x(u, t)
     on conflict (token_hash) do update set expires_at = excluded.expires_at, revoked_at = null`,
    [sellers.rows.map((r) => r.user_id), tokens],
  );
  const receivers: Receiver[] = shoppers.map((s, i) => ({
    userId: s.userId,
    token: s.token,
    shopId: (sellers.rows[i % sellers.rows.length] as { shop_id: number }).shop_id,
  }));
  await client.query(
    `insert into chat_conversations (shop_id, user_id)
     select * from unnest($1::int[], $2::int[]) on conflict (shop_id, user_id) do nothing`,
    [receivers.map((r) => r.shopId), receivers.map((r) => r.userId)],
  );
  const sellerToken = new Map(sellers.rows.map((r, i) => [r.shop_id, tokens[i] as string]));
  return { receivers, sellerToken };
}

/** Opens a socket as the receiver and subscribes to their private channel; resolves once subscribed. */
function connect(baseUrl: string, key: string, receiver: Receiver, onEvent: (frame: Frame) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/app/${key}?protocol=7&client=bench&version=8.4.0`);
    receiver.socket = socket;
    const channel = `private-chat_user_${receiver.userId}`;
    socket.on('error', reject);
    socket.on('message', async (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data ?? '{}') as { socket_id: string }).socket_id;
        const reply = await fetch(`${baseUrl}/api/broadcasting/auth`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${receiver.token}` },
          body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
        });
        if (!reply.ok) return reject(new Error(`broadcasting/auth answered ${reply.status}: ${await reply.text()}`));
        const { auth } = (await reply.json()) as { auth: string };
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        resolve();
      } else if (frame.event === 'pusher:ping') {
        socket.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      } else if (frame.event === 'pusher:error' || frame.event === 'pusher:subscription_error') {
        reject(new Error(`${frame.event}: ${frame.data}`));
      } else {
        onEvent(frame);
      }
    });
  });
}

async function main() {
  const { server, baseUrl } = await startBenchServer();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let receivers: Receiver[] = [];
  try {
    const prepared = await prepare(client, sockets);
    receivers = prepared.receivers;
    const { sellerToken } = prepared;
    const master = (await (await fetch(`${baseUrl}/api/master`)).json()) as { data: { pusher_app_key: string | null } };
    const key = master.data.pusher_app_key;
    if (!key) throw new Error('the bench shop has no pusher_app_key: realtime is off');

    const sent = new Map<string, number>();
    const latencies: number[] = [];
    const onEvent = (frame: Frame) => {
      if (frame.event !== 'send-message-to-user') return;
      const text = (JSON.parse(frame.data ?? '{}') as { message?: { message?: string } }).message?.message ?? '';
      const started = sent.get(text);
      if (started === undefined) return;
      latencies.push(performance.now() - started);
      sent.delete(text);
    };

    const rssBefore = residentMemoryMb(server.pid ?? 0);
    // Connect in batches: 1,000 authorisations at once would measure the login burst instead.
    for (let i = 0; i < receivers.length; i += 50) {
      await Promise.all(receivers.slice(i, i + 50).map((r) => connect(baseUrl, key, r, onEvent)));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = residentMemoryMb(server.pid ?? 0);

    const failures: string[] = [];
    /** Sends `count` messages at `rate` a second, numbered from `first`; resolves when all calls answered. */
    const sendAtRate = async (first: number, count: number) => {
      const calls: Promise<void>[] = [];
      const start = performance.now();
      for (let n = 0; n < count; n++) {
        const i = first + n;
        const due = start + (n * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const receiver = receivers[i % receivers.length] as Receiver;
        const text = `bench message ${i}`;
        sent.set(text, performance.now());
        calls.push(
          fetch(`${baseUrl}/api/seller/send-message`, {
            method: 'POST',
            headers: { ...json, authorization: `Bearer ${sellerToken.get(receiver.shopId)}` },
            body: JSON.stringify({ user_id: receiver.userId, message: text }),
          }).then(async (reply) => {
            if (!reply.ok) failures.push(`${reply.status} ${await reply.text()}`);
          }),
        );
      }
      await Promise.all(calls);
      await new Promise((r) => setTimeout(r, 2000));
    };

    // Warm-up: the server has just started, so its first sends compile the route's code. Those
    // messages are sent at the same rate and not counted (latencies, losses or CPU).
    await sendAtRate(0, warmup);
    latencies.length = 0;
    sent.clear();
    failures.length = 0;

    const total = rate * seconds;
    const cpuBefore = { server: cpuMs([server.pid ?? 0]), postgres: cpuMs(postgresPids()) };
    await sendAtRate(warmup, total);
    const cpu = {
      server_ms_per_message: Math.round(((cpuMs([server.pid ?? 0]) - cpuBefore.server) / total) * 100) / 100,
      postgres_ms_per_message: Math.round(((cpuMs(postgresPids()) - cpuBefore.postgres) / total) * 100) / 100,
    };
    const sorted = [...latencies].sort((a, b) => a - b);
    const figures = {
      target: 'realtime',
      sockets: receivers.length,
      messages: total,
      rate_per_second: rate,
      delivered: latencies.length,
      lost: total - latencies.length - failures.length,
      failed_calls: failures.length,
      first_failures: failures.slice(0, 3),
      delivery_ms: {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: percentile(sorted, 100),
      },
      server_rss_mb: { before_sockets: rssBefore, with_sockets: rssAfter },
      memory_per_socket_kb:
        rssBefore !== null && rssAfter !== null
          ? Math.round(((rssAfter - rssBefore) * 1024 * 10) / receivers.length) / 10
          : null,
      cpu,
      measured_at: new Date().toISOString(),
      node: process.version,
    };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'realtime.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(
      `realtime      ${figures.sockets} sockets  ${rate} msg/s  delivery p50 ${figures.delivery_ms.p50} ms  p95 ${figures.delivery_ms.p95} ms  p99 ${figures.delivery_ms.p99} ms  lost ${figures.lost}  failed ${figures.failed_calls}  rss ${rssBefore} -> ${rssAfter} MB (${figures.memory_per_socket_kb} kB/socket)  cpu/msg node ${cpu.server_ms_per_message} pg ${cpu.postgres_ms_per_message} ms`,
    );
  } finally {
    for (const r of receivers) r.socket?.close();
    await client.end();
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
