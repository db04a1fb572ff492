import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EMBEDDED_DB_BUFFERS_MB } from '../config';
import { once } from '../lib/lazy-modules';
import { serverRoot } from '../paths';
import { consoleLog, type DatabaseLog, ReplicaRouter, type ReplicaState } from './replica';
import type { Executor } from './transaction';

export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database through connections that plan each prepared statement once
   * (`plan_cache_mode = force_generic_plan`), for the fixed-shape statements of the buying path
   * (sessions, cart, checkout, placement, idempotency keys) whose best plan does not depend on the
   * values: by id, by user. PostgreSQL's default re-plans a statement on every call whenever the
   * plan for the values at hand looks cheaper than the general one, and for the product card
   * query of a cart that is always so: planning it took 1.2 ms of the 1.8 ms it cost.
   * The catalogue's searches and listings stay on `db`, where the values choose the plan. PGlite
   * (one connection) has one handle.
   */
  fixedPlans: Database;
  /**
   * The catalogue's reads for shoppers (listings, facets, search, suggestions, product details,
   * home, categories, shops, flash sales, the sitemap): a PostgreSQL read replica when
   * DATABASE_REPLICA_URL is set, falling back to the primary while the replica cannot answer.
   * Without one, and always on PGlite, the same object as `db`. Its transactions run on the
   * primary. What is read right after a write (the seller's and operator's screens, cart,
   * checkout, orders) stays on `db`: a replica shows a write some milliseconds after it.
   */
  replica: Database;
  kind: DatabaseKind;
  /** Runs the committed SQL migrations; safe to call from several processes at once. */
  /**
   * Applies the migrations; `then` (a first start's seed) runs before another process may start
   * its own (on PostgreSQL, under the same advisory lock).
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded instance (PGlite only), for the test template's dumpDataDir. */
  pglite?: PGlite;
  /** The connections of the main pool (PostgreSQL only), for the metrics. */
  poolStats?: () => PoolStats;
  /** The read replica (only with DATABASE_REPLICA_URL). */
  replication?: Replication;
  /** Where the pools report what they meet (a dropped connection, the replica going down); PostgreSQL only. */
  setLog?(log: DatabaseLog): void;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The read replica's side of a handle: its state, its pool, and how far it has replayed. */
export interface Replication {
  /** 'ok' or 'down' (its reads then go to the primary); a replica held down past its time is asked again. */
  state(): Promise<Exclude<ReplicaState, 'off'>>;
  /** The replica pool's connections. */
  poolStats(): PoolStats;
  /** Reads the primary answered because the replica could not, since the process started. */
  fallbacks(): number;
  /** Where the primary's WAL stands now ('0/16B3748'). */
  primaryPosition(): Promise<string>;
  /** Whether replica reads now see the primary's WAL up to `lsn` (true while the replica is down). */
  replayed(lsn: string): Promise<boolean>;
}

export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** Any number that identifies our migration lock among other advisory locks. */
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** A streaming replica of `url` for the catalogue's reads (DATABASE_REPLICA_URL). */
      replicaUrl?: string;
      /** Told apart in pg_stat_activity by it: `{name}`, `{name}-fixed-plans`, `{name}-replica`. */
      applicationName?: string;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; buffersMb?: number };

/** What the server's connections are called in pg_stat_activity (with -fixed-plans and -replica). */
export const APPLICATION_NAME = 'storefront';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options);
  return openPglite(options.dataDir, options.loadDataDir, options.buffersMb ?? EMBEDDED_DB_BUFFERS_MB);
}

