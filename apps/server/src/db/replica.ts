import type pg from 'pg';

/** `off`: no replica configured (every read goes to the primary). */
export type ReplicaState = 'off' | 'ok' | 'down';

/** What the logs hear about the replica and the pools (the app's logger once composed). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Until the app hands its logger over (migrations and seeding run before it exists). */
export const consoleLog: DatabaseLog = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.log(message, details),
};

/**
 * How long a replica that failed is left alone before it is asked again; reads go to the primary
 * meanwhile. Long enough that a replica restarting or refusing is not hammered on every read,
 * short enough that the primary does not carry the catalogue for long.
 */
export const REPLICA_HOLD_MS = 5_000;

/** How many times, CATCH_UP_PAUSE_MS apart, a replica back from an outage is asked whether it caught up. */
const CATCH_UP_TRIES = 10;
const CATCH_UP_PAUSE_MS = 50;

/** Errors of the connection itself (the replica stopped, restarted, unreachable). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs by which a standby says it cannot answer now: shutting down or starting (57P01-57P03),
 * the database gone or not yet replayed (57P04, 3D000), too many connections (53300), and a read
 * cancelled for a conflict with replay (40001, 40P01: a read-only statement meets no other kind of
 * serialization failure or deadlock on a standby). A statement's own error (bad input, a timeout
 * the primary would hit too) is not one of them and is passed on.
 */
const REPLICA_TROUBLE_STATES = new Set(['57P01', '57P02', '57P03', '57P04', '3D000', '53300', '40001', '40P01']);

/** node-postgres's own words for a connection that ended or never came (they carry no code). */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/** Whether `error` (or one in its chain) says the replica cannot answer, rather than that the statement failed. */
export function isReplicaTrouble(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || REPLICA_TROUBLE_STATES.has(code) || code.startsWith('08')) return true;
    }
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    // A refused connection to a name with several addresses (localhost: ::1 and 127.0.0.1).
    if (Array.isArray(errors) && errors.some(isReplicaTrouble)) return true;
  }
  return false;
}

/** A WAL position ('16/B374D848') as a number, to compare two. */
export function walPosition(lsn: string): bigint {
  const [high = '', low = ''] = lsn.split('/');
  if (!/^[0-9A-F]{1,8}$/i.test(high) || !/^[0-9A-F]{1,8}$/i.test(low)) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

type QueryValues = unknown[] | undefined;

/**
 * What the catalogue's reads run through when a replica is configured: each statement goes to
 * the replica's pool, and to the primary's when the replica cannot answer it (down, refusing, a
 * read cancelled for a replay conflict). The replica is then held down for REPLICA_HOLD_MS, every
 * read going to the primary, and taken back only once it has replayed the primary's WAL up to
 * where it stands at that moment: a replica back from an outage would otherwise serve the data of
 * before it. Drizzle runs it as it runs a pool (`query`); transactions never come here (the
 * replica's Drizzle handle hands them to the primary's).
 */
export class ReplicaRouter {
  private down = false;
  private downSince = 0;
  private checking: Promise<void> | null = null;
  /** Reads sent to the primary because the replica could not take them. */
  fallbacks = 0;
  log: DatabaseLog = consoleLog;

  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async query(config: pg.QueryConfig, values?: QueryValues): Promise<pg.QueryResult> {
    if (this.usable()) {
      try {
        return await this.replica.query(config, values);
      } catch (error) {
        if (!isReplicaTrouble(error)) throw error;
        this.markDown(error);
      }
    }
    this.fallbacks++;
    return this.primary.query(config, values);
  }

  /** 'ok' or 'down', once a replica held down past its time has been asked again. */
  async state(): Promise<'ok' | 'down'> {
    if (this.down) await this.recheck();
    return this.down ? 'down' : 'ok';
  }

  /** Where the primary's WAL stands now. */
  async primaryPosition(): Promise<string> {
    const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return rows[0]?.lsn ?? '0/0';
  }

  /**
   * Whether reads see everything the primary had written up to `lsn`: the replica has replayed it,
   * or it is down and reads go to the primary. A replica that cannot say is marked down.
   */
  async replayed(lsn: string): Promise<boolean> {
    if (this.down) return true;
    try {
      return walPosition(await this.replicaPosition()) >= walPosition(lsn);
    } catch (error) {
      if (!isReplicaTrouble(error)) throw error;
      this.markDown(error);
      return true;
    }
  }

  private async replicaPosition(): Promise<string> {
    // A server that is no standby (the replica's address pointing at a primary) is always current.
    const { rows } = await this.replica.query<{ lsn: string | null }>(
      'select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn',
    );
    return rows[0]?.lsn ?? '0/0';
  }

  private usable(): boolean {
    if (!this.down) return true;
    void this.recheck();
    return false;
  }

  private markDown(error: unknown): void {
    this.downSince = this.now();
    if (this.down) return;
    this.down = true;
    const { message, code } = error as { message?: unknown; code?: unknown };
    this.log.warn(
      { error: String(message ?? error), code, holdMs: REPLICA_HOLD_MS },
      'the read replica cannot answer: catalogue reads go to the primary',
    );
  }

  /** Asks a replica held down past its time whether it has caught up with the primary (one at a time). */
  private recheck(): Promise<void> {
    if (!this.down || this.now() - this.downSince < REPLICA_HOLD_MS) return Promise.resolve();
    this.checking ??= (async () => {
      try {
        const target = walPosition(await this.primaryPosition());
        // A busy primary is always a little ahead: a replica streaming it gets there within
        // milliseconds; one that does not within a moment is asked again after another hold.
        for (let attempt = 0; attempt < CATCH_UP_TRIES; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, CATCH_UP_PAUSE_MS));
          const replayed = await this.replicaPosition();
          if (walPosition(replayed) >= target) {
            this.down = false;
            this.log.info({ replayed }, 'the read replica has caught up: catalogue reads go to it again');
            return;
          }
        }
        this.downSince = this.now();
      } catch {
        this.downSince = this.now();
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }
}
