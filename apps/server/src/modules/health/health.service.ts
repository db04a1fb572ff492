import type { HealthReply } from '@shop/contracts/settings';
import type { AppDeps } from '../../deps';

/** Whether this process can serve: the database answers (for load balancers). */
export class HealthService {
  private readonly startedAt: number;

  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock'>) {
    this.startedAt = deps.clock.now().getTime();
  }

  async check(): Promise<HealthReply['data']> {
    const databaseOk = await this.deps.database.ping();
    return {
      status: databaseOk ? 'ok' : 'degraded',
      database: this.deps.database.kind,
      database_ok: databaseOk,
      uptime_seconds: Math.round((this.deps.clock.now().getTime() - this.startedAt) / 1000),
    };
  }
}
