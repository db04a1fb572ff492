import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type BuildOptions, composeApp } from '../app';
import { type Config, DEFAULT_CATALOG_POLL_MS, loadConfig } from '../config';
import { type Database, type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/client';
import type { App } from '../deps';
import { ManualClock } from '../lib/clock';
import type { Services } from '../services';
import { replicaTestUrl, waitForReplay } from './replica';
import { createDatabase, dropDatabases, withDatabase } from './test-database';

export interface TestApp {
  app: App;
  db: Database;
  database: DatabaseHandle;
  kind: DatabaseKind;
  /** The app's only time source; move it instead of sleeping. Starts at the real time. */
  clock: ManualClock;
  /** The PostgreSQL database's address (null on PGlite), for a second app on the same data. */
  databaseUrl: string | null;
  /** The same database on the read replica (null without `replica`), for a look at it directly. */
  replicaUrl: string | null;
  config: Config;
  /** The app's services, for what no route does yet (the shop moving an order along). */
  services: Services;
  /** Forgets cached settings and languages, after a test changed them in the database. */
  clearCaches(): void;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Which database to copy the seeded template into (default pglite). */
  kind?: DatabaseKind;
  /** Start time of the clock (default: now, so the seeded flash sales are running/upcoming). */
  now?: Date;
  /** Extra environment for loadConfig (APP_ENV, PUBLIC_URL, ...). */
  env?: Record<string, string>;
  /** What the app is composed of, swapped for this test (a notifier that fails, ...). */
  deps?: BuildOptions['deps'];
  /** Fastify's logger options, for a test that reads the log (default: no log). */
  logger?: BuildOptions['logger'];
  /**
   * Another app on the same PostgreSQL database (its own pool, caches and services): what a
   * second server process shares with the first. Closing it leaves the database to the first.
   */
  sameDatabaseAs?: TestApp;
  /** Connections of this app's pool on PostgreSQL (default 4). */
  poolSize?: number;
  /**
   * Catalogue reads on the streaming replica of TEST_REPLICA_URL (PostgreSQL only), directly or
   * through a relay on 127.0.0.1 at `port` (a test that cuts the replica off).
   */
  replica?: true | { port: number };
}

/** The database targets of this run: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseTargets(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteTemplate: Uint8Array | undefined;

/** A fresh copy of the seeded template: nothing a test writes leaks into another file. */
async function openTestDatabase(
  kind: DatabaseKind,
  poolSize = 4,
  replica?: TestAppOptions['replica'],
): Promise<{ handle: DatabaseHandle; url: string | null; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    pgliteTemplate ??= new Uint8Array(readFileSync(inject('pgliteTemplateFile')));
    const handle = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([pgliteTemplate as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' }),
    });
    return { handle, url: null, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL (see README, Tests)');
  const name = `${inject('postgresRunPrefix')}${randomBytes(4).toString('hex')}`;
  await createDatabase(url, name, template);
  const databaseUrl = withDatabase(url, name);
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    poolSize,
    replicaUrl: replica ? await testReplicaUrl(databaseUrl, replica) : undefined,
  });
  return { handle, url: databaseUrl, drop: () => dropDatabases(url, [name]) };
}

function replicaUrlOrThrow(): string {
  const url = replicaTestUrl();
  if (!url) throw new Error('Replica tests need TEST_REPLICA_URL (see README, Tests; .ci/run makes the replica)');
  return url;
}

/**
 * The database at `databaseUrl` on the replica (directly or through the relay at `port`), once
 * the replica has replayed its creation: opened before, its first reads would find no database
 * and go to the primary for a while.
 */
async function testReplicaUrl(databaseUrl: string, replica: true | { port: number }): Promise<string> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const direct = withDatabase(replicaUrlOrThrow(), name);
  await waitForReplay(databaseUrl, direct);
  if (replica === true) return direct;
  const relayed = new URL(direct);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(replica.port);
  return relayed.toString();
}

/** The app as the server builds it (no web pages), on its own copy of the seeded database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = options.kind ?? 'pglite';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    // Tests change the database between calls; caching has its own test.
    PUBLIC_CACHE_SECONDS: '0',
    // ... and the catalogue's state (its version, the running flash sales) is read before every
    // reply, unless a test of caching sets a cache time (and with it the poll it measures).
    CATALOG_POLL_MS: options.env?.PUBLIC_CACHE_SECONDS ? String(DEFAULT_CATALOG_POLL_MS) : '0',
    // Imports run when a test runs them (services.importJob.runOnce()), never between its reads.
    IMPORT_JOB_INTERVAL_MS: '0',
    ...options.env,
  });
  const shared = options.sameDatabaseAs?.databaseUrl;
  if (options.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs an app on PostgreSQL');
  if (options.replica && !shared && kind !== 'postgres') throw new Error('A read replica needs an app on PostgreSQL');
  const { handle, url, drop } = shared
    ? {
        handle: await openDatabase({
          kind: 'postgres',
          url: shared,
          poolSize: options.poolSize ?? 4,
          replicaUrl: options.replica ? await testReplicaUrl(shared, options.replica) : undefined,
        }),
        url: shared,
        drop: async () => {},
      }
    : await openTestDatabase(kind, options.poolSize, options.replica);
  const clock = new ManualClock(options.now ?? new Date());
  const { app, services } = await composeApp({
    config,
    database: handle,
    deps: { clock, ...options.deps },
    web: false,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    database: handle,
    kind,
    clock,
    databaseUrl: url,
    replicaUrl: options.replica && url ? withDatabase(replicaUrlOrThrow(), new URL(url).pathname.slice(1)) : null,
    config,
    services,
    clearCaches() {
      services.settings.clearCache();
      services.languages.clearCache();
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Declares a suite once per database target ("master (pglite)", "master (postgres)"). The body
 * gets a context whose app is built before its tests and closed after them, and the target, so a
 * test that proves something only PostgreSQL can show is declared skipped on PGlite
 * (`it.skipIf(kind === 'pglite')`) instead of passing without checking anything.
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: TestApp, kind: DatabaseKind) => void,
  options: Omit<TestAppOptions, 'kind'> = {},
) {
  for (const kind of databaseTargets()) {
    describe(`${name} (${kind})`, () => {
      let current: TestApp | undefined;
      const ctx = new Proxy({} as TestApp, {
        get(_target, prop) {
          if (!current) throw new Error('The test app is used outside a test (it is built in beforeAll)');
          return current[prop as keyof TestApp];
        },
      });
      beforeAll(async () => {
        current = await createTestApp({ ...options, kind });
      });
      afterAll(async () => {
        await current?.close();
      });
      body(ctx, kind);
    });
  }
}
