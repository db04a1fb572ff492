import { randomUUID } from 'node:crypto';
import type { AdminCategory, AdminSubCategory } from '@shop/contracts/catalog-admin';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { FieldErrors, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { offsetOf } from '../../lib/paging';
import { slugOf } from '../../lib/slug';
import {
  type AdminCategoryRow,
  type AdminSubCategoryRow,
  deleteCategory,
  deleteSubCategory,
  existingCategoryIds,
  findAdminCategories,
  findAdminCategory,
  findAdminSubCategories,
  findAdminSubCategory,
  insertCategory,
  insertSubCategory,
  isCategorySlugTaken,
  isSubCategorySlugTaken,
  moveCategoryProducts,
  moveSubCategoryProducts,
  setCategoryImage,
  setSubCategoryImage,
  setSubCategoryLinks,
  updateCategory,
  updateSubCategory,
} from './catalog-admin.repository';
import {
  type MovableRows,
  type PicturedRows,
  removeMovingProducts,
  removeRowImage,
  setRowImage,
} from './catalogue-rows';

export const CATEGORY_NOT_FOUND = msg('Category not found.');
export const SUB_CATEGORY_NOT_FOUND = msg('Subcategory not found.');
const PAGE_SIZE = 20;

const toCategory = ({ image_path, ...row }: AdminCategoryRow): AdminCategory => ({
  ...row,
  image: mediaUrl(image_path),
});
const toSubCategory = ({ image_path, ...row }: AdminSubCategoryRow): AdminSubCategory => ({
  ...row,
  image: mediaUrl(image_path),
});

export interface SubCategoryInput extends CategoryInput {
  category_ids: number[];
}

/** The list query every list of the catalogue structure takes. */
export interface ListQuery {
  page: number;
  per_page?: number | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  direction?: string | undefined;
}

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
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'config' | 'media'>) {}

  private get db() {
    return this.deps.database.db;
  }

  /** How the shared deletes and pictures read and write categories (catalogue-rows.ts). */
  private readonly categoryRows: MovableRows<AdminCategory> & PicturedRows<AdminCategory> = {
    kind: 'category',
    get: (id, db) => this.get(id, db),
    exists: findAdminCategory,
    moveProducts: moveCategoryProducts,
    delete: deleteCategory,
    setImage: setCategoryImage,
    messages: {
      inUse: (count) =>
        msg('{{count}} products use this category: choose another category to move them to.', { count }),
      self: msg('Choose another category to move the products to.'),
      missingTarget: msg('The category to move the products to does not exist.'),
    },
  };

  private readonly subCategoryRows: MovableRows<AdminSubCategory> & PicturedRows<AdminSubCategory> = {
    kind: 'sub_category',
    get: (id, db) => this.getSubCategory(id, db),
    exists: findAdminSubCategory,
    moveProducts: moveSubCategoryProducts,
    delete: deleteSubCategory,
    setImage: setSubCategoryImage,
    messages: {
      inUse: (count) =>
        msg('{{count}} products use this subcategory: choose another subcategory to move them to.', { count }),
      self: msg('Choose another subcategory to move the products to.'),
      missingTarget: msg('The subcategory to move the products to does not exist.'),
    },
  };

  async list(query: ListQuery) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort = query.sort === 'name' || query.sort === 'products' ? query.sort : 'position';
    const { total, rows } = await findAdminCategories(
      this.db,
      { q: query.q, sort, direction: query.direction === 'desc' ? 'desc' : 'asc' },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, categories: rows.map(toCategory) };
  }

  async get(id: number, db: Executor = this.db): Promise<AdminCategory> {
    const row = await findAdminCategory(db, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return toCategory(row);
  }

  private async freeSlug(
    db: Executor,
    name: string,
    exceptId?: number,
    taken: typeof isCategorySlugTaken = isCategorySlugTaken,
    fallback = 'category',
  ): Promise<string> {
    const base = slugOf(name, fallback);
    for (let i = 0; i < 5; i++) {
      const slug = i === 0 ? base : `${base}-${randomUUID().slice(0, 6)}`;
      if (!(await taken(db, slug, exceptId))) return slug;
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
    return removeMovingProducts(this.db, this.categoryRows, id, moveTo, audit);
  }

  /** The category's thumbnail: a new picture, or none. */
  setImage(id: number, upload: UploadedFile | null, audit: AuditSink): Promise<AdminCategory> {
    return setRowImage(this.deps, this.categoryRows, id, upload, audit);
  }

  removeImage(id: number, audit: AuditSink): Promise<AdminCategory> {
    return removeRowImage(this.db, this.categoryRows, id, audit);
  }

  // Subcategories

  async listSubCategories(query: ListQuery & { category_id?: number | undefined }) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort = query.sort === 'position' || query.sort === 'products' ? query.sort : 'name';
    const { total, rows } = await findAdminSubCategories(
      this.db,
      { q: query.q, categoryId: query.category_id, sort, direction: query.direction === 'desc' ? 'desc' : 'asc' },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, sub_categories: rows.map(toSubCategory) };
  }

  async getSubCategory(id: number, db: Executor = this.db): Promise<AdminSubCategory> {
    const row = await findAdminSubCategory(db, id);
    if (!row) throw notFound(SUB_CATEGORY_NOT_FOUND);
    return toSubCategory(row);
  }

  /** Every category named must exist: one that does not is a field error, not a broken link. */
  private async checkCategories(db: Executor, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await existingCategoryIds(db, unique);
    if (unique.some((id) => !found.has(id)))
      throw new FieldErrors({ category_ids: [msg('The selected category is invalid.')] });
    return unique;
  }

  createSubCategory(input: SubCategoryInput, audit: AuditSink): Promise<AdminSubCategory> {
    return transaction(this.db, async (tx) => {
      const categoryIds = await this.checkCategories(tx, input.category_ids);
      const id = await insertSubCategory(tx, {
        name: input.name,
        translations: CatalogAdminService.clean(input.translations),
        slug: await this.freeSlug(tx, input.name, undefined, isSubCategorySlugTaken, 'subcategory'),
        isActive: input.is_active,
      });
      await setSubCategoryLinks(tx, id, categoryIds, input.position);
      const after = await this.getSubCategory(id, tx);
      await audit(tx, { kind: 'sub_category', action: 'create', recordId: id, before: null, after });
      return after;
    });
  }

  updateSubCategory(id: number, input: SubCategoryInput, audit: AuditSink): Promise<AdminSubCategory> {
    return transaction(this.db, async (tx) => {
      const before = await this.getSubCategory(id, tx);
      const categoryIds = await this.checkCategories(tx, input.category_ids);
      await updateSubCategory(tx, id, {
        name: input.name,
        translations: CatalogAdminService.clean(input.translations),
        ...(input.name !== before.name
          ? { slug: await this.freeSlug(tx, input.name, id, isSubCategorySlugTaken, 'subcategory') }
          : {}),
        isActive: input.is_active,
      });
      await setSubCategoryLinks(tx, id, categoryIds, input.position);
      const after = await this.getSubCategory(id, tx);
      await audit(tx, { kind: 'sub_category', action: 'update', recordId: id, before, after });
      return after;
    });
  }

  /** Deletes a subcategory; one products use is refused unless its products move to `moveTo`. */
  removeSubCategory(id: number, moveTo: number | undefined, audit: AuditSink): Promise<{ moved: number }> {
    return removeMovingProducts(this.db, this.subCategoryRows, id, moveTo, audit);
  }

  setSubCategoryImage(id: number, upload: UploadedFile | null, audit: AuditSink): Promise<AdminSubCategory> {
    return setRowImage(this.deps, this.subCategoryRows, id, upload, audit);
  }

  removeSubCategoryImage(id: number, audit: AuditSink): Promise<AdminSubCategory> {
    return removeRowImage(this.db, this.subCategoryRows, id, audit);
  }
}
