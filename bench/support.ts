/**
 * What the benchmark scripts share: the bench database, the server they start, the bench
 * shoppers with known session tokens, the process figures (CPU time, resident memory) and the
 * latency percentiles.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

export const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_bench';
/** Bench shoppers made (and reused) in the bench database. */
export const BENCH_SHOPPERS = 6000;

/**
 * Starts the real server (built web app, production mode) on the bench database and waits until it
 * is healthy; seeds it on the first run. With `embeddedDataDir` it runs on the embedded database in
 * that folder instead (PGlite, seeded with the demo): a quick check that a script works, never a figure.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { embeddedDataDir?: string } = {},
): Promise<{ server: ChildProcess; baseUrl: string }> {
  if (!options.embeddedDataDir) await ensureDatabase(databaseUrl);
  const port = await freePort();
  compileServer();
  const server = spawnServer(port, {
    embeddedDataDir: options.embeddedDataDir,
    stdout: 'inherit',
    env: {
      // The bench's thousand sockets all come from this one address.
      REALTIME_SOCKETS_PER_ADDRESS: '100000',
      REALTIME_CONNECTS_PER_MINUTE: '1000000',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('server exited before becoming healthy');
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { server, baseUrl };
}

/** Compiles the server as `npm start` runs it (under a second), so the figures are of the code as it is now. */
export function compileServer(): void {
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not compile');
}

/**
 * The compiled server as `npm start` runs it (`node --expose-gc`), in production mode on `port`,
 * on the bench database or, with `embeddedDataDir`, on the embedded database in that folder.
 * BENCH_NODE_ARGS adds node arguments (a CPU profile).
 */
export function spawnServer(
  port: number,
  options: { embeddedDataDir?: string | undefined; stdout: 'inherit' | 'ignore'; env?: Record<string, string> },
): ChildProcess {
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const database = options.embeddedDataDir ? { DATA_DIR: options.embeddedDataDir } : { DATABASE_URL: databaseUrl };
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, '--enable-source-maps', '--expose-gc', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    stdio: ['ignore', options.stdout, 'inherit'],
    env: {
      ...inherited,
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // As `npm start` and the image run it (fewer malloc arenas: less memory at rest).
      MALLOC_ARENA_MAX: '2',
      NODE_ENV: 'production',
      ...options.env,
    },
  });
}

export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The p-th percentile (nearest rank) of ascending `sorted`, to 0.1; 0 when there is none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 10) / 10;
}

export function residentMemoryMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round((kb / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, ms) of the given processes so far, with that of their children that
 * ended (PostgreSQL's postmaster collects its finished backends'), from /proc; 0 for ones gone.
 */
export function cpuMs(pids: number[]): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
    } catch {
      // the process ended
    }
  }
  return total;
}

/** PostgreSQL's processes on this machine (backends and helpers), when it runs here. */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * What autovacuum does on its own some time after a bulk load, done now: planner statistics (a
 * freshly seeded catalogue has none, and plans for 100,000 products go badly wrong without them)
 * and the visibility map that lets index-only scans skip the table. Servers run with autovacuum
 * off (as this machine's is) would otherwise be measured in a state production never stays in.
 */
export async function settleDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/**
 * BENCH_SHOPPERS customers with a session each (a known bearer token; only its SHA-256 is stored,
 * as the server keeps it) and one address: created on the first run, reused after.
 */
export async function benchShoppers(client: pg.Client, count = BENCH_SHOPPERS) {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const users = await client.query(
    `insert into users (name, email, role, email_verified_at)
     select 'Bench Shopper ' || i, 'bench-shopper-' || i || '@bench.example', 'customer', now()
     from unnest($1::int[]) as i
     on conflict (email) do update set is_active = true
     returning id, email`,
    [indexes],
  );
  const idOf = new Map(users.rows.map((r) => [r.email as string, r.id as number]));
  const userIds = indexes.map((i) => idOf.get(`bench-shopper-${i}@bench.example`) as number);
  const tokens = indexes.map((i) => `bench-session-token-${i}-0123456789abcdef`);
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select u, encode(sha256(convert_to(t, 'UTF8')), 'hex'), now() + interval '30 days'
     from unnest($1::int[], $2::text[]) as x(u, t)
     on conflict (token_hash) do update set expires_at = excluded.expires_at, revoked_at = null, last_used_at = now()`,
    [userIds, tokens],
  );
  await client.query(
    `insert into addresses (user_id, name, phone, address_type, address_line, is_default)
     select u, 'Bench Shopper', '81234567890', 'home', 'Jl. Bench 1', true from unnest($1::int[]) as u
     where not exists (select 1 from addresses a where a.user_id = u)`,
    [userIds],
  );
  const addresses = await client.query(
    'select distinct on (user_id) user_id, id from addresses where user_id = any($1::int[]) order by user_id, id',
    [userIds],
  );
  const addressOf = new Map(addresses.rows.map((r) => [r.user_id as number, r.id as number]));
  return indexes.map((i) => ({
    userId: userIds[i] as number,
    token: tokens[i] as string,
    addressId: addressOf.get(userIds[i] as number) as number,
  }));
}
