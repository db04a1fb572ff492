import type { PageKind } from '@shop/contracts/operator-content';
import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { RichTextTranslations } from '../../db/schema/common';
import { pages } from '../../db/schema/settings';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export type PageRow = typeof pages.$inferSelect;

export interface PageValues {
  title: string;
  slug: string;
  description: string;
  isActive: boolean;
  translations: RichTextTranslations;
}

/** A page of the policy and CMS pages, searched by title (in any language) or slug, sorted. */
export async function findAdminPages(
  db: Executor,
  query: {
    q?: string | undefined;
    kind?: PageKind | undefined;
    sort: 'title' | 'slug' | 'updated_at';
    direction: 'asc' | 'desc';
  },
  limit: number,
  offset: number,
) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern
      ? or(ilike(pages.title, pattern), ilike(pages.slug, pattern), sql`${pages.translations}::text ilike ${pattern}`)
      : undefined,
    query.kind ? eq(pages.kind, query.kind) : undefined,
  );
  const dir = query.direction === 'desc' ? desc : asc;
  const order =
    query.sort === 'slug'
      ? dir(pages.slug)
      : query.sort === 'updated_at'
        ? dir(pages.updatedAt)
        : dir(sql`lower(${pages.title})`);
  const [rows, [total]] = await Promise.all([
    db.select().from(pages).where(where).orderBy(order, asc(pages.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(pages).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findAdminPage(db: Executor, id: number, lock = false): Promise<PageRow | undefined> {
  const query = db.select().from(pages).where(eq(pages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function isPageSlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(exceptId ? and(eq(pages.slug, slug), ne(pages.id, exceptId)) : eq(pages.slug, slug));
  return taken !== undefined;
}

export async function insertPage(db: Executor, values: PageValues & { kind: PageKind }): Promise<PageRow> {
  const [row] = await db.insert(pages).values(values).returning();
  if (!row) throw new Error('page insert returned no row');
  return row;
}

export async function updatePage(db: Executor, id: number, values: PageValues, now: Date): Promise<PageRow> {
  const [row] = await db
    .update(pages)
    .set({ ...values, updatedAt: now })
    .where(eq(pages.id, id))
    .returning();
  if (!row) throw new Error('page update returned no row');
  return row;
}

export async function deletePage(db: Executor, id: number) {
  await db.delete(pages).where(eq(pages.id, id));
}
