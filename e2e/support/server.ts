import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Compiles the server as `npm run build` does (apps/server/dist/server.js, under a second), so a
 * run started without the whole build still tests the code as it is now. Once per run.
 */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not compile (node apps/server/scripts/build.mjs)');
}

/** Starts apps/server exactly as `npm start` does (the compiled server), on a fresh data folder. */
export async function startServer(opts: { dataDir: string; env?: Record<string, string> }): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--expose-gc', 'apps/server/dist/server.js'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        LOG_LEVEL: 'warn',
        // As `npm start` and the image run it (fewer malloc arenas: less memory at rest).
        MALLOC_ARENA_MAX: '2',
        DATABASE_URL: '',
        ...opts.env,
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`server did not become healthy in time:\n${output}`);
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** `npm run create-operator` on a data folder, before the server opens it. */
export async function createOperator(dataDir: string, email: string, password: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/modules/operator/create-operator-cli.ts',
      '--email',
      email,
      '--password',
      password,
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`create-operator failed (${code}):\n${output}`);
}
