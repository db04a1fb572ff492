/**
 * `npm run bench`: load figures for the key calls and pages, on PostgreSQL, as DESIGN section 9
 * asks. Starts the real server (built web app) against BENCH_DATABASE_URL, seeds it when empty,
 * runs autocannon per target and writes bench/results/<target>.json with requests/s, p50, p99 and
 * the server's resident memory. Never part of `npm test`: these machines are shared and noisy.
 *
 *   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/shop_bench (created if missing)
 *   BENCH_CONNECTIONS   default 50      BENCH_SECONDS  default 10
 *   BENCH_ONLY          comma-separated target names to run a subset
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_bench';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

const targets: Target[] = [
  { name: 'api-master', path: '/api/master' },
  { name: 'api-home', path: '/api/home?page=1&per_page=12' },
  { name: 'ssr-home', path: '/', headers: { accept: 'text/html' } },
];

async function ensureDatabase(url: string) {
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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function residentMemoryMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round((kb / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

async function main() {
  await ensureDatabase(databaseUrl);
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
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
  const productCount = await countProducts(databaseUrl);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  try {
    for (const target of targets) {
      if (only && !only.includes(target.name)) continue;
      // Warm caches and JIT so the figures describe steady state.
      await autocannon({ url: `${baseUrl}${target.path}`, connections: 10, duration: 2, headers: target.headers });
      const result = await autocannon({
        url: `${baseUrl}${target.path}`,
        connections,
        duration,
        headers: target.headers,
      });
      const figures = {
        target: target.name,
        path: target.path,
        database: 'postgres',
        products: productCount,
        connections,
        duration_seconds: duration,
        requests_per_second: Math.round(result.requests.average),
        latency_ms: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        non_2xx: result.non2xx,
        errors: result.errors,
        server_rss_mb: server.pid ? residentMemoryMb(server.pid) : null,
        measured_at: new Date().toISOString(),
        node: process.version,
      };
      writeFileSync(path.join(here, 'results', `${target.name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
      console.log(
        `${target.name.padEnd(12)} ${String(figures.requests_per_second).padStart(6)} req/s  p50 ${figures.latency_ms.p50} ms  p99 ${figures.latency_ms.p99} ms  rss ${figures.server_rss_mb} MB  non-2xx ${figures.non_2xx}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

async function countProducts(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const res = await client.query('select count(*)::int as n from products');
  await client.end();
  return res.rows[0]?.n ?? 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
