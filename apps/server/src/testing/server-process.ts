import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../config';
import { serverRoot } from '../paths';

/** The folder of apps/server the test run's global setup compiles the server into. */
export const TEST_SERVER_BUILD_DIR = 'dist-test';

/** A real server process of a reliability test, on its own port. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Node's arguments that run the compiled server as `npm start` does (cwd: the repository). */
export function serverProcessArgs(): string[] {
  const entry = path.join(serverRoot, TEST_SERVER_BUILD_DIR, 'server.js');
  if (!existsSync(entry))
    throw new Error(`${entry} is missing: the server project's global setup compiles it (with TEST_DATABASE_URL)`);
  return ['--enable-source-maps', '--expose-gc', entry];
}

/**
 * Starts the server compiled by the global setup (production mode, no web build, no Redis,
 * silent) on the test's PostgreSQL database and waits until it answers /api/health; `env` adds or overrides settings.
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** How long it may take to answer: a start that seeds the demo takes longer on a busy machine. */
  readyWithinMs?: number;
}): Promise<ServerProcess> {
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const port = await freePort();
  const child = spawn(process.execPath, serverProcessArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '10',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      DATA_DIR: options.dataDir,
      WEB_BUILD_DIR: path.join(options.dataDir, 'no-web'),
      REDIS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > readyWithinMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${readyWithinMs / 1000} s`);
    }
    await sleep(50);
  }
}

/** Ends the process with `signal` and waits for it to exit (nothing when it already has). */
export async function stopServerProcess(proc: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.child.once('exit', () => resolve());
    proc.child.kill(signal);
  });
}
