import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxRow } from '../modules/notifications/notifications.repository';
import { createTestApp, databaseTargets, describeEachDatabase, type TestApp } from '../testing/test-app';
import { notificationOutbox } from './schema/accounts';
import { products } from './schema/products';
import { type Executor, transaction } from './transaction';

const outboxRow = (to: string) => ({
  channel: 'email' as const,
  to,
  subject: null,
  text: 'transaction test',
  status: 'stored' as const,
  error: null,
  now: new Date(),
});

async function outboxCount(db: Executor, to: string): Promise<number> {
  const rows = await db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.to, to));
  return rows.length;
}

async function anyProduct(db: Executor): Promise<{ id: number; stock: number }> {
  const [row] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error('the seeded database has no product');
  return row;
}

describeEachDatabase('transaction', (ctx) => {
  it('commits every write of the unit together', async () => {
    const to = `commit-${ctx.kind}@test.example`;
    const result = await transaction(ctx.db, async (tx) => {
      await insertOutboxRow(tx, outboxRow(to));
      await insertOutboxRow(tx, outboxRow(to));
      return 'done';
    });
    expect(result).toBe('done');
    expect(await outboxCount(ctx.db, to)).toBe(2);
  });

  it('rolls back the first write when the second fails, and passes the error on', async () => {
    const to = `rollback-${ctx.kind}@test.example`;
    const product = await anyProduct(ctx.db);
    const failing = transaction(ctx.db, async (tx) => {
      await insertOutboxRow(tx, outboxRow(to));
      // Seen inside the transaction before it fails...
      expect(await outboxCount(tx, to)).toBe(1);
      // ...then the second write breaks CHECK (stock >= 0).
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${product.stock + 1}` })
        .where(eq(products.id, product.id));
    });
    await expect(failing).rejects.toThrow();
    expect(await outboxCount(ctx.db, to)).toBe(0);
    expect((await anyProduct(ctx.db)).stock).toBe(product.stock);
  });

  it('rolls back when the work throws after its writes', async () => {
    const to = `throw-${ctx.kind}@test.example`;
    await expect(
      transaction(ctx.db, async (tx) => {
        await insertOutboxRow(tx, outboxRow(to));
        throw new Error('voucher stopped applying');
      }),
    ).rejects.toThrow('voucher stopped applying');
    expect(await outboxCount(ctx.db, to)).toBe(0);
  });

  it('a nested transaction is a savepoint: its failure undoes only its own writes', async () => {
    const outer = `outer-${ctx.kind}@test.example`;
    const inner = `inner-${ctx.kind}@test.example`;
    await transaction(ctx.db, async (tx) => {
      await insertOutboxRow(tx, outboxRow(outer));
      await expect(
        transaction(tx, async (savepoint) => {
          await insertOutboxRow(savepoint, outboxRow(inner));
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
    });
    expect(await outboxCount(ctx.db, outer)).toBe(1);
    expect(await outboxCount(ctx.db, inner)).toBe(0);
  });
});

// PGlite runs one transaction at a time, so two can never meet there (the barriers would wait forever).
describe.runIf(databaseTargets().includes('postgres'))('transaction conflicts (postgres)', () => {
  let pg: TestApp;
  beforeAll(async () => {
    pg = await createTestApp({ kind: 'postgres' });
  });
  afterAll(async () => {
    await pg?.close();
  });

  /**
   * Two serializable transactions that both read the product's stock before either writes it back
   * plus one: PostgreSQL lets one commit and fails the other (40001).
   */
  async function twoConflictingIncrements(productId: number, retries?: number) {
    let reads = 0;
    let attempts = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => {
      bothRead = resolve;
    });
    const increment = () =>
      transaction(
        pg.db,
        async (tx) => {
          attempts++;
          const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
          if (++reads === 2) bothRead();
          await barrier;
          await tx
            .update(products)
            .set({ stock: (row?.stock ?? 0) + 1 })
            .where(eq(products.id, productId));
        },
        { isolation: 'serializable', ...(retries === undefined ? {} : { retries }) },
      );
    const results = await Promise.allSettled([increment(), increment()]);
    return { results, attempts };
  }

  it('runs a transaction again after a serialization failure (PostgreSQL), so no update is lost', async () => {
    const product = await anyProduct(pg.db);
    const { results, attempts } = await twoConflictingIncrements(product.id);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(attempts).toBe(3);
    expect((await anyProduct(pg.db)).stock).toBe(product.stock + 2);
  });

  it('gives up with the database error when retries are spent (PostgreSQL)', async () => {
    const product = await anyProduct(pg.db);
    const { results } = await twoConflictingIncrements(product.id, 0);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(JSON.stringify(rejected?.reason?.cause?.code ?? rejected?.reason?.code)).toContain('40001');
  });
});
