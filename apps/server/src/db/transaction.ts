import type { SQL } from 'drizzle-orm';
import { type PgQueryResultHKT, PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * One open transaction. It is a Database too, so every repository function (which takes a
 * `Database`) runs inside it when handed the Tx instead of the database.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>>;

/** What a repository function runs on: the database, or the transaction it is part of. */
export type Executor = Database | Tx;

/**
 * Whether `db` is an open transaction (or a savepoint in one) rather than the database itself:
 * every driver's transaction is a PgTransaction, the database never is.
 */
export function isTransaction(db: Executor): db is Tx {
  return db instanceof PgTransaction;
}

/**
 * The rows of a raw statement (`sql` run with `execute`), typed as the statement selects them:
 * node-postgres and PGlite both answer with `{ rows }`.
 */
export async function executeRows<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

export interface TransactionOptions {
  isolation?: NonNullable<PgTransactionConfig['isolationLevel']>;
  /**
   * How many times the whole `work` runs again after PostgreSQL gave up on it for a conflict
   * with a concurrent transaction (serialization failure, deadlock). Default 3. `work` must then
   * be safe to run again: it only touches the database through `tx`.
   */
  retries?: number;
}

/** SQLSTATEs for which running the same transaction again is the documented remedy. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Whether PostgreSQL gave up on a statement or transaction for a conflict with a concurrent one
 * (serialization failure, deadlock), for which running it again is the documented remedy.
 */
export function isConflictToRetry(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * A short pause before try `attempt` (1 for the first retry) of work that met a conflict: growing
 * and jittered, so the two that met do not meet again.
 */
export function conflictPause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, attempt * 10 + Math.random() * 20));
}

/** The database's own error (SQLSTATE, message, DETAIL) in an error's chain of causes, on pg and PGlite alike. */
export function databaseError(
  error: unknown,
): { code: string; message: string; detail: string | undefined; constraint: string | undefined } | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message, detail, constraint } = e as {
      code?: unknown;
      message?: unknown;
      detail?: unknown;
      constraint?: unknown;
    };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        code,
        message: typeof message === 'string' ? message : '',
        detail: typeof detail === 'string' ? detail : undefined,
        constraint: typeof constraint === 'string' ? constraint : undefined,
      };
    }
  }
  return undefined;
}

/** The constraint a unique violation (SQLSTATE 23505) names ('' when none), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const raised = databaseError(error);
  return raised?.code === '23505' ? (raised.constraint ?? '') : null;
}

function sqlState(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/**
 * The one way to run several repository calls as one unit, on PGlite and
 * PostgreSQL alike: everything `work` does through `tx` commits together, or nothing does when it
 * throws (the error is passed on). Inside a transaction, `transaction(tx, ...)` opens a savepoint.
 */
export async function transaction<T>(
  db: Executor,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  // PGlite's driver turns an empty config into a bare SET TRANSACTION, a syntax error.
  const config: PgTransactionConfig | undefined = options.isolation ? { isolationLevel: options.isolation } : undefined;
  // A conflict aborts the outer transaction, so only the outermost one can run again.
  const retries = isTransaction(db) ? 0 : (options.retries ?? 3);
  for (let attempt = 0; ; attempt++) {
    try {
      return await (db as Database).transaction((tx) => work(tx as Tx), ...(config ? [config] : []));
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= retries || !state || !RETRYABLE.has(state)) throw error;
      await conflictPause(attempt + 1);
    }
  }
}
