import { randomUUID } from 'node:crypto';
import type { AdminCategory } from '@shop/contracts/catalog-admin';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { slugOf } from '../../lib/slug';
import {
  deleteCategory,
  findAdminCategories,
  findAdminCategory,
  insertCategory,
  isCategorySlugTaken,
  moveCategoryProducts,
  updateCategory,
} from './catalog-admin.repository';

export const CATEGORY_NOT_FOUND = msg('Category not found.');
const PAGE_SIZE = 20;

export interface CategoryInput {
  name: string;
  translations: Record<string, string>;
  position: number;
  is_active: boolean;
}

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
    const sort = query.sort === 'name' || query.sort === 'products' ? query.sort : 'position';
    const { total, rows } = await findAdminCategories(
      this.db,
      { q: query.q, sort, direction: query.direction === 'desc' ? 'desc' : 'asc' },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, categories: rows };
  }

  async get(id: number, db: Executor = this.db): Promise<AdminCategory> {
    const row = await findAdminCategory(db, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return row;
  }

  private async freeSlug(db: Executor, name: string, exceptId?: number): Promise<string> {
    const base = slugOf(name, 'category');
    for (let i = 0; i < 5; i++) {
      const slug = i === 0 ? base : `${base}-${randomUUID().slice(0, 6)}`;
      if (!(await isCategorySlugTaken(db, slug, exceptId))) return slug;
    }
    return `${base}-${randomUUID()}`;
  }

  private static clean(translations: Record<string, string>) {
    return Object.fromEntries(Object.entries(translations).filter(([, v]) => v.trim() !== ''));
  }

  create(input: CategoryInput, audit: AuditSink): Promise<AdminCategory> {
    return transaction(this.db, async (tx) => {
      const id = await insertCategory(tx, {
        name: input.name,
        translations: CatalogAdminService.clean(input.translations),
        slug: await this.freeSlug(tx, input.name),
        position: input.position,
        isActive: input.is_active,
      });
      const after = await this.get(id, tx);
      await audit(tx, { kind: 'category', action: 'create', recordId: after.id, before: null, after });
      return after;
    });
  }

  update(id: number, input: CategoryInput, audit: AuditSink): Promise<AdminCategory> {
    return transaction(this.db, async (tx) => {
      const before = await this.get(id, tx);
      await updateCategory(tx, id, {
        name: input.name,
        translations: CatalogAdminService.clean(input.translations),
        ...(input.name !== before.name ? { slug: await this.freeSlug(tx, input.name, id) } : {}),
        position: input.position,
        isActive: input.is_active,
      });
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
        if (!(await findAdminCategory(tx, moveTo)))
          throw conflict(msg('The category to move the products to does not exist.'));
        await moveCategoryProducts(tx, id, moveTo);
        moved = before.products;
      }
      await deleteCategory(tx, id);
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
