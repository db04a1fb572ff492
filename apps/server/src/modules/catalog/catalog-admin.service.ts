import { randomUUID } from 'node:crypto';
import type { AdminCategory } from '@shop/contracts/catalog-admin';
import { and, asc, count, desc, eq, ilike, ne, notExists, sql } from 'drizzle-orm';
import { categories } from '../../db/schema/catalog';
import { productCategories } from '../../db/schema/products';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { slugOf } from '../../lib/slug';

export const CATEGORY_NOT_FOUND = msg('Category not found.');
const PAGE_SIZE = 20;

export interface CategoryInput {
  name: string;
  translations: Record<string, string>;
  position: number;
  is_active: boolean;
}

const productCount = sql<number>`(select count(*)::int from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`;

const columns = {
  id: categories.id,
  name: categories.name,
  translations: categories.translations,
  slug: categories.slug,
  position: categories.position,
  is_active: categories.isActive,
  products: productCount,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The operator's categories: list, create, change and delete. Writes go to the `categories` table,
 * which the catalogue's version follows (CatalogChanges), so storefront caches drop within a second.
 */
export class CatalogAdminService {
  constructor(private readonly deps: Pick<AppDeps, 'database'>) {}

  private get db() {
    return this.deps.database.db;
  }

  async list(query: {
    page: number;
    per_page?: number | undefined;
    q?: string | undefined;
    sort?: string | undefined;
    direction?: string | undefined;
  }) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const where = query.q ? ilike(categories.name, `%${escapeLike(query.q)}%`) : undefined;
    const dir = query.direction === 'desc' ? desc : asc;
    const order =
      query.sort === 'name'
        ? dir(categories.name)
        : query.sort === 'products'
          ? dir(productCount)
          : dir(categories.position);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(categories)
        .where(where)
        .orderBy(order, asc(categories.id))
        .limit(perPage)
        .offset(offsetOf(query.page, perPage)),
      this.db.select({ n: count() }).from(categories).where(where),
    ]);
    return { total: total?.n ?? 0, categories: rows as AdminCategory[] };
  }

  async get(id: number, db: Executor = this.db): Promise<AdminCategory> {
    const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return row as AdminCategory;
  }

  private async freeSlug(db: Executor, name: string, exceptId?: number): Promise<string> {
    const base = slugOf(name, 'category');
    for (let i = 0; i < 5; i++) {
      const slug = i === 0 ? base : `${base}-${randomUUID().slice(0, 6)}`;
      const [taken] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(exceptId ? and(eq(categories.slug, slug), ne(categories.id, exceptId)) : eq(categories.slug, slug));
      if (!taken) return slug;
    }
    return `${base}-${randomUUID()}`;
  }

  private static clean(translations: Record<string, string>) {
    return Object.fromEntries(Object.entries(translations).filter(([, v]) => v.trim() !== ''));
  }

  create(input: CategoryInput, audit: AuditSink): Promise<AdminCategory> {
    return transaction(this.db, async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({
          name: input.name,
          translations: CatalogAdminService.clean(input.translations),
          slug: await this.freeSlug(tx, input.name),
          position: input.position,
          isActive: input.is_active,
        })
        .returning({ id: categories.id });
      const after = await this.get(row!.id, tx);
      await audit(tx, { kind: 'category', action: 'create', recordId: after.id, before: null, after });
      return after;
    });
  }

  update(id: number, input: CategoryInput, audit: AuditSink): Promise<AdminCategory> {
    return transaction(this.db, async (tx) => {
      const before = await this.get(id, tx);
      await tx
        .update(categories)
        .set({
          name: input.name,
          translations: CatalogAdminService.clean(input.translations),
          ...(input.name !== before.name ? { slug: await this.freeSlug(tx, input.name, id) } : {}),
          position: input.position,
          isActive: input.is_active,
        })
        .where(eq(categories.id, id));
      const after = await this.get(id, tx);
      await audit(tx, { kind: 'category', action: 'update', recordId: id, before, after });
      return after;
    });
  }

  /**
   * Deletes a category. One products use is refused unless `moveTo` names another category: its
   * products then move there (a product already in both keeps one link) in the same transaction.
   */
  remove(id: number, moveTo: number | undefined, audit: AuditSink): Promise<{ moved: number }> {
    return transaction(this.db, async (tx) => {
      const before = await this.get(id, tx);
      let moved = 0;
      if (before.products > 0) {
        if (moveTo === undefined)
          throw conflict(
            msg('{{count}} products use this category: choose another category to move them to.', {
              count: before.products,
            }),
          );
        if (moveTo === id) throw conflict(msg('Choose another category to move the products to.'));
        const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, moveTo));
        if (!target) throw conflict(msg('The category to move the products to does not exist.'));
        await tx
          .update(productCategories)
          .set({ categoryId: moveTo })
          .where(
            and(
              eq(productCategories.categoryId, id),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(sql`product_categories pc2`)
                  .where(sql`pc2.product_id = ${productCategories.productId} and pc2.category_id = ${moveTo}`),
              ),
            ),
          );
        moved = before.products;
        await tx.delete(productCategories).where(eq(productCategories.categoryId, id));
      }
      await tx.delete(categories).where(eq(categories.id, id));
      await audit(tx, {
        kind: 'category',
        action: 'delete',
        recordId: id,
        before,
        after: moveTo !== undefined && moved > 0 ? { moved_to: moveTo, moved } : null,
      });
      return { moved };
    });
  }
}
