import type { AddressInfo } from 'node:net';
import net from 'node:net';
import pg from 'pg';
import { walPosition } from '../db/replica';

/**
 * The read replica's side of the tests: TEST_REPLICA_URL is a streaming replica of the server of
 * TEST_DATABASE_URL (.ci/run makes it on 127.0.0.1:5433), so every test database created on the
 * primary appears there under the same name.
 */

/** The replica's address (database `test`), or undefined when the replica tests cannot run. */
export function replicaTestUrl(): string | undefined {
  return process.env.TEST_REPLICA_URL || undefined;
}

/**
 * Whether the replica tests run: with TEST_REPLICA_URL, and always under CI (CI=1), where a
 * missing replica fails them instead of skipping them.
 */
export const replicaTestsRun = () => Boolean(replicaTestUrl() || process.env.CI);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Where the primary's WAL stands now. */
export function primaryPosition(primaryUrl: string): Promise<string> {
  return withClient(primaryUrl, async (client) => {
    const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return rows[0]?.lsn ?? '0/0';
  });
}

/**
 * Waits until the replica has replayed everything the primary had written when it was called (a
 * database created, a product written). Its database may not exist yet there: the replica's
 * `postgres` database answers.
 */
export async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs = 20_000): Promise<void> {
  const target = walPosition(await primaryPosition(primaryUrl));
  const admin = new URL(replicaUrl);
  admin.pathname = '/postgres';
  const deadline = Date.now() + timeoutMs;
  await withClient(admin.toString(), async (client) => {
    for (;;) {
      const { rows } = await client.query<{ lsn: string | null; paused: boolean }>(
        'select pg_last_wal_replay_lsn()::text as lsn, pg_is_wal_replay_paused() as paused',
      );
      const row = rows[0];
      if (row?.lsn && walPosition(row.lsn) >= target) return;
      if (Date.now() > deadline) {
        throw new Error(
          `the replica did not replay ${target.toString(16)} in ${timeoutMs} ms (paused: ${row?.paused})`,
        );
      }
      await sleep(20);
    }
  });
}

/** An advisory lock key on the primary held while a test pauses the replica's replay. */
const REPLAY_PAUSE_LOCK = 727_031;

/**
 * Runs `work` with the replica's replay paused (for the whole replica: every database on it), and
 * resumes it whatever happens. Pauses of several test files take turns (an advisory lock on the
 * primary), and `withReplayRunning` waits for them: a test measuring how soon a change is seen
 * must not meet one.
 */
export async function withReplayPaused<T>(primaryUrl: string, replicaUrl: string, work: () => Promise<T>): Promise<T> {
  return withClient(primaryUrl, async (lock) => {
    await lock.query('select pg_advisory_lock($1)', [REPLAY_PAUSE_LOCK]);
    try {
      return await withClient(replicaUrl, async (replica) => {
        await replica.query('select pg_wal_replay_pause()');
        try {
          return await work();
        } finally {
          await replica.query('select pg_wal_replay_resume()');
        }
      });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [REPLAY_PAUSE_LOCK]);
    }
  });
}

/** Runs `work` while no test file pauses the replica's replay (see withReplayPaused). */
export async function withReplayRunning<T>(primaryUrl: string, work: () => Promise<T>): Promise<T> {
  return withClient(primaryUrl, async (lock) => {
    await lock.query('select pg_advisory_lock_shared($1)', [REPLAY_PAUSE_LOCK]);
    try {
      return await work();
    } finally {
      await lock.query('select pg_advisory_unlock_shared($1)', [REPLAY_PAUSE_LOCK]);
    }
  });
}

/** A TCP relay to a server, whose connections a test cuts (every one closed, new ones too) and restores. */
export interface TcpRelay {
  port: number;
  /** Closes every connection through it, and each new one at once, until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  let cut = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
