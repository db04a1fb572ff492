import type { AdminBrand, AdminColor, AdminSize, AdminUnit } from '@shop/contracts/catalog-admin';
import type { Executor } from '../../db/transaction';
import { transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { type Message, msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { offsetOf } from '../../lib/paging';
import type { ListQuery } from './catalog-admin.service';
import {
  deleteValue,
  findValue,
  findValues,
  insertValue,
  moveValueProducts,
  setBrandImage,
  updateValue,
  type ValueKind,
  type ValueRow,
} from './catalog-values.repository';
import { type PicturedRows, removeMovingProducts, removeRowImage, setRowImage } from './catalogue-rows';

export type { ValueKind };

const PAGE_SIZE = 20;

interface ValueRows {
  brand: AdminBrand;
  color: AdminColor;
  size: AdminSize;
  unit: AdminUnit;
}

/** What each kind says: not found, in use, and where its products cannot go. */
export const VALUE_MESSAGES: Record<
  ValueKind,
  { notFound: Message; inUse: (count: number) => Message; self: Message; missingTarget: Message }
> = {
  brand: {
    notFound: msg('Brand not found.'),
    inUse: (count) => msg('{{count}} products use this brand: choose another brand to move them to.', { count }),
    self: msg('Choose another brand to move the products to.'),
    missingTarget: msg('The brand to move the products to does not exist.'),
  },
  color: {
    notFound: msg('Colour not found.'),
    inUse: (count) => msg('{{count}} products use this colour: choose another colour to move them to.', { count }),
    self: msg('Choose another colour to move the products to.'),
    missingTarget: msg('The colour to move the products to does not exist.'),
  },
  size: {
    notFound: msg('Size not found.'),
    inUse: (count) => msg('{{count}} products use this size: choose another size to move them to.', { count }),
    self: msg('Choose another size to move the products to.'),
    missingTarget: msg('The size to move the products to does not exist.'),
  },
  unit: {
    notFound: msg('Unit not found.'),
    inUse: (count) => msg('{{count}} products use this unit: choose another unit to move them to.', { count }),
    self: msg('Choose another unit to move the products to.'),
    missingTarget: msg('The unit to move the products to does not exist.'),
  },
};

export interface ValueInput {
  name: string;
  translations: Record<string, string>;
  is_active: boolean;
  color_code?: string;
  position?: number;
}

/** A row as the reply shows it: only its kind's own column, a picture as its address. */
function toValue<K extends ValueKind>(kind: K, { image_path, color_code, position, ...row }: ValueRow): ValueRows[K] {
  switch (kind) {
    case 'brand':
      return { ...row, image: mediaUrl(image_path) } as ValueRows[K];
    case 'color':
      return { ...row, color_code: color_code ?? '' } as ValueRows[K];
    case 'size':
      return { ...row, position: position ?? 0 } as ValueRows[K];
    default:
      return row as ValueRows[K];
  }
}

const clean = (translations: Record<string, string>) =>
  Object.fromEntries(Object.entries(translations).filter(([, v]) => v.trim() !== ''));

/**
 * The platform-wide brands, colours, sizes and units every shop may give its products (a shop's
 * own values are not the operator's: they answer 404 here). Writes change tables the catalogue's
 * version follows (CatalogChanges), so the storefront shows a change within a second.
 */
export class CatalogValuesService {
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'config' | 'media'>) {}

  private get db() {
    return this.deps.database.db;
  }

  async list<K extends ValueKind>(kind: K, query: ListQuery): Promise<{ total: number; rows: ValueRows[K][] }> {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort =
      query.sort === 'products' ? 'products' : query.sort === 'position' && kind === 'size' ? 'position' : 'name';
    const { total, rows } = await findValues(
      this.db,
      kind,
      { q: query.q, sort, direction: query.direction === 'desc' ? 'desc' : 'asc' },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, rows: rows.map((row) => toValue(kind, row)) };
  }

  async get<K extends ValueKind>(kind: K, id: number, db: Executor = this.db): Promise<ValueRows[K]> {
    const row = await findValue(db, kind, id);
    if (!row) throw notFound(VALUE_MESSAGES[kind].notFound);
    return toValue(kind, row);
  }

  private static values(input: ValueInput) {
    return {
      name: input.name,
      translations: clean(input.translations),
      isActive: input.is_active,
      ...(input.color_code !== undefined ? { colorCode: input.color_code } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
    };
  }

  create<K extends ValueKind>(kind: K, input: ValueInput, audit: AuditSink): Promise<ValueRows[K]> {
    return transaction(this.db, async (tx) => {
      const id = await insertValue(tx, kind, CatalogValuesService.values(input));
      const after = await this.get(kind, id, tx);
      await audit(tx, { kind, action: 'create', recordId: id, before: null, after });
      return after;
    });
  }

  update<K extends ValueKind>(kind: K, id: number, input: ValueInput, audit: AuditSink): Promise<ValueRows[K]> {
    return transaction(this.db, async (tx) => {
      const before = await this.get(kind, id, tx);
      await updateValue(tx, kind, id, CatalogValuesService.values(input));
      const after = await this.get(kind, id, tx);
      await audit(tx, { kind, action: 'update', recordId: id, before, after });
      return after;
    });
  }

  /**
   * Deletes a value. One products use is refused unless `moveTo` names another platform-wide value
   * of the same kind: its products then move there in the same transaction.
   */
  remove(kind: ValueKind, id: number, moveTo: number | undefined, audit: AuditSink): Promise<{ moved: number }> {
    return removeMovingProducts(
      this.db,
      {
        kind,
        get: (rowId, db) => this.get(kind, rowId, db),
        exists: (db, rowId) => findValue(db, kind, rowId),
        moveProducts: (db, from, to) => moveValueProducts(db, kind, from, to),
        delete: (db, rowId) => deleteValue(db, kind, rowId),
        messages: VALUE_MESSAGES[kind],
      },
      id,
      moveTo,
      audit,
    );
  }

  /** How the shared picture writes read and change a brand's logo (catalogue-rows.ts). */
  private readonly brandRows: PicturedRows<AdminBrand> = {
    kind: 'brand',
    get: (id, db) => this.get('brand', id, db),
    setImage: setBrandImage,
  };

  /** The brand's logo: a new picture (stored as the Seller Centre's product photos are), or none. */
  setBrandImage(id: number, upload: UploadedFile | null, audit: AuditSink): Promise<AdminBrand> {
    return setRowImage(this.deps, this.brandRows, id, upload, audit);
  }

  removeBrandImage(id: number, audit: AuditSink): Promise<AdminBrand> {
    return removeRowImage(this.db, this.brandRows, id, audit);
  }
}
