import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool', () => {
  it('prepares each statement text once per connection and reuses it', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: url as string, poolSize: 1 });
    try {
      const probe = sql`select ${1}::int as named_statement_probe`;
      for (let i = 0; i < 3; i++) await handle.db.execute(probe);
      const result = await handle.db.execute(
        sql`select name from pg_prepared_statements where statement = ${'select $1::int as named_statement_probe'}`,
      );
      const rows = (result as unknown as { rows: { name: string }[] }).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]?.name).toMatch(/^s_/);
    } finally {
      await handle.close();
    }
  });
});
