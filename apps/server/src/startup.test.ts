import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOADED_ON_FIRST_USE } from '../scripts/kept-as-imports.mjs';
import { composeApp } from './app';
import { loadConfig, repoRoot } from './config';
import { openDatabase } from './db/client';
import { sessions } from './db/schema/accounts';
import { users } from './db/schema/users';
import { accountsWithDemoPassword, DEMO_CUSTOMER, DEMO_PASSWORD, disableDemoLogins } from './db/seed/demo-accounts';
import { seedDemo } from './db/seed/seed';
import { DiskMediaStore } from './lib/media-store';
import { serverRoot } from './paths';
import { localModeWarning, prepareDatabase, startupRefusal } from './startup';
import { signIn } from './testing/auth';
import { freePort, serverProcessArgs, TEST_SERVER_BUILD_DIR } from './testing/server-process';
import { createTestApp, describeEachDatabase } from './testing/test-app';

describe('the mode a start runs in', () => {
  it('local (the quick start) listens on 127.0.0.1 unless HOST is set, and says so in one warning line', () => {
    const local = loadConfig({});
    expect(local.APP_ENV).toBe('local');
    expect(local.HOST).toBe('127.0.0.1');
    const warning = localModeWarning(local) ?? '';
    expect(warning.split('\n')).toHaveLength(1);
    for (const named of [
      '/dev/outbox',
      '/api/dev/orders/{id}/status',
      'prefilled demo login',
      'this machine only',
      '127.0.0.1',
    ]) {
      expect(warning).toContain(named);
    }
    const open = loadConfig({ HOST: '0.0.0.0' });
    expect(open.HOST).toBe('0.0.0.0');
    expect(localModeWarning(open)).toContain('HOST is set');
  });

  it('refuses a read replica without PostgreSQL, and takes one beside DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/shop' })).toThrow(
      /DATABASE_REPLICA_URL: A read replica needs DATABASE_URL/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary/shop',
      DATABASE_REPLICA_URL: 'postgres://replica/shop',
    });
    expect(config.DATABASE_REPLICA_URL).toBe('postgres://replica/shop');
  });

  it('production listens on every interface and prints no demo warning', () => {
    const production = loadConfig({ APP_ENV: 'production' });
    expect(production.HOST).toBe('0.0.0.0');
    expect(localModeWarning(production)).toBeNull();
  });
});

/**
 * The packages a start of the compiled server loads: the bare specifiers statically imported by
 * dist/server.js and the chunks it statically imports (not those behind `import()`).
 */
function packagesLoadedAtStart(buildDir: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of source.matchAll(
      /(?:^|[;}\n])\s*import\s*(?:[\w$*{][^;]*?from\s*)?["']([^"']+)["']/g,
    )) {
      if (specifier.startsWith('.')) visit(path.join(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  };
  visit(path.join(buildDir, 'server.js'));
  return packages;
}

describe('the compiled server', () => {
  it('loads neither the embedded database nor a library kept for first use when it starts on PostgreSQL', () => {
    serverProcessArgs(); // says how to get the build when it is missing
    const loaded = [...packagesLoadedAtStart(path.join(serverRoot, TEST_SERVER_BUILD_DIR))];
    expect(loaded.length).toBeGreaterThan(3);
    for (const later of ['@electric-sql/pglite', ...LOADED_ON_FIRST_USE]) {
      expect(loaded.filter((name) => name === later || name.startsWith(`${later}/`))).toEqual([]);
    }
  });
});

describeEachDatabase('demo passwords in production', (ctx) => {
  it('a database that still has the demo password is refused in production, with what to do', async () => {
    const production = loadConfig({ APP_ENV: 'production' });
    const refusal = (await startupRefusal(production, ctx.db)) ?? '';
    expect(refusal).toMatch(
      /^Refusing to start with APP_ENV=production: \d+ account\(s\) still sign in with the demo password/,
    );
    expect(refusal).toContain('admin@example.com');
    expect(refusal).toContain('npm run seed -- --disable-demo-logins');
    // The same database is fine for a demo.
    expect(await startupRefusal(loadConfig({ APP_ENV: 'local' }), ctx.db)).toBeNull();
  });

  it('--disable-demo-logins takes the password away and ends the sessions; then production starts', async () => {
    const before = await signIn(ctx.app);
    const disabled = await disableDemoLogins(ctx.db);
    expect(disabled).toEqual(expect.arrayContaining([DEMO_CUSTOMER.email, 'admin@example.com']));
    expect(await accountsWithDemoPassword(ctx.db)).toEqual([]);
    expect(await startupRefusal(loadConfig({ APP_ENV: 'production' }), ctx.db)).toBeNull();
    const [customer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, customer!.id))).toEqual([]);
    const me = await ctx.app.inject({ url: '/api/profile', headers: before.bearerHeaders });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: DEMO_CUSTOMER.email, password: DEMO_PASSWORD },
      remoteAddress: '10.250.0.1',
    });
    expect(login.statusCode).toBe(422);
  });
});

