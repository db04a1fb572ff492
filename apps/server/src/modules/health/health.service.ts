import type { HealthReply, ReadyReply } from '@shop/contracts/settings';
import type { AppDeps } from '../../deps';

/** How long Redis may take to answer a readiness check before it counts as down. */
const REDIS_PING_TIMEOUT_MS = 1000;

/**
 * Whether this process is up (liveness: it answers) and can serve (readiness: its database and,
 * when configured, Redis answer), for load balancers and orchestrators.
 */
export class HealthService {
  private readonly startedAt: number;
  private draining = false;

  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'redis'>) {
    this.startedAt = deps.clock.now().getTime();
  }

  private uptime() {
    return Math.round((this.deps.clock.now().getTime() - this.startedAt) / 1000);
  }

  /** The process is shutting down: readiness answers 503 so load balancers send it nothing new. */
  drain(): void {
    this.draining = true;
  }

  live(): HealthReply['data'] {
    return { status: 'ok', uptime_seconds: this.uptime() };
  }

  async ready(): Promise<ReadyReply['data']> {
    const { replication } = this.deps.database;
    const [databaseOk, redis, replica] = await Promise.all([
      this.deps.database.ping(),
      this.redisState(),
      replication ? replication.state() : ('off' as const),
    ]);
    return {
      // A replica that is down leaves the process ready: its reads go to the primary.
      status: this.draining ? 'draining' : databaseOk && redis !== 'down' ? 'ok' : 'degraded',
      database: this.deps.database.kind,
      database_ok: databaseOk,
      redis,
      replica,
      uptime_seconds: this.uptime(),
    };
  }

  private async redisState(): Promise<ReadyReply['data']['redis']> {
    const { redis } = this.deps;
    if (!redis) return 'off';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'down'>((resolve) => {
      timer = setTimeout(() => resolve('down'), REDIS_PING_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([redis.ping().then((pong) => (pong === 'PONG' ? 'ok' : 'down')), timeout]);
      return answer === 'ok' ? 'ok' : 'down';
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }
}
