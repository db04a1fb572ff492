import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../config';

/** A real server process of a reliability test, on its own port. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
}

async function freePort(): Promise<number> {
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

/**
 * Starts the server (production mode, no web build, no Redis, silent) on the test's PostgreSQL
 * database and waits until it answers /api/health; `env` adds or overrides settings.
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
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
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 60 s');
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
