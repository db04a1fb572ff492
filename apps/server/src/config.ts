import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

/**
 * The embedded database's buffer pool (shared_buffers, MB) unless set: PGlite's own default of
 * 128 MB lives in the server's memory and is cleared at every start, a second of the start and a
 * third of the shop's memory at rest (bench/start.ts; docs/decisions/0034).
 */
export const EMBEDDED_DB_BUFFERS_MB = 32;

/** The repository root, so the default data folder does not depend on the working directory. */
export { repoRoot };

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Sign-ins one address may try per 15 minutes unless SIGN_INS_PER_ADDRESS says otherwise. */
export const DEFAULT_SIGN_INS_PER_ADDRESS = 50;
/** How often a process looks at the catalogue's state by default (CATALOG_POLL_MS). */
export const DEFAULT_CATALOG_POLL_MS = 500;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /**
     * local: demo conveniences (prefilled login, the outbox, the order-status shortcut) for the
     * person at this machine only; production: none of them, and no demo password may sign in.
     */
    APP_ENV: z.enum(['local', 'production', 'test']).default('local'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: 127.0.0.1 in local (a demo is not for the network), every interface otherwise. */
    HOST: z.string().min(1).optional(),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().startsWith('postgres').optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * The embedded database's buffer pool (PostgreSQL's shared_buffers) in megabytes, when
     * DATABASE_URL is unset. PGlite's default, 128, is held in the server's own memory and cleared
     * at every start; a shop small enough for the embedded database reads what it needs from the
     * operating system's file cache past this.
     */
    EMBEDDED_DB_BUFFERS_MB: z.coerce.number().int().min(1).max(4_096).default(EMBEDDED_DB_BUFFERS_MB),
    /**
     * A streaming replica of DATABASE_URL (a hot standby) for the catalogue's reads: listings,
     * search, product pages, home, categories, shops, flash sales. Writes and what is read right
     * after one stay on DATABASE_URL; while the replica cannot answer, its reads go there too.
     * Its own pool of DATABASE_POOL_SIZE connections.
     */
    DATABASE_REPLICA_URL: z.string().startsWith('postgres').optional(),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    REDIS_URL: z.string().startsWith('redis').optional(),
    /**
     * Put before every Redis key and channel, so several shops can share one Redis. Unset, it is
     * made from the database this process uses: two deployments on two databases never meet.
     */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:@/-]{1,100}$/, 'Letters, digits and . : @ / - _ only (at most 100).')
      .optional(),
    /**
     * The key secrets kept in the database are encrypted with (two-step sign-in secrets), at least
     * 32 characters. Unset, a key is made and kept in the database itself, which keeps the secrets
     * out of a leaked table or log but not out of a copy of the whole database.
     */
    APP_KEY: z.string().min(32, 'APP_KEY needs at least 32 characters.').optional(),
    SMTP_URL: z.string().optional(),
    SMS_WEBHOOK_URL: z.url().optional(),
    /**
     * Every request is logged at `debug`; at the default `info` only failed (5xx) and slow ones
     * are, so logging costs next to nothing under load.
     */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A request that took at least this long is logged at `warn` whatever LOG_LEVEL says (0: none). */
    SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
    /**
     * Prometheus metrics at /metrics: with this set, only for `Authorization: Bearer <token>`;
     * unset, open on a local or test server and off (404) with APP_ENV=production.
     */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN needs at least 16 characters.').optional(),
    SEED_ON_EMPTY: booleanFromEnv.default(true),
    /** How long public, visitor-independent replies (home page, categories) are reused; 0 = never. */
    PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    /**
     * How many megabytes of replies built for every visitor (listings, product details,
     * suggestions) each process keeps; the least recently asked go first past it.
     */
    PUBLIC_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(160),
    /**
     * How many megabytes of rendered catalogue pages (home, listings, product pages...) for
     * visitors without a session each process keeps, until the catalogue or settings change or
     * PUBLIC_CACHE_SECONDS pass; 0: none (every page is rendered for its request).
     */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(32),
    /**
     * How often each process looks whether the catalogue changed (one small statement), and with
     * it which flash sales run: a change is on every process's pages within this. 0: before every
     * reply (tests).
     */
    CATALOG_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_CATALOG_POLL_MS),
    /**
     * How long a process told to stop (SIGTERM) keeps serving while its readiness check answers
     * 503, so the load balancer stops sending to it before it closes its port: a request that
     * reaches a closing port is reset, and a balancer retries only those it could not send.
     * Set it above the balancer's readiness interval; 0 closes at once (the default).
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * After how long a request that claimed an Idempotency-Key and never finished (its process
     * died) counts as abandoned, so a retry with the key runs it again. Crash tests shorten it.
     */
    IDEMPOTENCY_ABANDONED_SECONDS: z.coerce.number().min(1).max(3600).default(60),
    TRUST_PROXY: booleanFromEnv.default(false),
    /** How often each process's digital fulfilment job looks for paid top-ups (0: not at all). */
    DIGITAL_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
    /** How often a process looks for catalogue imports to run (0: never, as in tests that run them). */
    IMPORT_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    /** How long a process holds a top-up it is asking the provider about, before another may. */
    DIGITAL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * The secret private realtime channels are signed with (Pusher's app secret). Unset, each
     * process makes one at start: fine for one process; several behind one address must share it.
     */
    PUSHER_APP_SECRET: z.string().min(16).optional(),
    /**
     * Hosted Pusher Channels (all three with PUSHER_APP_SECRET): events are published there
     * instead of this server's own socket server, and the web connects there (/api/master).
     */
    PUSHER_APP_ID: z.string().min(1).max(50).optional(),
    PUSHER_APP_KEY: z.string().min(1).max(100).optional(),
    PUSHER_APP_CLUSTER: z
      .string()
      .regex(/^[a-z0-9-]{1,30}$/, 'A Pusher cluster name such as eu or ap1.')
      .optional(),
    /** Sign-ins one address may try per 15 minutes (shop, Seller Centre and operator together). */
    SIGN_INS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SIGN_INS_PER_ADDRESS),
    /** Realtime sockets one address may hold open at once, on this process. */
    REALTIME_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Realtime sockets one address may open per minute (counted in Redis when REDIS_URL is set). */
    REALTIME_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /** Where the built web app lives (react-router build output). */
    WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'apps/web/build')),
    /** Origins product and shop images are served from besides this one (a CDN or bucket), comma-separated. */
    MEDIA_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((u) => new URL(u).origin))),
    /**
     * Uploaded and generated media (product photos, logos, resized copies, ticket attachments) go
     * to this S3-compatible bucket instead of DATA_DIR, under the same keys (`uploads/...`).
     */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'An S3 bucket name (3-63 of a-z 0-9 . -).')
      .optional(),
    /** The S3-compatible service's address (MinIO, R2, ...); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'A region name such as eu-central-1.')
      .default('us-east-1'),
    /** Both, or neither (the SDK then finds credentials itself: AWS_* variables, profile, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
    /** `bucket` in the path (endpoint/bucket/key) instead of the host name: most S3-compatible servers want it. */
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    /**
     * Where browsers fetch original media (a CDN or the bucket's public address; keys are appended:
     * `{MEDIA_PUBLIC_URL}/uploads/...`). Its origin joins MEDIA_ORIGINS. Unset: /uploads on this server.
     */
    MEDIA_PUBLIC_URL: z.url().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'A read replica needs DATABASE_URL (PostgreSQL); the embedded database has none.',
      });
    }
    const hosted = [c.PUSHER_APP_ID, c.PUSHER_APP_KEY, c.PUSHER_APP_CLUSTER];
    if (hosted.some(Boolean) && (!hosted.every(Boolean) || !c.PUSHER_APP_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSHER_APP_ID'],
        message:
          'Hosted Pusher needs PUSHER_APP_ID, PUSHER_APP_KEY, PUSHER_APP_SECRET and PUSHER_APP_CLUSTER together.',
      });
    }
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK’s own credentials).',
      });
    }
    const orphans = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => c[k]);
    if (!c.S3_BUCKET && orphans.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `${orphans.join(', ')} ${orphans.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: media would stay on disk.`,
      });
    }
  })
  .transform((c) => ({
    ...c,
    MEDIA_ORIGINS: c.MEDIA_PUBLIC_URL
      ? [...new Set([...c.MEDIA_ORIGINS, new URL(c.MEDIA_PUBLIC_URL).origin])]
      : c.MEDIA_ORIGINS,
    MEDIA_PUBLIC_URL: c.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    S3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : null,
    HOST: c.HOST ?? (c.APP_ENV === 'local' ? '127.0.0.1' : '0.0.0.0'),
    REDIS_PREFIX: c.REDIS_PREFIX ?? defaultRedisPrefix(c.DATABASE_URL, c.DATA_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    UPLOADS_DIR: path.join(c.DATA_DIR, 'uploads'),
    HOSTED_PUSHER:
      c.PUSHER_APP_ID && c.PUSHER_APP_KEY && c.PUSHER_APP_CLUSTER && c.PUSHER_APP_SECRET
        ? {
            appId: c.PUSHER_APP_ID,
            key: c.PUSHER_APP_KEY,
            secret: c.PUSHER_APP_SECRET,
            cluster: c.PUSHER_APP_CLUSTER,
            /** Where browsers reach the app's cluster (pusher-js's own default for it). */
            wsHost: `ws-${c.PUSHER_APP_CLUSTER}.pusher.com`,
            /** pusher-js's HTTP fallback when WebSockets are blocked. */
            sockjsHost: `sockjs-${c.PUSHER_APP_CLUSTER}.pusher.com`,
          }
        : null,
  }));

export type Config = z.infer<typeof configSchema>;

/** Every environment variable the server reads (docs/deploy.md lists each; deploy-files.test.ts checks). */
export const CONFIG_KEYS: readonly string[] = Object.keys(configSchema.in.shape);

/**
 * `storefront:<database>:`, where the database is PostgreSQL's host, port and name (never its
 * password) or a short hash of the embedded database's folder.
 */
function defaultRedisPrefix(databaseUrl: string | undefined, dataDir: string): string {
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      return `storefront:${url.hostname}:${url.port || '5432'}${url.pathname || '/'}:`;
    } catch {
      // Not a URL pg would read either; the hash below still tells databases apart.
    }
  }
  const source = databaseUrl ?? path.resolve(dataDir);
  return `storefront:${databaseUrl ? 'pg' : 'pglite'}-${createHash('sha256').update(source).digest('hex').slice(0, 12)}:`;
}

/** Reads the environment once; a bad value stops start-up with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= ) means "not set", as shells and .env files commonly write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