/** The embedded database and its Drizzle driver, loaded the first time one is opened (not on PostgreSQL). */
const loadPglite = once(async () => {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, pg_trgm, drizzle, migrate };
});

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | File | undefined,
  buffersMb: number,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { PGlite, pg_trgm, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffersMb}MB`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    fixedPlans: db,
    replica: db,
    kind: 'pglite',
    async migrate(then) {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await then?.();
    },
    ping: () => pingDb(db),
    async close() {
      await client.close();
    },
    pglite: client,
  };
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const { url, poolSize = 10, replicaUrl, applicationName = APPLICATION_NAME } = options;
  let log: DatabaseLog = consoleLog;
  // maxUses: a connection is replaced after that many queries, dropping the statements it prepared.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    maxUses: 10_000,
    application_name: applicationName,
  });
  nameStatementsByText(pool);
  const fixedPlansPool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, Math.ceil(poolSize / 2)),
    maxUses: 10_000,
    options: '-c plan_cache_mode=force_generic_plan',
    application_name: `${applicationName}-fixed-plans`,
  });
  nameStatementsByText(fixedPlansPool);
  const replicaPool = replicaUrl
    ? new pg.Pool({
        connectionString: replicaUrl,
        max: poolSize,
        maxUses: 10_000,
        application_name: `${applicationName}-replica`,
        // A replica that does not answer is skipped for the primary, not waited for.
        connectionTimeoutMillis: 2_000,
        keepAlive: true,
      })
    : null;
  if (replicaPool) nameStatementsByText(replicaPool);
  // An idle connection the server drops (a restart, a terminated backend, a replica replaying a
  // dropped database) is an 'error' on its pool; without a listener it would end the process.
  // The pool has already let the connection go; the next query opens another.
  for (const [name, each] of [
    ['primary', pool],
    ['fixed-plans', fixedPlansPool],
    ['replica', replicaPool],
  ] as const) {
    each?.on('error', (err: Error & { code?: string }) =>
      log.warn({ pool: name, error: err.message, code: err.code }, 'an idle database connection was lost'),
    );
  }
  // bigint columns come back as numbers; our money fits well inside 2^53.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  const db = drizzlePg(pool) as unknown as Database;
  const router = replicaPool ? new ReplicaRouter(replicaPool, pool) : null;
  let replica = db;
  if (router) {
    // Drizzle runs its statements through `query`, as it does a pool's.
    replica = drizzlePg(router as unknown as pg.Pool) as unknown as Database;
    // A transaction holds one connection for all its statements, and writes: the primary's.
    replica.transaction = db.transaction.bind(db);
  }
  const statsOf = (p: pg.Pool): PoolStats => ({ total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount });
  return {
    db,
    fixedPlans: drizzlePg(fixedPlansPool) as unknown as Database,
    replica,
    kind: 'postgres',
    async migrate(then) {
      const client = await pool.connect();
      try {
        // Two processes starting together must not both run the same migration, nor both seed an
        // empty database: the second waits, then finds it migrated and seeded.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder });
        await then?.();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: () => pingDb(db),
    poolStats: () => statsOf(pool),
    ...(router && replicaPool
      ? {
          replication: {
            state: () => router.state(),
            poolStats: () => statsOf(replicaPool),
            fallbacks: () => router.fallbacks,
            primaryPosition: () => router.primaryPosition(),
            replayed: (lsn: string) => router.replayed(lsn),
          },
        }
      : {}),
    setLog(next) {
      log = next;
      if (router) router.log = next;
    },
    async close() {
      await Promise.all([pool.end(), fixedPlansPool.end(), replicaPool?.end()]);
    },
  };
}

/** Statement names by text, so a hot statement is not hashed on every call (bounded: cleared when full). */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_KEPT = 2_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every query through the pool becomes a named prepared statement, named after its text. Each
 * connection then parses a statement once and PostgreSQL may keep its plan, instead of parsing and
 * planning it on every call: for the catalogue's larger statements that was three quarters of the
 * database's time per request (a product's details: 7 ms parse, 4 ms plan, 1 ms to run). The
 * values stay parameters, so the number of texts is small (a text varies only with the filters
 * chosen, the length of an id list and the running flash prices); idle connections are closed
 * after 10 s and busy ones after 10,000 queries (maxUses), and their statements with them.
 */
function nameStatementsByText(pool: pg.Pool): void {
  // On each connection, so the statements of a transaction (run on the connection it holds, not
  // through pool.query) are named too: a placement's dozen statements were parsed and planned
  // again in every transaction.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (config !== null && typeof config === 'object' && 'text' in config && !(config as { name?: string }).name) {
        return query({ ...config, name: statementName(String((config as { text: unknown }).text)) }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}

/**
 * A statement of fixed shape built once with Drizzle's prepare (values passed as
 * `sql.placeholder`s), for the hottest queries: building a large select from its parts costs more
 * Node time than PostgreSQL takes to run it (a product card query: ~0.4 ms of building per call).
 * It is built once per driver and then only rebound to the connection at hand: a transaction runs
 * it on the connection it holds, without building it again (which it did on every placement).
 */
export function preparedPerDatabase<Q extends object>(build: (db: Database) => Q): (db: Executor) => Q {
  /** The built statement of each driver (its session class), the one the others copy. */
  const built = new Map<unknown, Q>();
  /** The statement bound to each connection (a pool, a pooled client, a PGlite transaction). */
  const bound = new WeakMap<object, Q>();
  return (executor) => {
    const session = (executor as Database)._.session as unknown as { client: object };
    const ready = bound.get(session.client);
    if (ready) return ready;
    const model = built.get(session.constructor);
    let query: Q;
    if (model === undefined) {
      query = build(executor as Database);
      built.set(session.constructor, query);
    } else if (typeof model === 'function') {
      // A family of statements built on demand by key (the details by id or slug): each one it
      // hands out is rebound in turn, once per statement, as a single statement is below.
      const family = model as unknown as (...args: unknown[]) => object;
      const copies = new WeakMap<object, object>();
      query = ((...args: unknown[]) => {
        const statement = family(...args);
        let copy = copies.get(statement);
        if (copy === undefined) {
          copy = rebound(statement, session.client);
          copies.set(statement, copy);
        }
        return copy;
      }) as unknown as Q;
    } else {
      query = rebound(model, session.client);
    }
    bound.set(session.client, query);
    return query;
  };
}

/**
 * A built statement run through another connection: Drizzle's prepared queries of both drivers run
 * through their `client` and nothing else that belongs to the connection (db/client.test.ts runs
 * one inside a transaction on each, and through the replica's router).
 */
function rebound<S extends object>(statement: S, client: object): S {
  return Object.assign(Object.create(Object.getPrototypeOf(statement)) as S, statement, { client });
}

async function pingDb(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
