import { IMPORT_FILE_MAX_BYTES, type ImportJob } from '@shop/contracts/seller-imports';
import {
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTOS_MAX,
  PRODUCT_SKU_MAX_LENGTH,
  type SellerProduct,
  type SellerProductSave,
} from '@shop/contracts/seller-products';
import { stringify } from 'csv-stringify/sync';
import type { ImportReportLine } from '../../db/schema/imports';
import { transaction } from '../../db/transaction';
import type { CoreDeps, Logger } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { FieldErrors, notFound } from '../../lib/errors';
import { type Message, msg, type Translator } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import type { UploadedFile } from '../../lib/multipart-form';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text';
import type { SellerProductsService } from '../seller-products/seller-products.service';
import type { SettingsService } from '../settings/settings.service';
import { type ExportedProduct, writeCatalogue } from './export-format';
import { fetchImportImage } from './image-fetch';
import { CatalogueFileError, type ImportedProduct, readCatalogue } from './import-formats';
import {
  claimJob,
  findJob,
  findRecentJobs,
  finishJob,
  type ImportJobRow,
  insertJob,
  recordProgress,
} from './seller-imports.repository';

export const IMPORT_NOT_FOUND = msg('Import not found.');
/** A process keeps a job this long past its last step; after that another process takes it over. */
const LEASE_MS = 60_000;
/** Progress is written after this many products (and at the end). */
const STEP = 25;
/** Report lines a job's reply carries (the CSV holds them all). */
const REPORT_PREVIEW = 50;
const SHORT_DESCRIPTION_MAX = 160;

type Named = { id: number; name: string };
interface Lookup {
  categories: Map<string, number>;
  /** Subcategory name -> its id and the categories it is in. */
  subCategories: Map<string, { id: number; categoryIds: number[] }>;
  brands: Map<string, number>;
  units: Map<string, number>;
  colors: Map<string, number>;
  sizes: Map<string, number>;
}

const key = (name: string) => name.trim().toLocaleLowerCase();

