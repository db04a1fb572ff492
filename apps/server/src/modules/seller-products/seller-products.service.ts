import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import {
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_MAX_PX,
  PRODUCT_PHOTOS_MAX,
  SELLER_PRODUCT_STATUSES,
  SELLER_PRODUCTS_PAGE_SIZE,
  type SellerProduct,
  type SellerProductBulk,
  type SellerProductBulkReply,
  type SellerProductFigures,
  type SellerProductOptionsReply,
  type SellerProductSave,
  type SellerProductStatus,
  type SellerProductStock,
  type SellerProductStockReply,
  type SellerProductsFilter,
  type SellerProductsReply,
} from '@shop/contracts/seller-products';
import { type Tx, transaction, uniqueViolation } from '../../db/transaction';
import type { AppDeps, CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { conflict, FieldErrors, type FieldMessages, notFound, requiredMessage } from '../../lib/errors';
import { deleteReplaced, uploadsKey } from '../../lib/media-store';
import { mediaUrl } from '../../lib/media-url';
import { type Message, msg, type Translator } from '../../lib/messages';
import { toMinor, toMoney } from '../../lib/money';
import type { UploadedFile } from '../../lib/multipart-form';
import { offsetOf } from '../../lib/paging';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text';
import { slugOf } from '../../lib/slug';
import { translate } from '../../lib/translation';
import { fittedWebp } from '../../lib/uploaded-image';
import type { LanguagesService } from '../languages/languages.service';
import type { SettingsService } from '../settings/settings.service';
import {
  countProductsByStatus,
  deletePhoto,
  deleteProducts,
  type FiguresChange,
  findAllIds,
  findCategoryOptions,
  findFigures,
  findIdsBySku,
  findLockedProductState,
  findProductRows,
  findProductStates,
  findUsableReferences,
  findVariantOptions,
  insertPhoto,
  insertProduct,
  isSkuTaken,
  isSlugTaken,
  lockProducts,
  type PhotoRow,
  PRODUCT_PHOTO_FOLDER,
  type ProductRow,
  type ProductState,
  type ProductTextRow,
  type ProductValues,
  publishProducts,
  replaceCategoryLinks,
  replaceColors,
  replaceSizes,
  saveTexts,
  setCover,
  setPhotoPositions,
  type TextsChange,
  unpublishProducts,
  updateFigures,
  updateProduct,
  type VariantRow,
} from './seller-products.repository';

export const PRODUCT_NOT_FOUND = msg('Product not found.');
export const PHOTO_NOT_FOUND = msg('Photo not found.');

/** One language's texts as stored (the name may be '' while a draft has none in that language). */
interface Texts {
  name: string;
  shortDescription: string | null;
  description: string | null;
}

/** A product as a save would leave it: money in minor units. */
interface Draft {
  texts: Map<string, Texts>;
  sku: string;
  categoryId: number | null;
  subCategoryId: number | null;
  brandId: number | null;
  unitId: number | null;
  price: number;
  discountPrice: number;
  stock: number;
  colors: { id: number; extraPrice: number }[];
  sizes: { id: number; extraPrice: number }[];
}

/** The stored text of a description typed in the editor: sanitised, and null when nothing is left of it. */
function storedDescription(html: string | null): string | null {
  if (!html) return null;
  const clean = sanitizeRichText(html);
  return richTextToPlain(clean) || /<img\b/i.test(clean) ? clean : null;
}

/** The texts of each language of a product; one with no rows at all (made by hand, not here) reads its columns as English. */
function textsOf(row: Pick<ProductRow, 'name' | 'shortDescription' | 'description'>, rows: readonly ProductTextRow[]) {
  const texts = new Map<string, Texts>(
    rows.map((t) => [t.locale, { name: t.name, shortDescription: t.shortDescription, description: t.description }]),
  );
  if (rows.length === 0 && row.name) {
    texts.set(DEFAULT_LOCALE, { name: row.name, shortDescription: row.shortDescription, description: row.description });
  }
  return texts;
}

const sameTexts = (a: Texts | undefined, b: Texts | undefined) =>
  a?.name === b?.name && a?.shortDescription === b?.shortDescription && a?.description === b?.description;

/** Colours or sizes in id order, as the product's are read (the order a seller sent them in is no order). */
const byId = (list: readonly VariantRow[]) => [...list].sort((a, b) => a.id - b.id);

const sameVariants = (a: readonly VariantRow[], b: readonly VariantRow[]) => {
  const [x, y] = [byId(a), byId(b)];
  return x.length === y.length && x.every((v, i) => v.id === y[i]?.id && v.extraPrice === y[i]?.extraPrice);
};

/** The name shown for a product: its English one, else the first it has. */
function mainName(texts: ReadonlyMap<string, Texts>): string {
  const english = texts.get(DEFAULT_LOCALE)?.name;
  if (english) return english;
  for (const t of texts.values()) if (t.name) return t.name;
  return '';
}

/**
 * What is missing or wrong for a product to be on sale: an English name, short description and
 * description, a name in each other language it has texts in, a category, a price, and a photo.
 */
function publishErrors(draft: Pick<Draft, 'texts' | 'categoryId' | 'price'>, hasCover: boolean): FieldMessages {
  const errors: FieldMessages = {};
  const english = draft.texts.get(DEFAULT_LOCALE);
  if (!english?.name) errors[`texts.${DEFAULT_LOCALE}.name`] = [msg('The English name is required to publish.')];
  if (!english?.shortDescription)
    errors[`texts.${DEFAULT_LOCALE}.short_description`] = [
      msg('The English short description is required to publish.'),
    ];
  if (!english?.description)
    errors[`texts.${DEFAULT_LOCALE}.description`] = [msg('The English description is required to publish.')];
  for (const [locale, texts] of draft.texts) {
    if (locale !== DEFAULT_LOCALE && !texts.name) errors[`texts.${locale}.name`] = [requiredMessage('name')];
  }
  if (!draft.categoryId) errors.category_id = [requiredMessage('category')];
  if (draft.price <= 0) errors.price = [msg('The price must be greater than 0 to publish.')];
  if (!hasCover) errors.photos = [msg('Add at least one photo before publishing.')];
  return errors;
}

/** The seller's status of a product's columns (the repository's statusOf, for a product just written). */
function statusOf(p: { isActive: boolean; isApproved: boolean; stock: number }): SellerProductStatus {
  if (!p.isActive) return 'draft';
  if (!p.isApproved) return 'pending_approval';
  return p.stock === 0 ? 'sold_out' : 'published';
}

const discountError = (price: number, discountPrice: number) =>
  discountPrice > 0 && discountPrice >= price ? msg('The discount price must be less than the price.') : null;

function addError(errors: FieldMessages, field: string, message: Message) {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}

/**
 * The texts as the save leaves them: each language given replaces the fields it names. `stored`:
 * the languages that have a row (a product made by hand may have none, its columns read as English).
 */
function mergeTexts(
  current: ReadonlyMap<string, Texts>,
  stored: ReadonlySet<string>,
  offered: ReadonlySet<string>,
  input: SellerProductSave['texts'],
  errors: FieldMessages,
): { texts: Map<string, Texts>; changed: Map<string, TextsChange> } {
  const texts = new Map(current);
  const changed = new Map<string, TextsChange>();
  if (!input) return { texts, changed };
  for (const [locale, given] of Object.entries(input)) {
    if (!offered.has(locale)) {
      addError(errors, `texts.${locale}`, msg('This language is not offered.'));
      continue;
    }
    const before = current.get(locale);
    const merged: Texts = {
      name: given.name === undefined ? (before?.name ?? '') : (given.name ?? ''),
      shortDescription:
        given.short_description === undefined ? (before?.shortDescription ?? null) : given.short_description,
      // The stored description is sanitised already: the editor sends it back unchanged on most saves.
      description:
        given.description === undefined
          ? (before?.description ?? null)
          : given.description === before?.description
            ? before.description
            : storedDescription(given.description),
    };
    const row = before && stored.has(locale) ? { locale, ...before } : undefined;
    if (!merged.name && !merged.shortDescription && !merged.description) {
      texts.delete(locale);
      if (row) changed.set(locale, { before: row, after: null });
    } else {
      texts.set(locale, merged);
      // Unchanged texts are not written again: each write re-indexes them for search.
      if (!sameTexts(before, merged)) changed.set(locale, { before: row, after: merged });
    }
  }
  return { texts, changed };
}

/** A slug no product uses: the name's, else with a random tail. */
async function freeSlug(tx: Tx, base: string, attempt: number): Promise<string> {
  if (attempt === 0 && !(await isSlugTaken(tx, base))) return base;
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * The field errors of references the shop may not use (an unknown category, another shop's
 * brand...). A save that keeps them as they were (most edits) does not check them again.
 */
async function checkReferences(
  tx: Tx,
  shopId: number,
  draft: Draft,
  current: ProductState | null,
  errors: FieldMessages,
) {
  const ids = (list: readonly VariantRow[]) =>
    byId(list)
      .map((v) => v.id)
      .join();
  if (
    current &&
    current.categoryId === draft.categoryId &&
    current.subCategoryId === draft.subCategoryId &&
    current.brandId === draft.brandId &&
    current.unitId === draft.unitId &&
    ids(current.colors) === ids(draft.colors) &&
    ids(current.sizes) === ids(draft.sizes)
  )
    return;
  const usable = await findUsableReferences(tx, shopId, {
    categoryId: draft.categoryId,
    subCategoryId: draft.subCategoryId,
    brandId: draft.brandId,
    unitId: draft.unitId,
    colorIds: draft.colors.map((c) => c.id),
    sizeIds: draft.sizes.map((s) => s.id),
  });
  const invalid = (label: string) => msg('The selected {{field}} is invalid.', { field: msg(label) });
  if (draft.categoryId && !usable.category) addError(errors, 'category_id', invalid('category id'));
  if (draft.subCategoryId && !usable.subCategory) addError(errors, 'sub_category_id', invalid('sub category id'));
  if (draft.brandId && !usable.brand) addError(errors, 'brand_id', invalid('brand id'));
  if (draft.unitId && !usable.unit) addError(errors, 'unit_id', invalid('unit id'));
  for (const [kind, list, found, label] of [
    ['colors', draft.colors, usable.colors, 'color id'],
    ['sizes', draft.sizes, usable.sizes, 'size id'],
  ] as const) {
    const seen = new Set<number>();
    list.forEach((v, i) => {
      if (!found.has(v.id)) addError(errors, `${kind}.${i}.id`, invalid(label));
      else if (seen.has(v.id)) addError(errors, `${kind}.${i}.id`, msg('This option is listed twice.'));
      seen.add(v.id);
    });
  }
}

/**
 * The seller's catalogue: the shop's products with their status, saving one (a draft with only a
 * name, or published with everything checked), photos, bulk publish / unpublish / delete, and
 * stock and prices of many products in one transaction. Every call is scoped to the seller's
 * shop: another shop's product answers 404. Whatever it writes moves the catalogue's version
 * (migration 0009), so the storefront shows it within a second.
 */
export class SellerProductsService {
  constructor(
    private readonly deps: CoreDeps & Pick<AppDeps, 'media' | 'log'>,
    private readonly translator: Translator,
    private readonly services: { settings: SettingsService; languages: LanguagesService },
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  /** GET /api/seller/products: a page of the shop's products and the count of each status. */
  async list(shopId: number, query: SellerProductsFilter, locale: string): Promise<SellerProductsReply['data']> {
    const perPage = query.per_page ?? SELLER_PRODUCTS_PAGE_SIZE;
    const filter = { shopId, search: query.search, categoryId: query.category_id };
    const [rows, counts] = await Promise.all([
      findProductRows(this.db, {
        ...filter,
        status: query.status,
        locale,
        sort: query.sort,
        order: query.order,
        limit: perPage,
        offset: offsetOf(query.page, perPage),
      }),
      countProductsByStatus(this.db, filter),
    ]);
    const count = (status: (typeof SELLER_PRODUCT_STATUSES)[number]) => counts.get(status) ?? 0;
    const all = SELLER_PRODUCT_STATUSES.reduce((sum, status) => sum + count(status), 0);
    return {
      total: query.status ? count(query.status) : all,
      status_counts: {
        all,
        published: count('published'),
        draft: count('draft'),
        pending_approval: count('pending_approval'),
        sold_out: count('sold_out'),
      },
      products: rows.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        cover: mediaUrl(r.cover),
        sku: r.sku,
        price: toMoney(r.price),
        discount_price: toMoney(r.discountPrice),
        stock: r.stock,
        sold: r.sold,
        status: r.status,
        updated_at: r.updatedAt.toISOString(),
      })),
    };
  }

  /** GET /api/seller/products/options: the categories, brands, units, colours and sizes the shop may use. */
  async options(shopId: number, locale: string): Promise<SellerProductOptionsReply['data']> {
    const { categories, subCategories } = await findCategoryOptions(this.db);
    const variants = await findVariantOptions(this.db, shopId);
    const named = (o: { id: number; name: string; translations: Record<string, string> }) => ({
      id: o.id,
      name: translate(o.name, o.translations, locale),
    });
    return {
      categories: categories.map((c) => ({
        ...named(c),
        sub_categories: subCategories.filter((s) => s.categoryId === c.id).map(named),
      })),
      brands: variants.brands.map(named),
      units: variants.units.map(named),
      colors: variants.colors.map((c) => ({ ...named(c), color_code: c.colorCode })),
      sizes: variants.sizes.map(named),
    };
  }

  /** The shop's product (not deleted) with what it is made of; 404 for any other. */
  private async state(shopId: number, productId: number): Promise<ProductState> {
    const [state] = await findProductStates(this.db, shopId, [productId]);
    if (!state) throw notFound(PRODUCT_NOT_FOUND);
    return state;
  }

  /** GET /api/seller/products/{id}: everything the editor shows. */
  async details(shopId: number, productId: number): Promise<SellerProduct> {
    return toSellerProduct(await this.state(shopId, productId));
  }

  /** Every product of the shop as the editor reads it, oldest first (the catalogue export). */
  async allProducts(shopId: number): Promise<SellerProduct[]> {
    const ids = await findAllIds(this.db, shopId);
    const out: SellerProduct[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const states = new Map((await findProductStates(this.db, shopId, chunk)).map((s) => [s.id, s]));
      for (const id of chunk) {
        const state = states.get(id);
        if (state) out.push(toSellerProduct(state));
      }
    }
    return out;
  }

  /** The shop's products with these SKUs (what an import finds again), by SKU. */
  idsBySku(shopId: number, skus: readonly string[]): Promise<Map<string, number>> {
    return findIdsBySku(this.db, shopId, skus);
  }

  /** POST /api/seller/products: a new product, a draft unless `status: published` and complete. */
  create(shopId: number, input: SellerProductSave, audited?: AuditSink): Promise<SellerProduct> {
    return this.save(shopId, null, input, audited);
  }

  /** PUT /api/seller/products/{id}: the fields given change, the others stay. */
  update(shopId: number, productId: number, input: SellerProductSave, audited?: AuditSink): Promise<SellerProduct> {
    return this.save(shopId, productId, input, audited);
  }

  /**
   * Checks and writes a product (a new one when `productId` is null) and answers it as saved.
   * Every field error comes back at once; a product that is (or becomes) published is checked
   * completely. The product is read and locked once, in the transaction that writes it, and only
   * what changed is written: a save is a handful of statements, for many sellers at once. The
   * audit entry (`audited`) is written in the same transaction, with the locked row as its before.
   */
  private async save(
    shopId: number,
    productId: number | null,
    input: SellerProductSave,
    audited?: AuditSink,
  ): Promise<SellerProduct> {
    const offered = new Set(await this.services.languages.activeCodes());
    for (let attempt = 0; ; attempt++) {
      try {
        return await transaction(this.db, async (tx) => {
          let current: ProductState | null = null;
          if (productId !== null) {
            current = await findLockedProductState(tx, shopId, productId);
            if (!current) throw notFound(PRODUCT_NOT_FOUND);
            this.checkUnchangedSince(current, input);
          }
          const saved = await this.write(tx, shopId, current, input, { offered, attempt });
          await audited?.(tx, {
            kind: 'product',
            action: current ? 'update' : 'create',
            recordId: saved.id,
            ...(current ? { before: toSellerProduct(current) } : {}),
            after: saved,
          });
          return saved;
        });
      } catch (error) {
        const violated = uniqueViolation(error);
        if (violated === 'products_slug_key' && attempt < 3) continue;
        if (violated === 'products_shop_sku_key')
          throw new FieldErrors({ sku: [msg('Another product of your shop has this SKU.')] });
        throw error;
      }
    }
  }

  /** 409 when the product was saved, or its stock changed (a sale), since the editor read it. */
  private checkUnchangedSince(current: ProductState, input: SellerProductSave) {
    if (input.updated_at && current.updatedAt.getTime() !== Date.parse(input.updated_at)) {
      throw conflict(msg('This product was saved again since you opened it. Reload it to see the changes.'));
    }
    if (input.expected_stock !== undefined && input.expected_stock !== null && current.stock !== input.expected_stock) {
      throw conflict(
        msg('The stock changed while you edited (a sale): it is now {{stock}}. Check it and save again.', {
          stock: current.stock,
        }),
      );
    }
  }

  /** The save's checks and writes, in its transaction, with the product as it is now (locked). */
  private async write(
    tx: Tx,
    shopId: number,
    current: ProductState | null,
    input: SellerProductSave,
    context: { offered: ReadonlySet<string>; attempt: number },
  ): Promise<SellerProduct> {
    const currentTexts = current ? textsOf(current, current.texts) : new Map<string, Texts>();
    const errors: FieldMessages = {};
    const stored = new Set(current?.texts.map((t) => t.locale));
    const { texts, changed } = mergeTexts(currentTexts, stored, context.offered, input.texts, errors);
    const keep = <T>(given: T | undefined, before: T): T => (given === undefined ? before : given);
    const money = (given: number | null | undefined, before: number) =>
      given === undefined ? before : given === null ? 0 : toMinor(given);
    const variants = (given: { id: number; extra_price?: number | null }[] | undefined, before: VariantRow[]) =>
      given === undefined
        ? before
        : given.map((v) => ({ id: v.id, extraPrice: v.extra_price ? toMinor(v.extra_price) : 0 }));
    const draft: Draft = {
      texts,
      sku: keep(input.sku, current?.sku ?? null) ?? '',
      categoryId: keep(input.category_id, current?.categoryId ?? null) ?? null,
      subCategoryId: keep(input.sub_category_id, current?.subCategoryId ?? null) ?? null,
      brandId: keep(input.brand_id, current?.brandId ?? null) ?? null,
      unitId: keep(input.unit_id, current?.unitId ?? null) ?? null,
      price: money(input.price, current?.price ?? 0),
      discountPrice: money(input.discount_price, current?.discountPrice ?? 0),
      stock: keep(input.stock, current?.stock ?? 0) ?? 0,
      colors: variants(input.colors, current?.colors ?? []),
      sizes: variants(input.sizes, current?.sizes ?? []),
    };
    const publish = input.status ? input.status === 'published' : (current?.isActive ?? false);

    const name = mainName(draft.texts);
    if (!name) addError(errors, `texts.${DEFAULT_LOCALE}.name`, requiredMessage('name'));
    const discount = discountError(draft.price, draft.discountPrice);
    if (discount) addError(errors, 'discount_price', discount);
    await checkReferences(tx, shopId, draft, current, errors);
    if (draft.sku && draft.sku !== current?.sku && (await isSkuTaken(tx, shopId, draft.sku, current?.id ?? null)))
      addError(errors, 'sku', msg('Another product of your shop has this SKU.'));
    if (publish) {
      for (const [field, list] of Object.entries(publishErrors(draft, (current?.mediaId ?? null) !== null))) {
        for (const message of list) addError(errors, field, message);
      }
    }
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

    const english = draft.texts.get(DEFAULT_LOCALE);
    const base = slugOf(name, 'product');
    // A draft's slug follows its name; once it was on sale, links to it stay.
    const keepSlug = current && (current.isActive || current.slug === base || current.slug.startsWith(`${base}-`));
    const values: ProductValues & { approvalNote: string | null } = {
      name,
      slug: current && keepSlug ? current.slug : await freeSlug(tx, base, context.attempt),
      sku: draft.sku,
      brandId: draft.brandId,
      unitId: draft.unitId,
      price: draft.price,
      discountPrice: draft.discountPrice,
      stock: draft.stock,
      shortDescription: english?.shortDescription ?? null,
      description: english?.description ?? null,
      isActive: publish,
      // Publishing a draft asks the operator when the setting says so (read then only); an edit keeps the approval.
      isApproved:
        publish && !current?.isActive
          ? !(await this.services.settings.productsNeedApproval(tx))
          : (current?.isApproved ?? true),
      // A refused product the seller publishes again goes back to the operator without the old reason.
      approvalNote: publish ? null : (current?.approvalNote ?? null),
    };
    const now = this.deps.clock.now();
    const saved = current
      ? { id: current.id, createdAt: current.createdAt, ...(await updateProduct(tx, current.id, values, now)) }
      : await insertProduct(tx, shopId, values, now);
    // Only what changed is written: each write fires the search and listing triggers of its table.
    await saveTexts(
      tx,
      saved.id,
      current ? changed : new Map([...draft.texts].map(([locale, after]) => [locale, { before: undefined, after }])),
    );
    if (!current || current.categoryId !== draft.categoryId || current.subCategoryId !== draft.subCategoryId)
      await replaceCategoryLinks(tx, saved.id, draft.categoryId, draft.subCategoryId);
    if (!current || !sameVariants(current.colors, draft.colors)) await replaceColors(tx, saved.id, draft.colors);
    if (!current || !sameVariants(current.sizes, draft.sizes)) await replaceSizes(tx, saved.id, draft.sizes);

    // The product as saved, from what was written (nothing is read again).
    return toSellerProduct({
      ...values,
      approvalNote: values.approvalNote ?? null,
      id: saved.id,
      shopId,
      createdAt: saved.createdAt,
      updatedAt: saved.updatedAt,
      soldCount: current?.soldCount ?? 0,
      mediaId: current?.mediaId ?? null,
      photos: current?.photos ?? [],
      status: statusOf(values),
      texts: [...draft.texts].map(([locale, t]) => ({ locale, ...t })),
      categoryId: draft.categoryId,
      subCategoryId: draft.subCategoryId,
      colors: byId(draft.colors),
      sizes: byId(draft.sizes),
    });
  }

  /**
   * POST /api/seller/products/bulk. Publish puts each complete product on sale (or waiting for
   * approval) and reports the others with what they lack; unpublish makes them drafts; delete
   * hides them everywhere. Any id that is not one of the shop's products: 404, nothing changed.
   */
  async bulk(
    shopId: number,
    input: SellerProductBulk,
    locale: string,
    /** Records the change in the audit log inside its transaction. */
    audited?: AuditSink,
  ): Promise<SellerProductBulkReply['data']> {
    const ids = [...new Set(input.ids)];
    const approved = input.action === 'publish' ? !(await this.services.settings.productsNeedApproval()) : true;
    return transaction(this.db, async (tx) => {
      const rows = await lockProducts(tx, shopId, ids);
      if (rows.length !== ids.length) throw notFound(PRODUCT_NOT_FOUND);
      const now = this.deps.clock.now();
      const record = (done: number[], after: Record<string, unknown>) =>
        audited?.(tx, {
          kind: 'product',
          action: input.action,
          recordId: null,
          before: Object.fromEntries(
            rows.filter((r) => done.includes(r.id)).map((r) => [r.id, r.isActive ? 'published' : 'draft']),
          ),
          after: Object.fromEntries(done.map((id) => [id, after[id]])),
        });
      if (input.action === 'unpublish') {
        await unpublishProducts(tx, ids, now);
        await record(ids, Object.fromEntries(ids.map((id) => [id, 'draft'])));
        return { done: ids, failed: [] };
      }
      if (input.action === 'delete') {
        await deleteProducts(tx, ids, now);
        await record(ids, Object.fromEntries(ids.map((id) => [id, 'deleted'])));
        return { done: ids, failed: [] };
      }
      const drafts = await findProductStates(
        tx,
        shopId,
        rows.filter((r) => !r.isActive).map((r) => r.id),
      );
      const failed: SellerProductBulkReply['data']['failed'] = [];
      const ready: number[] = [];
      for (const row of drafts) {
        const texts = textsOf(row, row.texts);
        const errors = publishErrors({ texts, categoryId: row.categoryId, price: row.price }, row.mediaId !== null);
        const discount = discountError(row.price, row.discountPrice);
        if (discount) addError(errors, 'discount_price', discount);
        if (Object.keys(errors).length === 0) {
          ready.push(row.id);
          continue;
        }
        failed.push({
          id: row.id,
          name: translate(row.name, Object.fromEntries([...texts].map(([l, t]) => [l, t.name])), locale),
          errors: Object.fromEntries(
            Object.entries(errors).map(([field, list]) => [field, list.map((m) => this.translator.text(locale, m))]),
          ),
        });
      }
      await publishProducts(tx, ready, approved, now);
      const failedIds = new Set(failed.map((f) => f.id));
      const done = ids.filter((id) => !failedIds.has(id));
      await record(done, Object.fromEntries(done.map((id) => [id, approved ? 'published' : 'waiting for approval'])));
      return { done, failed };
    });
  }

  /**
   * POST /api/seller/products/stock: stock and prices of many products in one transaction. The
   * products are locked first, so a sale either happened before (and the row is a conflict when
   * its stock is not the one the seller saw) or waits for the save; a conflict is reported with
   * the current figures and the other rows are saved. A field error in any row saves nothing.
   */
  async saveFigures(
    shopId: number,
    input: SellerProductStock,
    /** Records the change in the audit log inside its transaction. */
    audited?: AuditSink,
  ): Promise<SellerProductStockReply['data']> {
    const errors: FieldMessages = {};
    const seen = new Set<number>();
    input.rows.forEach((row, i) => {
      if (seen.has(row.id)) addError(errors, `rows.${i}.id`, msg('This product is in more than one row.'));
      seen.add(row.id);
      if (
        row.stock !== undefined &&
        row.stock !== null &&
        (row.expected_stock === undefined || row.expected_stock === null)
      )
        addError(errors, `rows.${i}.expected_stock`, msg('Send the stock you saw with the new stock.'));
    });
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
    const ids = input.rows.map((r) => r.id);
    const { saved, conflicts } = await transaction(this.db, async (tx) => {
      const locked = new Map((await lockProducts(tx, shopId, ids)).map((r) => [r.id, r]));
      if (locked.size !== ids.length) throw notFound(PRODUCT_NOT_FOUND);
      const changes: FiguresChange[] = [];
      const conflicting: number[] = [];
      input.rows.forEach((row, i) => {
        const current = locked.get(row.id) as ProductRow;
        const stale =
          (row.expected_stock !== undefined && row.expected_stock !== null && current.stock !== row.expected_stock) ||
          (row.updated_at && current.updatedAt.getTime() !== Date.parse(row.updated_at));
        if (stale) {
          conflicting.push(row.id);
          return;
        }
        const next = {
          id: row.id,
          stock: row.stock ?? current.stock,
          price: row.price === undefined || row.price === null ? current.price : toMinor(row.price),
          discountPrice:
            row.discount_price === undefined
              ? current.discountPrice
              : row.discount_price === null
                ? 0
                : toMinor(row.discount_price),
        };
        const discount = discountError(next.price, next.discountPrice);
        if (discount) addError(errors, `rows.${i}.discount_price`, discount);
        if (current.isActive && next.price <= 0)
          addError(errors, `rows.${i}.price`, msg('The price must be greater than 0 to publish.'));
        changes.push(next);
      });
      if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
      await updateFigures(tx, changes, this.deps.clock.now());
      const shown = (f: { stock: number; price: number; discountPrice: number }) => ({
        stock: f.stock,
        price: toMoney(f.price),
        discount_price: toMoney(f.discountPrice),
      });
      await audited?.(tx, {
        kind: 'product',
        action: 'stock',
        recordId: null,
        before: Object.fromEntries(changes.map((c) => [c.id, shown(locked.get(c.id) as ProductRow)])),
        after: Object.fromEntries(changes.map((c) => [c.id, shown(c)])),
      });
      return { saved: changes.map((c) => c.id), conflicts: conflicting };
    });
    const figures = new Map((await findFigures(this.db, shopId, ids)).map((f) => [f.id, toFigures(f)]));
    const pick = (list: number[]) => list.flatMap((id) => figures.get(id) ?? []);
    return { saved: pick(saved), conflicts: pick(conflicts) };
  }

  // -------------------------------------------------------------------------------------------
  // Photos

  /** A photo of the product; another product's (another shop's) is 404, as one that does not exist. */
  /**
   * A change to a product's photos, in one transaction that locks the product first (two changes
   * at once cannot both take the last free place or both delete the last photo): `change` checks
   * the locked state and writes; the change's audit entry (the photos before and after) and the
   * product as it is then are read in the same transaction.
   */
  private async changePhotos(
    shopId: number,
    productId: number,
    audited: AuditSink | undefined,
    action: string,
    change: (tx: Tx, locked: ProductState) => Promise<number | null>,
  ): Promise<SellerProduct> {
    return transaction(this.db, async (tx) => {
      const before = await findLockedProductState(tx, shopId, productId);
      if (!before) throw notFound(PRODUCT_NOT_FOUND);
      const recordId = await change(tx, before);
      const [after] = await findProductStates(tx, shopId, [productId]);
      if (!after) throw notFound(PRODUCT_NOT_FOUND);
      await audited?.(tx, {
        kind: 'product_photo',
        action,
        recordId,
        before: photosOf(before),
        after: photosOf(after),
      });
      return toSellerProduct(after);
    });
  }

  /**
   * POST /api/seller/products/{id}/photos: one more photo, checked by its bytes (jpg, png or
   * webp), stored as a WebP of at most PRODUCT_PHOTO_MAX_PX; the first photo becomes the cover.
   */
  async addPhoto(
    shopId: number,
    productId: number,
    upload: UploadedFile | null,
    audited?: AuditSink,
  ): Promise<SellerProduct> {
    const product = await this.state(shopId, productId);
    const tooMany = () =>
      new FieldErrors({ photo: [msg('A product may have at most {{max}} photos.', { max: PRODUCT_PHOTOS_MAX })] });
    if (product.photos.length >= PRODUCT_PHOTOS_MAX) throw tooMany();
    if (!upload) throw new FieldErrors({ photo: [requiredMessage('photo')] });
    const image = await fittedWebp(upload, {
      field: 'photo',
      maxBytes: PRODUCT_PHOTO_MAX_BYTES,
      maxPx: PRODUCT_PHOTO_MAX_PX,
      messages: {
        tooLarge: msg('The photo may not be greater than {{max}} kilobytes.', { max: PRODUCT_PHOTO_MAX_BYTES / 1024 }),
        wrongType: msg('The photo must be a file of type: jpg, jpeg, png, webp.'),
        unreadable: msg('The photo could not be read as an image.'),
      },
    });
    const relative = `${PRODUCT_PHOTO_FOLDER}/${randomBytes(12).toString('hex')}.webp`;
    await this.deps.media.put(uploadsKey(relative), image.data);
    try {
      return await this.changePhotos(shopId, productId, audited, 'create', async (tx, locked) => {
        // Counted under the lock, so two uploads at once cannot both take the last free place.
        if (locked.photos.length >= PRODUCT_PHOTOS_MAX) throw tooMany();
        return insertPhoto(
          tx,
          productId,
          { path: relative, width: image.width, height: image.height, alt: locked.name },
          this.deps.clock.now(),
        );
      });
    } catch (error) {
      await this.deps.media.delete(uploadsKey(relative));
      throw error;
    }
  }

  /** PUT /api/seller/products/{id}/photos/order: every photo of the product once, in the new order. */
  orderPhotos(
    shopId: number,
    productId: number,
    photoIds: readonly number[],
    audited?: AuditSink,
  ): Promise<SellerProduct> {
    return this.changePhotos(shopId, productId, audited, 'order', async (tx, { photos }) => {
      const own = new Set(photos.map((p) => p.id));
      if (photoIds.some((id) => !own.has(id))) throw notFound(PHOTO_NOT_FOUND);
      if (new Set(photoIds).size !== photoIds.length || photoIds.length !== own.size) {
        throw new FieldErrors({ photo_ids: [msg('Name each photo of the product once, in the order wanted.')] });
      }
      await setPhotoPositions(tx, productId, photoIds, this.deps.clock.now());
      return null;
    });
  }

  /** POST /api/seller/products/{id}/photos/{photoId}/cover: the photo shoppers see first. */
  chooseCover(shopId: number, productId: number, photoId: number, audited?: AuditSink): Promise<SellerProduct> {
    return this.changePhotos(shopId, productId, audited, 'cover', async (tx, locked) => {
      await setCover(tx, productId, ownPhoto(locked, photoId).mediaId, this.deps.clock.now());
      return photoId;
    });
  }

  /**
   * DELETE /api/seller/products/{id}/photos/{photoId}. A product keeps at least one photo once it
   * has one (its orders show its cover); the cover moves to the next photo when it goes.
   */
  async deletePhoto(shopId: number, productId: number, photoId: number, audited?: AuditSink): Promise<SellerProduct> {
    let removed: string | null = null;
    const product = await this.changePhotos(shopId, productId, audited, 'delete', async (tx, locked) => {
      const photo = ownPhoto(locked, photoId);
      const others = locked.photos.filter((p) => p.id !== photo.id);
      if (others.length === 0) {
        throw new FieldErrors({
          photo: [msg('A product keeps at least one photo: add another before deleting this one.')],
        });
      }
      const nextCover = locked.mediaId === photo.mediaId ? (others[0]?.mediaId ?? null) : locked.mediaId;
      removed = await deletePhoto(tx, productId, photo, nextCover, this.deps.clock.now());
      return photoId;
    });
    // The file goes once the row is gone for good (the transaction committed).
    if (removed) await deleteReplaced(this.deps, uploadsKey(removed));
    return product;
  }
}

