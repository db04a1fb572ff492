import { and, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import { type ImportReportLine, importJobs } from '../../db/schema/imports';
import type { Executor } from '../../db/transaction';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type NewImportJob = Pick<
  typeof importJobs.$inferInsert,
  'shopId' | 'userId' | 'fileName' | 'file' | 'format' | 'defaultCategoryId' | 'rows' | 'total' | 'failed' | 'report'
>;

export async function insertJob(db: Executor, job: NewImportJob): Promise<ImportJobRow> {
  const [row] = await db.insert(importJobs).values(job).returning();
  if (!row) throw new Error('import job not inserted');
  return row;
}

/** The shop's job (any other: null). */
export async function findJob(db: Executor, shopId: number, jobId: number): Promise<ImportJobRow | null> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.shopId, shopId)));
  return row ?? null;
}

/** The shop's latest jobs, without their files. */
export async function findRecentJobs(db: Executor, shopId: number, limit: number) {
  const { file: _file, ...columns } = getTableColumns(importJobs);
  return db
    .select(columns)
    .from(importJobs)
    .where(eq(importJobs.shopId, shopId))
    .orderBy(desc(importJobs.id))
    .limit(limit);
}

/**
 * Claims the oldest job that is waiting, or running under a lease that ran out (its process
 * stopped), for `leaseMs`; null when there is none. One process gets each job.
 */
export async function claimJob(db: Executor, now: Date, leaseMs: number): Promise<ImportJobRow | null> {
  const open = or(
    eq(importJobs.status, 'queued'),
    and(eq(importJobs.status, 'running'), lt(importJobs.leaseUntil, now)),
  );
  const [row] = await db
    .update(importJobs)
    .set({ status: 'running', leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      eq(
        importJobs.id,
        sql`(select ${importJobs.id} from ${importJobs} where ${open} order by ${importJobs.id} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

export interface ProgressStep {
  done: number;
  created: number;
  updated: number;
  failed: number;
  report: ImportReportLine[];
  leaseUntil: Date;
}

/** Records the products done since the last step and extends the lease. */
export async function recordProgress(db: Executor, jobId: number, step: ProgressStep): Promise<void> {
  await db
    .update(importJobs)
    .set({
      done: step.done,
      created: sql`${importJobs.created} + ${step.created}`,
      updated: sql`${importJobs.updated} + ${step.updated}`,
      failed: sql`${importJobs.failed} + ${step.failed}`,
      report: step.report.length
        ? sql`${importJobs.report} || ${JSON.stringify(step.report)}::jsonb`
        : importJobs.report,
      leaseUntil: step.leaseUntil,
    })
    .where(eq(importJobs.id, jobId));
}

export async function finishJob(db: Executor, jobId: number, status: 'done' | 'failed', now: Date): Promise<void> {
  await db
    .update(importJobs)
    .set({ status, leaseUntil: null, finishedAt: now })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.status, ['running'])));
}