export class SellerImportsService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly translator: Translator,
    private readonly services: { sellerProducts: SellerProductsService; settings: SettingsService },
    private readonly log: Logger,
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  /**
   * POST /api/seller/products/import: reads the file at once (a file that is not a catalogue is a
   * 422 and nothing is kept) and queues the job that saves its products.
   */
  async start(
    shop: { shopId: number; userId: number },
    upload: UploadedFile,
    defaultCategoryId: number | null,
    locale: string,
    audited?: AuditSink,
  ): Promise<ImportJob> {
    if (upload.truncated || upload.data.length > IMPORT_FILE_MAX_BYTES) {
      throw new FieldErrors({
        file: [
          msg('The file may not be greater than {{max}} megabytes.', { max: IMPORT_FILE_MAX_BYTES / 1024 / 1024 }),
        ],
      });
    }
    let read: ReturnType<typeof readCatalogue>;
    try {
      read = readCatalogue(upload.data);
    } catch (error) {
      if (error instanceof CatalogueFileError) throw new FieldErrors({ file: [error.reason] });
      throw error;
    }
    if (defaultCategoryId !== null) {
      const options = await this.services.sellerProducts.options(shop.shopId, 'en');
      if (!options.categories.some((c) => c.id === defaultCategoryId)) {
        throw new FieldErrors({ default_category_id: [msg('The selected default category id is invalid.')] });
      }
    }
    return transaction(this.db, async (tx) => {
      const row = await insertJob(tx, {
        shopId: shop.shopId,
        userId: shop.userId,
        fileName: upload.filename.slice(0, 200) || 'catalogue.csv',
        file: upload.data,
        format: read.format,
        defaultCategoryId,
        rows: read.rowCount,
        total: read.products.length,
        // Rows refused while reading are products not imported, as those refused when saved.
        failed: read.errors.length,
        report: read.errors.map((e) => reportLine(e.row, 'error', e.message)),
      });
      const job = this.toJob(row, locale);
      await audited?.(tx, {
        kind: 'import',
        action: 'create',
        recordId: job.id,
        after: { file: upload.filename, default_category_id: defaultCategoryId, status: job.status },
      });
      return job;
    });
  }

  async job(shopId: number, jobId: number, locale: string): Promise<ImportJob> {
    const row = await findJob(this.db, shopId, jobId);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return this.toJob(row, locale);
  }

  async recent(shopId: number, locale: string): Promise<ImportJob[]> {
    const rows = await findRecentJobs(this.db, shopId, 10);
    return rows.map((row) => this.toJob({ ...row, file: Buffer.alloc(0) }, locale));
  }

  /** The job's report as CSV (row, kind, message in the reader's language), with a BOM. */
  async reportCsv(shopId: number, jobId: number, locale: string): Promise<Buffer> {
    const row = await findJob(this.db, shopId, jobId);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    const t = (message: Message) => this.translator.text(locale, message);
    const kinds = { error: t(msg('error')), warning: t(msg('warning')) };
    const lines = [...row.report].sort((a, b) => a.row - b.row);
    const text = stringify(
      [
        [t(msg('row')), t(msg('kind')), t(msg('message'))],
        ...lines.map((line) => [String(line.row), kinds[line.kind], this.lineText(line, locale)]),
      ],
      { record_delimiter: '\r\n' },
    );
    return Buffer.from(`\uFEFF${text}`, 'utf8');
  }

  /** GET /api/seller/products/export: the shop's catalogue in our template. */
  async exportCsv(shopId: number): Promise<Buffer> {
    const [products, options] = await Promise.all([
      this.services.sellerProducts.allProducts(shopId),
      this.services.sellerProducts.options(shopId, 'en'),
    ]);
    const names = (list: Named[]) => new Map(list.map((o) => [o.id, o.name]));
    const categories = names(options.categories);
    const subCategories = names(options.categories.flatMap((c) => c.sub_categories));
    const brands = names(options.brands);
    const units = names(options.units);
    const colors = names(options.colors);
    const sizes = names(options.sizes);
    const nameOf = (map: Map<number, string>, id: number | null) => (id === null ? null : (map.get(id) ?? null));
    const exported: ExportedProduct[] = products.map((p) => {
      const en = p.texts.en;
      const local = (locale: 'id' | 'ar') => {
        const t = p.texts[locale];
        return t?.name ? { name: t.name, description: t.description } : undefined;
      };
      const translations: ExportedProduct['translations'] = {};
      const id = local('id');
      const ar = local('ar');
      if (id) translations.id = id;
      if (ar) translations.ar = ar;
      return {
        handle: p.sku || p.slug,
        sku: p.sku || null,
        status: p.status === 'draft' ? 'draft' : 'published',
        name: en?.name ?? Object.values(p.texts)[0]?.name ?? p.slug,
        description: en?.description ?? null,
        translations,
        category: nameOf(categories, p.category_id),
        subcategory: nameOf(subCategories, p.sub_category_id),
        brand: nameOf(brands, p.brand_id),
        unit: nameOf(units, p.unit_id),
        price: Math.round(p.price * 100),
        discountPrice: Math.round(p.discount_price * 100),
        stock: p.stock,
        colors: p.colors.map((c) => ({
          name: colors.get(c.id) ?? String(c.id),
          extraPrice: Math.round(c.extra_price * 100),
        })),
        sizes: p.sizes.map((s) => ({
          name: sizes.get(s.id) ?? String(s.id),
          extraPrice: Math.round(s.extra_price * 100),
        })),
        imageUrls: p.photos.map((photo) => new URL(photo.url, this.deps.config.PUBLIC_URL).toString()),
      };
    });
    return writeCatalogue(exported);
  }

  /** Runs waiting (or abandoned) jobs until there is none; answers how many it finished. */
  async runDue(): Promise<number> {
    let finished = 0;
    for (;;) {
      const job = await claimJob(this.db, this.deps.clock.now(), LEASE_MS);
      if (!job) return finished;
      try {
        await this.run(job);
        await finishJob(this.db, job.id, 'done', this.deps.clock.now());
      } catch (error) {
        this.log.error({ err: error, job: job.id }, 'catalogue import failed');
        await finishJob(this.db, job.id, 'failed', this.deps.clock.now());
      }
      finished++;
    }
  }

  /** Saves the job's products from where it stopped, recording progress every few products. */
  private async run(job: ImportJobRow): Promise<void> {
    const read = readCatalogue(job.file);
    const lookup = await this.lookup(job.shopId);
    const { commerce } = await this.services.settings.stored(['commerce']);
    const origins = commerce?.import_image_origins ?? [];
    let step = { created: 0, updated: 0, failed: 0, report: [] as ImportReportLine[] };
    let done = job.done;
    const flush = async () => {
      await recordProgress(this.db, job.id, {
        done,
        ...step,
        leaseUntil: new Date(this.deps.clock.now().getTime() + LEASE_MS),
      });
      step = { created: 0, updated: 0, failed: 0, report: [] };
    };
    for (const product of read.products.slice(job.done)) {
      const outcome = await this.importOne(job, product, lookup, origins);
      step[outcome.result]++;
      step.report.push(...outcome.lines);
      done++;
      if (done % STEP === 0) await flush();
    }
    await flush();
  }

  /** One product of the file: made or updated, its photos fetched, published when it can be. */
  private async importOne(
    job: ImportJobRow,
    product: ImportedProduct,
    lookup: Lookup,
    origins: readonly string[],
  ): Promise<{ result: 'created' | 'updated' | 'failed'; lines: ImportReportLine[] }> {
    const row = product.rows[0] ?? 0;
    const lines: ImportReportLine[] = product.warnings.map((w) => reportLine(row, 'warning', w));
    const warn = (message: Message) => lines.push(reportLine(row, 'warning', message));
    const { sellerProducts } = this.services;
    const sku = (product.sku ?? product.handle).slice(0, PRODUCT_SKU_MAX_LENGTH);
    const input = this.saveInput(product, sku, lookup, job.defaultCategoryId, warn);
    try {
      const existing = (await sellerProducts.idsBySku(job.shopId, [sku])).get(sku);
      let saved: SellerProduct = existing
        ? await sellerProducts.update(job.shopId, existing, input)
        : await sellerProducts.create(job.shopId, { ...input, status: 'draft' });
      if (saved.photos.length === 0 && product.imageUrls.length > 0) {
        saved = await this.addPhotos(job.shopId, saved, product.imageUrls, origins, warn);
      }
      const wantsPublished = product.publish;
      const isDraft = saved.status === 'draft';
      if (wantsPublished && isDraft) {
        try {
          await sellerProducts.update(job.shopId, saved.id, { status: 'published', sku: undefined });
        } catch (error) {
          if (!(error instanceof FieldErrors)) throw error;
          for (const reason of Object.values(error.errors).flat()) {
            warn(msg('Saved as a draft: {{reasons}}', { reasons: reason }));
          }
        }
      } else if (!wantsPublished && !isDraft) {
        await sellerProducts.update(job.shopId, saved.id, { status: 'draft', sku: undefined });
      }
      return { result: existing ? 'updated' : 'created', lines };
    } catch (error) {
      if (!(error instanceof FieldErrors)) throw error;
      for (const [field, messages] of Object.entries(error.errors)) {
        for (const message of messages) {
          lines.push(reportLine(row, 'error', msg('{{field}}: {{message}}', { field, message })));
        }
      }
      return { result: 'failed', lines };
    }
  }

  /** The editor's payload for an imported product, with names matched to the marketplace's records. */
  private saveInput(
    product: ImportedProduct,
    sku: string,
    lookup: Lookup,
    defaultCategoryId: number | null,
    warn: (message: Message) => void,
  ): SellerProductSave {
    const description = product.description === null ? null : sanitizeRichText(product.description);
    const short = (html: string | null, name: string) =>
      (html === null ? '' : richTextToPlain(html)).slice(0, SHORT_DESCRIPTION_MAX) || name;
    const texts: SellerProductSave['texts'] = {
      en: { name: product.name, short_description: short(description, product.name), description },
    };
    for (const [locale, text] of Object.entries(product.translations)) {
      const localDescription = text.description === null ? null : sanitizeRichText(text.description);
      texts[locale] = {
        name: text.name,
        short_description: short(localDescription, text.name),
        description: localDescription,
      };
    }
    const sub = product.subcategory ? lookup.subCategories.get(key(product.subcategory)) : undefined;
    let categoryId = product.category ? (lookup.categories.get(key(product.category)) ?? null) : null;
    let subCategoryId: number | null = null;
    const subByCategory = product.category ? lookup.subCategories.get(key(product.category)) : undefined;
    if (sub && (categoryId === null || sub.categoryIds.includes(categoryId))) {
      subCategoryId = sub.id;
      categoryId ??= sub.categoryIds[0] ?? null;
    } else if (categoryId === null && subByCategory) {
      // Shopify's Type is often what the marketplace calls a subcategory.
      subCategoryId = subByCategory.id;
      categoryId = subByCategory.categoryIds[0] ?? null;
    }
    if (categoryId === null) {
      categoryId = defaultCategoryId;
      if (product.category || product.subcategory) {
        warn(
          msg('The category {{category}} is not one of the marketplace’s.', {
            category: product.subcategory ?? product.category ?? '',
          }),
        );
      }
    }
    const match = (map: Map<string, number>, name: string | null, what: Message) => {
      if (!name) return null;
      const id = map.get(key(name));
      if (id === undefined)
        warn(msg('The {{what}} {{name}} is not one of the marketplace’s and was left out.', { what, name }));
      return id ?? null;
    };
    const variants = (list: { name: string; extraPrice: number }[], map: Map<string, number>, what: Message) =>
      list.flatMap((v) => {
        const id = match(map, v.name, what);
        return id === null ? [] : [{ id, extra_price: toMoney(v.extraPrice) }];
      });
    return {
      texts,
      sku,
      category_id: categoryId,
      sub_category_id: subCategoryId,
      brand_id: match(lookup.brands, product.brand, msg('brand')),
      unit_id: match(lookup.units, product.unit, msg('unit')),
      price: toMoney(product.price),
      discount_price: product.discountPrice > 0 ? toMoney(product.discountPrice) : null,
      stock: product.stock,
      colors: variants(product.colors, lookup.colors, msg('colour')),
      sizes: variants(product.sizes, lookup.sizes, msg('size')),
    };
  }

  private async addPhotos(
    shopId: number,
    product: SellerProduct,
    urls: readonly string[],
    origins: readonly string[],
    warn: (message: Message) => void,
  ): Promise<SellerProduct> {
    let saved = product;
    if (origins.length === 0) {
      warn(msg('Photos by URL were left out: the marketplace allows no address to fetch them from.'));
      return saved;
    }
    for (const url of urls.slice(0, PRODUCT_PHOTOS_MAX)) {
      const fetched = await fetchImportImage(url, { allowedOrigins: origins, maxBytes: PRODUCT_PHOTO_MAX_BYTES });
      if (!fetched.ok) {
        warn(fetched.reason);
        continue;
      }
      try {
        saved = await this.services.sellerProducts.addPhoto(shopId, saved.id, {
          filename: url.split('/').pop() ?? 'photo',
          mimetype: '',
          data: fetched.data,
          truncated: false,
        });
      } catch (error) {
        if (!(error instanceof FieldErrors)) throw error;
        warn(msg('The image {{url}} was not used: {{reason}}', { url, reason: error.text }));
      }
    }
    return saved;
  }

  /** The marketplace's names (in every language it offers) of what a product may refer to. */
  private async lookup(shopId: number): Promise<Lookup> {
    const lookup: Lookup = {
      categories: new Map(),
      subCategories: new Map(),
      brands: new Map(),
      units: new Map(),
      colors: new Map(),
      sizes: new Map(),
    };
    for (const locale of ['en', 'id', 'ar']) {
      const options = await this.services.sellerProducts.options(shopId, locale);
      for (const category of options.categories) {
        lookup.categories.set(key(category.name), category.id);
        for (const sub of category.sub_categories) {
          const known = lookup.subCategories.get(key(sub.name));
          if (known) {
            if (!known.categoryIds.includes(category.id)) known.categoryIds.push(category.id);
          } else lookup.subCategories.set(key(sub.name), { id: sub.id, categoryIds: [category.id] });
        }
      }
      for (const [map, list] of [
        [lookup.brands, options.brands],
        [lookup.units, options.units],
        [lookup.colors, options.colors],
        [lookup.sizes, options.sizes],
      ] as const) {
        for (const item of list) if (!map.has(key(item.name))) map.set(key(item.name), item.id);
      }
    }
    return lookup;
  }

  private lineText(line: ImportReportLine, locale: string): string {
    return this.translator.text(locale, { key: line.key, ...(line.params ? { params: line.params } : {}) });
  }

  private toJob(row: ImportJobRow, locale: string): ImportJob {
    const report = [...row.report].sort((a, b) => a.row - b.row);
    return {
      id: row.id,
      file_name: row.fileName,
      format: row.format === 'shopify' ? 'shopify' : 'template',
      status: row.status,
      rows: row.rows,
      total: row.total,
      done: row.done,
      created: row.created,
      updated: row.updated,
      failed: row.failed,
      warnings: report.filter((l) => l.kind === 'warning').length,
      report: report.slice(0, REPORT_PREVIEW).map((line) => ({
        row: line.row,
        kind: line.kind,
        message: this.lineText(line, locale),
      })),
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  }
}

/** A report line as stored: the message's key and its values, translated in the reader's language when read. */
function reportLine(row: number, kind: 'error' | 'warning', message: Message): ImportReportLine {
  return { row, kind, key: message.key, ...(message.params ? { params: message.params } : {}) };
}
