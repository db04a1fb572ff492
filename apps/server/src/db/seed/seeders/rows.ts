import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../client';

/** Inserts rows in chunks of 1,000 and returns them as stored. */
export async function insertReturning<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): Promise<Array<TTable['$inferSelect']>> {
  const out: Array<TTable['$inferSelect']> = [];
  for (let i = 0; i < rows.length; i += 1000) {
    // The generic table hides the row type from drizzle's overloads; callers pass matching rows.
    const chunk = await db
      .insert(table)
      .values(rows.slice(i, i + 1000) as never)
      .returning();
    out.push(...(chunk as Array<TTable['$inferSelect']>));
  }
  return out;
}