describe('a production seed', () => {
  it('makes the demo marketplace without a single demo login', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-uploads-'));
    try {
      await handle.migrate();
      await seedDemo(handle.db, {
        media: new DiskMediaStore(uploadsDir),
        databaseKind: handle.kind,
        images: false,
        demoLogins: false,
      });
      expect(await accountsWithDemoPassword(handle.db)).toEqual([]);
      const withPassword = await handle.db.select({ email: users.email }).from(users);
      expect(withPassword.length).toBeGreaterThan(10);
      expect(await startupRefusal(loadConfig({ APP_ENV: 'production' }), handle.db)).toBeNull();
    } finally {
      await handle.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a first start without the demo (SEED_ON_EMPTY=false)', () => {
  it('writes the base a new shop needs, once, and the storefront serves an empty shop', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-base-'));
    const config = loadConfig({ NODE_ENV: 'test', APP_ENV: 'test', SEED_ON_EMPTY: 'false', DATA_DIR: dataDir });
    try {
      expect(await prepareDatabase(config, handle)).toBe('base');
      // A second start finds it seeded.
      expect(await prepareDatabase(config, handle)).toBeNull();
      expect(await handle.db.select({ id: users.id }).from(users)).toEqual([]);
      const { app } = await composeApp({ config, database: handle, web: false, logger: false });
      try {
        const master = await app.inject({ url: '/api/master' });
        expect(master.statusCode, master.body).toBe(200);
        const data = master.json().data as { languages: unknown[]; currencies: unknown[] };
        expect(data.languages).toHaveLength(3);
        expect(data.currencies.length).toBeGreaterThan(0);
        const products = await app.inject({ url: '/api/products' });
        expect(products.statusCode).toBe(200);
        expect(products.json().data.total).toBe(0);
        for (const url of ['/api/home', '/api/categories', '/api/shops', '/api/lang/ar', '/api/legal-pages/about-us'])
          expect((await app.inject({ url })).statusCode, url).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** Runs the compiled server as `npm start` would and collects what it prints until it exits or answers. */
async function runServer(env: Record<string, string>, until: (output: string) => boolean, timeoutMs = 90_000) {
  const child = spawn(process.execPath, serverProcessArgs(), {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', SEED_ON_EMPTY: 'false', REDIS_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && !until(output) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return {
    output: () => output,
    exitCode: child.exitCode,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await done;
    },
  };
}

/** Whether something accepts a connection at host:port. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe.runIf(process.env.TEST_DATABASE_URL)('starting the server process', () => {
  it('APP_ENV=production on a database with demo passwords refuses to start, saying why', async () => {
    const ctx = await createTestApp({ kind: 'postgres' });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-start-'));
    try {
      const run = await runServer(
        { APP_ENV: 'production', DATABASE_URL: ctx.databaseUrl!, DATA_DIR: dataDir, PORT: String(await freePort()) },
        () => false,
      );
      await run.stop();
      expect(run.output()).toContain('Refusing to start with APP_ENV=production');
      expect(run.output()).toContain('admin@example.com');
      expect(run.exitCode).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await ctx.close();
    }
  }, 120_000);

  it('APP_ENV=local prints its warning and is not reachable from another interface', async () => {
    const ctx = await createTestApp({ kind: 'postgres' });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-start-'));
    const port = await freePort();
    const run = await runServer(
      {
        APP_ENV: 'local',
        HOST: '',
        DATABASE_URL: ctx.databaseUrl!,
        DATA_DIR: dataDir,
        PORT: String(port),
        WEB_BUILD_DIR: path.join(dataDir, 'no-web'),
      },
      (output) => output.includes('APP_ENV=local: demo mode'),
    );
    try {
      const lines = run
        .output()
        .split('\n')
        .filter((l) => l.includes('APP_ENV=local'));
      expect(lines, run.output()).toHaveLength(1);
      expect(lines[0]).toContain('"level":40');
      expect(await accepts('127.0.0.1', port)).toBe(true);
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (external) expect(await accepts(external, port)).toBe(false);
    } finally {
      await run.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await ctx.close();
    }
  }, 120_000);
});
