/**
 * `npm run bench:start`: how long the compiled server takes from process start to the first page
 * served (the home page, rendered, HTTP 200) on an existing database, and how much memory it holds
 * at rest afterwards. Never part of `npm test`: these machines are shared and noisy.
 *
 *   BENCH_DATABASE_URL     the PostgreSQL database (default shop_bench, as `npm run bench`; it must
 *                          have been migrated and seeded already: this measures a restart)
 *   BENCH_START_EMBEDDED   a DATA_DIR: measure on the embedded database in that folder instead (it
 *                          is created and seeded by a first, unmeasured start when empty); the
 *                          server's memory is then the whole shop's (PGlite runs in its process)
 *   BENCH_START_RUNS       default 5 (the median is reported)
 *   BENCH_REST_SECONDS     default 20: idle time after the first page before memory is read (the
 *                          server collects its garbage after 10 s without a request: lib/idle-gc.ts)
 *
 * Writes bench/results/start.json (start-embedded.json with BENCH_START_EMBEDDED).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileServer, freePort, residentMemoryMb, spawnServer } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 20);
const embedded = process.env.BENCH_START_EMBEDDED && path.resolve(process.env.BENCH_START_EMBEDDED);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer(port: number): ChildProcess {
  return spawnServer(port, { embeddedDataDir: embedded, stdout: 'ignore' });
}

/** Milliseconds from `started` until GET / answers 200, polling every 10 ms; throws after 5 minutes. */
async function firstPage(server: ChildProcess, port: number, started: number): Promise<number> {
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited before serving a page');
    if (performance.now() - started > 300_000) throw new Error('no page within 5 minutes');
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/`);
      await reply.arrayBuffer();
      if (reply.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

compileServer();

if (embedded) {
  // A first start creates and seeds the folder's database when it is new: not a restart, not measured.
  const port = await freePort();
  const server = startServer(port);
  await firstPage(server, port, performance.now());
  await stop(server);
}

const starts: number[] = [];
const rest: number[] = [];
for (let run = 0; run < runs; run++) {
  const port = await freePort();
  const started = performance.now();
  const server = startServer(port);
  try {
    starts.push(await firstPage(server, port, started));
    await sleep(restSeconds * 1000);
    rest.push(server.pid ? (residentMemoryMb(server.pid) ?? 0) : 0);
  } finally {
    await stop(server);
  }
  console.log(`run ${run + 1}: first page after ${Math.round(starts.at(-1) ?? 0)} ms, ${rest.at(-1)} MB at rest`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const result = {
  database: embedded ? 'embedded (PGlite, in the server process)' : 'PostgreSQL',
  runs,
  first_page_ms: { median: Math.round(median(starts)), all: starts.map(Math.round) },
  rest_rss_mb: { median: median(rest), all: rest, after_seconds: restSeconds },
  measured_at: new Date().toISOString(),
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, 'results', embedded ? 'start-embedded.json' : 'start.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(
  `first page: median ${result.first_page_ms.median} ms; at rest: median ${result.rest_rss_mb.median} MB (${result.database})`,
);
