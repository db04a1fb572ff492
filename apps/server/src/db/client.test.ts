import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_DB_BUFFERS_MB } from '../config';
import { type DatabaseHandle, openDatabase, preparedPerDatabase } from './client';
import { executeRows, transaction } from './transaction';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool', () => {
  it('prepares each statement text once per connection and reuses it', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: url as string, poolSize: 1 });
    try {
      const probe = sql`select ${1}::int as named_statement_probe`;
      for (let i = 0; i < 3; i++) await handle.db.execute(probe);
      const rows = await executeRows<{ name: string }>(
        handle.db,
        sql`select name from pg_prepared_statements where statement = ${'select $1::int as named_statement_probe'}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.name).toMatch(/^s_/);
    } finally {
      await handle.close();
    }
  });

  it('names the statements of a transaction too (run on the connection it holds)', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: url as string, poolSize: 1 });
    try {
      for (let i = 0; i < 2; i++) {
        await transaction(handle.db, (tx) => tx.execute(sql`select ${i}::int as named_in_transaction_probe`));
      }
      const rows = await executeRows<{ name: string }>(
        handle.db,
        sql`select name from pg_prepared_statements where statement = ${'select $1::int as named_in_transaction_probe'}`,
      );
      expect(rows.map((r) => r.name)).toEqual([expect.stringMatching(/^s_/)]);
    } finally {
      await handle.close();
    }
  });
});

describe('preparedPerDatabase', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  const targets = [
    ['PGlite', () => openDatabase({ kind: 'pglite' })],
    ...(url ? [['PostgreSQL', () => openDatabase({ kind: 'postgres', url, poolSize: 2 })] as const] : []),
  ] as const;

  for (const [name, open] of targets) {
    it(`builds a statement once and runs it on the database and inside transactions (${name})`, async () => {
      handle = await open();
      const db = handle.db;
      let builds = 0;
      const probe = preparedPerDatabase((d) => {
        builds++;
        return d
          .select({
            n: sql<number>`${sql.placeholder('n')}::int`,
            // The transaction the statement ran in, when it has written anything (else null).
            txid: sql<string | null>`txid_current_if_assigned()::text`,
          })
          .from(sql`(select 1) as one`)
          .prepare('prepared_per_database_probe');
      });
      expect(await probe(db).execute({ n: 1 })).toEqual([{ n: 1, txid: null }]);
      for (let i = 2; i <= 4; i++) {
        const [txid, seen] = await transaction(db, async (tx) => {
          const [row] = await executeRows<{ id: string }>(tx, sql`select txid_current()::text as id`);
          const id = row?.id;
          return [id, await probe(tx).execute({ n: i })] as const;
        });
        // Run on the transaction's own connection, not on another one of the pool.
        expect(seen).toEqual([{ n: i, txid }]);
      }
      expect(builds).toBe(1);
    });

    it(`runs a family of statements built by key on the database and inside transactions (${name})`, async () => {
      handle = await open();
      const db = handle.db;
      let builds = 0;
      const family = preparedPerDatabase((d) => {
        const built = new Map<number, ReturnType<typeof build>>();
        const build = (plus: number) => {
          builds++;
          return d
            .select({ n: sql<number>`${sql.placeholder('n')}::int + ${sql.raw(String(plus))}` })
            .from(sql`(select 1) as one`)
            .prepare(`prepared_family_probe_${plus}`);
        };
        return (plus: number) => {
          let query = built.get(plus);
          if (!query) {
            query = build(plus);
            built.set(plus, query);
          }
          return query;
        };
      });
      expect(await family(db)(10).execute({ n: 1 })).toEqual([{ n: 11 }]);
      const inside = await transaction(db, async (tx) => [
        await family(tx)(10).execute({ n: 2 }),
        await family(tx)(20).execute({ n: 2 }),
      ]);
      expect(inside).toEqual([[{ n: 12 }], [{ n: 22 }]]);
      expect(builds).toBe(2);
    });
  }
});

describe('the embedded database', () => {
  it("keeps a small buffer pool (EMBEDDED_DB_BUFFERS_MB), not PGlite's 128 MB", async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      const [row] = (await handle.pglite?.query<{ shared_buffers: string }>('show shared_buffers'))?.rows ?? [];
      expect(row?.shared_buffers).toBe(`${EMBEDDED_DB_BUFFERS_MB}MB`);
    } finally {
      await handle.close();
    }
  });
});