/** One of the product's photos; 404 when it has no such photo. */
function ownPhoto(product: ProductState, photoId: number): PhotoRow {
  const photo = product.photos.find((p) => p.id === photoId);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  return photo;
}

/** What a photo change shows in the audit log: the product, its photos in order, and its cover. */
function photosOf(product: ProductState) {
  return {
    product_id: product.id,
    photo_ids: product.photos.map((p) => p.id),
    cover_photo_id: product.photos.find((p) => p.mediaId === product.mediaId)?.id ?? null,
  };
}

function toSellerProduct(row: ProductState): SellerProduct {
  const texts = textsOf(row, row.texts);
  return {
    id: row.id,
    status: row.status,
    slug: row.slug,
    sku: row.sku,
    texts: Object.fromEntries(
      [...texts].map(([locale, t]) => [
        locale,
        { name: t.name || null, short_description: t.shortDescription, description: t.description },
      ]),
    ),
    category_id: row.categoryId,
    sub_category_id: row.subCategoryId,
    brand_id: row.brandId,
    unit_id: row.unitId,
    price: toMoney(row.price),
    discount_price: toMoney(row.discountPrice),
    stock: row.stock,
    sold: row.soldCount,
    colors: row.colors.map((c) => ({ id: c.id, extra_price: toMoney(c.extraPrice) })),
    sizes: row.sizes.map((v) => ({ id: v.id, extra_price: toMoney(v.extraPrice) })),
    photos: row.photos.map((p) => ({
      id: p.id,
      url: mediaUrl(p.path),
      width: p.width,
      height: p.height,
      position: p.position,
      is_cover: p.mediaId === row.mediaId,
    })),
    approval_note: row.approvalNote,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toFigures(row: Awaited<ReturnType<typeof findFigures>>[number]): SellerProductFigures {
  return {
    id: row.id,
    stock: row.stock,
    price: toMoney(row.price),
    discount_price: toMoney(row.discountPrice),
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
  };
}
