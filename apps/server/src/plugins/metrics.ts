import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { unauthorized } from '../lib/errors';
import { runtimeStats } from '../lib/runtime-stats';

export interface MetricsOptions {
  config: Pick<Config, 'APP_ENV' | 'METRICS_TOKEN' | 'SLOW_REQUEST_MS'>;
  database: Pick<DatabaseHandle, 'kind' | 'poolStats' | 'replication'>;
  /** Realtime sockets open on this process. */
  sockets: () => number;
}

/** Whether /metrics answers at all: always with a token; without one, not in production. */
export function metricsEnabled(config: Pick<Config, 'APP_ENV' | 'METRICS_TOKEN'>): boolean {
  return config.METRICS_TOKEN !== undefined || config.APP_ENV !== 'production';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics of this process at GET /metrics (prom-client's text format): request
 * durations by route, the database pool (and the read replica's), Node's own (event-loop lag,
 * heap, CPU), how the in-process caches answer, realtime sockets and the periodic jobs' passes. Each app has its own
 * registry (tests build many). Also the request log: every request at `debug`, a failed (5xx) one
 * at `error`, a slow one at `warn` — Fastify's two info lines per request are off (app.ts), so at
 * the default level a request costs no log write.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const { config, database } = options;
  const registry = new Registry();
  const registers = [registry];
  const collecting = metricsEnabled(config);
  if (collecting) collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to reply, by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (total, idle, waiting: requests queued for one)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const { replication } = database;
  if (replication) {
    new Gauge({
      name: 'db_replica_up',
      help: 'Whether the read replica takes the catalogue reads (1) or they go to the primary (0)',
      registers,
      async collect() {
        this.set((await replication.state()) === 'ok' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_replica_pool_connections',
      help: 'Connections of the read replica pool by state (total, idle, waiting: requests queued for one)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = replication.poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Counter({
      name: 'db_replica_fallbacks_total',
      help: 'Reads sent to the primary because the read replica could not answer them',
      registers,
      collect() {
        this.reset();
        this.inc(replication.fallbacks());
      },
    });
  }
  new Counter({
    name: 'cache_lookups_total',
    help: 'In-process cache lookups by cache and result (hit, stale: served while rebuilt, miss)',
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [cache, counts] of runtimeStats.caches()) {
        this.inc({ cache, result: 'hit' }, counts.hit);
        this.inc({ cache, result: 'stale' }, counts.stale);
        this.inc({ cache, result: 'miss' }, counts.miss);
      }
    },
  });
  new Gauge({
    name: 'realtime_sockets',
    help: 'Realtime (Pusher protocol) sockets open on this process',
    registers,
    collect() {
      this.set(options.sockets());
    },
  });
  new Counter({
    name: 'job_passes_total',
    help: 'Passes of the periodic jobs (digital fulfilment, catalogue import) by result',
    labelNames: ['job', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [job, counts] of runtimeStats.jobs()) {
        this.inc({ job, result: 'ok' }, counts.ok);
        this.inc({ job, result: 'failed' }, counts.failed);
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    // The route's pattern, never the URL itself: ids and queries would make a label per request.
    const route = request.routeOptions.url ?? 'unmatched';
    if (collecting) durations.observe({ method: request.method, route, status_code: status }, ms / 1000);
    // The path without its query: a query may carry a sign-in or reset token.
    const line = { method: request.method, url: request.url.split('?')[0], route, status, ms };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (config.SLOW_REQUEST_MS > 0 && ms >= config.SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request completed');
  });

  if (!collecting) return;
  const token = config.METRICS_TOKEN === undefined ? null : digest(`Bearer ${config.METRICS_TOKEN}`);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // Compared as digests, so neither the length nor the bytes leak through timing.
    if (token && !timingSafeEqual(digest(request.headers.authorization ?? ''), token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    reply.header('cache-control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
