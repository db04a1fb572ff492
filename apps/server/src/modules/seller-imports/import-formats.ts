import { parse } from 'csv-parse/sync';
import { type Message, msg } from '../../lib/messages';

/**
 * Reading a catalogue file: our own template (the export's columns) or Shopify's product export,
 * unchanged, into one shape per product. Pure: no database, no network. What a row cannot say in
 * our model becomes a row error (the product is not imported) or a warning (it is, without it).
 */

/** The columns of our export, in order; an import in our format needs `handle` and `name`. */
export const TEMPLATE_COLUMNS = [
  'handle',
  'sku',
  'status',
  'name',
  'name_id',
  'name_ar',
  'description',
  'description_id',
  'description_ar',
  'category',
  'subcategory',
  'brand',
  'unit',
  'price',
  'discount_price',
  'stock',
  'colors',
  'sizes',
  'images',
] as const;

export type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];

/** Rows a file may hold (a bigger catalogue is split into several files). */
export const IMPORT_MAX_ROWS = 50_000;

export interface NamedExtra {
  name: string;
  /** Minor units added to the price for this choice. */
  extraPrice: number;
}

export interface ImportedProduct {
  /** The file's line numbers (the header is line 1) this product was read from. */
  rows: number[];
  /** What finds the product again on a re-import: the handle, else the SKU. */
  handle: string;
  sku: string | null;
  publish: boolean;
  name: string;
  description: string | null;
  translations: Partial<Record<'id' | 'ar', { name: string; description: string | null }>>;
  /** Names as the file gives them; the job matches them to the marketplace's records. */
  category: string | null;
  subcategory: string | null;
  brand: string | null;
  unit: string | null;
  /** Minor units. `discountPrice` 0: no discount. */
  price: number;
  discountPrice: number;
  stock: number;
  colors: NamedExtra[];
  sizes: NamedExtra[];
  /** In display order; the first is the cover. */
  imageUrls: string[];
  warnings: Message[];
}

export interface RowError {
  row: number;
  message: Message;
}

export interface ReadCatalogue {
  format: 'template' | 'shopify';
  products: ImportedProduct[];
  errors: RowError[];
  /** Data rows read (not products: a Shopify product spans several rows). */
  rowCount: number;
}

export class CatalogueFileError extends Error {
  constructor(readonly reason: Message) {
    super(reason.key);
  }
}

type Row = Record<string, string>;

/** Money in the file ("96000", "96,000.50", "96000.5") to minor units, or null when it is not one. */
export function parseMoney(value: string): number | null {
  const text = value.trim().replace(/,/g, '');
  if (text === '') return null;
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

function parseCount(value: string): number | null {
  const text = value.trim();
  if (text === '') return 0;
  if (!/^-?\d{1,9}$/.test(text)) return null;
  return Number(text);
}

const blankToNull = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** "Black:0|Green:10000" -> colours with extra prices (a missing price is 0). */
function parseNamedExtras(value: string): NamedExtra[] | null {
  const text = value.trim();
  if (text === '') return [];
  const out: NamedExtra[] = [];
  for (const part of text.split('|')) {
    const [rawName = '', rawPrice = ''] = part.split(':');
    const name = rawName.trim();
    if (!name) return null;
    const extraPrice = rawPrice.trim() === '' ? 0 : parseMoney(rawPrice);
    if (extraPrice === null) return null;
    out.push({ name, extraPrice });
  }
  return out;
}

function readRows(file: Buffer): { header: string[]; rows: Row[] } {
  if (file.includes(0)) throw new CatalogueFileError(msg('The file is not a CSV file.'));
  let records: string[][];
  try {
    records = parse(file, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new CatalogueFileError(
      line
        ? msg('The file could not be read as CSV near line {{line}}.', { line })
        : msg('The file could not be read as CSV.'),
    );
  }
  const [header, ...data] = records;
  if (!header || header.length < 2) throw new CatalogueFileError(msg('The file has no header row.'));
  if (data.length === 0) throw new CatalogueFileError(msg('The file has no products.'));
  if (data.length > IMPORT_MAX_ROWS) {
    throw new CatalogueFileError(msg('A file may hold at most {{count}} rows.', { count: IMPORT_MAX_ROWS }));
  }
  const names = header.map((name) => name.trim());
  return {
    header: names,
    rows: data.map((record) => Object.fromEntries(names.map((name, i) => [name, record[i] ?? '']))),
  };
}

/** Reads a catalogue file in either format; throws CatalogueFileError when it is not one. */
export function readCatalogue(file: Buffer): ReadCatalogue {
  const { header, rows } = readRows(file);
  if (header.includes('handle') && header.includes('name')) return { format: 'template', ...readTemplate(rows) };
  const lower = new Set(header.map((name) => name.toLowerCase()));
  if ((lower.has('handle') || lower.has('url handle')) && lower.has('title')) {
    return { format: 'shopify', ...readShopify(header, rows) };
  }
  throw new CatalogueFileError(
    msg(
      'The file is neither our product template nor a Shopify product export: its first row names no handle and title.',
    ),
  );
}

function readTemplate(rows: Row[]): Omit<ReadCatalogue, 'format'> {
  const products: ImportedProduct[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    const read = readTemplateRow(unescapeFormulas(row), line, seen);
    if ('handle' in read) {
      seen.add(read.handle);
      products.push(read);
    } else {
      errors.push({ row: line, message: read });
    }
  }
  return { products, errors, rowCount: rows.length };
}

/** Our export writes a cell a spreadsheet would run ("=...") behind an apostrophe; read it back as typed. */
function unescapeFormulas(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value.replace(/^'(?=[=+\-@\t\r])/, '')]));
}

/** One row of our template: the product, or why it cannot be one. */
function readTemplateRow(row: Row, line: number, seen: ReadonlySet<string>): ImportedProduct | Message {
  const handle = (row.handle ?? '').trim() || (row.sku ?? '').trim();
  const name = (row.name ?? '').trim();
  if (!handle) return msg('The handle (or the SKU) is empty.');
  if (seen.has(handle)) return msg('The handle {{handle}} is on an earlier row too.', { handle });
  if (!name) return msg('The name is empty.');
  const price = (row.price ?? '').trim() === '' ? 0 : parseMoney(row.price ?? '');
  if (price === null) return msg('The price is not an amount.');
  const discountPrice = (row.discount_price ?? '').trim() === '' ? 0 : parseMoney(row.discount_price ?? '');
  if (discountPrice === null) return msg('The discount price is not an amount.');
  const stock = parseCount(row.stock ?? '');
  if (stock === null || stock < 0) return msg('The stock is not a whole number of 0 or more.');
  const colors = parseNamedExtras(row.colors ?? '');
  if (colors === null) return msg('The colours are not in the form Name:extra price|Name:extra price.');
  const sizes = parseNamedExtras(row.sizes ?? '');
  if (sizes === null) return msg('The sizes are not in the form Name:extra price|Name:extra price.');
  const status = (row.status ?? '').trim().toLowerCase();
  if (status !== '' && status !== 'published' && status !== 'draft') {
    return msg('The status is neither published nor draft.');
  }
  const translations: ImportedProduct['translations'] = {};
  for (const locale of ['id', 'ar'] as const) {
    const localName = blankToNull(row[`name_${locale}`]);
    if (localName) translations[locale] = { name: localName, description: blankToNull(row[`description_${locale}`]) };
  }
  return {
    rows: [line],
    handle,
    sku: blankToNull(row.sku),
    publish: status !== 'draft',
    name,
    description: blankToNull(row.description),
    translations,
    category: blankToNull(row.category),
    subcategory: blankToNull(row.subcategory),
    brand: blankToNull(row.brand),
    unit: blankToNull(row.unit),
    price,
    discountPrice,
    stock,
    colors,
    sizes,
    imageUrls: (row.images ?? '')
      .split('|')
      .map((url) => url.trim())
      .filter(Boolean),
    warnings: [],
  };
}

/** Option names that mean a colour or a size, in the languages sellers here use. */
const COLOUR_OPTIONS = new Set(['color', 'colour', 'warna', 'اللون', 'لون']);
const SIZE_OPTIONS = new Set(['size', 'ukuran', 'المقاس', 'مقاس', 'الحجم']);

/** The column of a Shopify export under its classic name or the newer one. */
const SHOPIFY_ALIASES: Record<string, string[]> = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description'],
  vendor: ['Vendor'],
  category: ['Product Category', 'Product category'],
  type: ['Type'],
  published: ['Published', 'Published on online store'],
  status: ['Status'],
  sku: ['Variant SKU', 'SKU'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price'],
  qty: ['Variant Inventory Qty', 'Inventory quantity'],
  imageSrc: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position', 'Image position'],
  variantImage: ['Variant Image', 'Variant image URL'],
};

interface ShopifyVariant {
  row: number;
  options: (string | null)[];
  price: number;
  compareAt: number | null;
  qty: number;
  sku: string | null;
}

interface ShopifyGroup {
  handle: string;
  rows: number[];
  first: Row;
  optionNames: (string | null)[];
  variants: ShopifyVariant[];
  images: { url: string; position: number; order: number }[];
  error: RowError | null;
}

function readShopify(header: string[], rows: Row[]): Omit<ReadCatalogue, 'format'> {
  const column = (key: string) => SHOPIFY_ALIASES[key]?.find((name) => header.includes(name)) ?? null;
  const cell = (row: Row, key: string) => {
    const name = column(key);
    return name === null ? '' : (row[name] ?? '').trim();
  };
  const optionColumns = [1, 2, 3].map((n) => ({
    name: header.find((h) => h.toLowerCase() === `option${n} name`) ?? null,
    value: header.find((h) => h.toLowerCase() === `option${n} value`) ?? null,
  }));

  const groups = new Map<string, ShopifyGroup>();
  const errors: RowError[] = [];
  rows.forEach((row, index) => {
    const line = index + 2;
    const handle = cell(row, 'handle');
    if (!handle) {
      errors.push({ row: line, message: msg('The handle is empty.') });
      return;
    }
    let group = groups.get(handle);
    if (!group) {
      group = {
        handle,
        rows: [],
        first: row,
        optionNames: optionColumns.map((c) => (c.name ? blankToNull(row[c.name]) : null)),
        variants: [],
        images: [],
        error: null,
      };
      groups.set(handle, group);
    }
    group.rows.push(line);
    const imageUrl = cell(row, 'imageSrc');
    if (imageUrl) {
      const position = Number(cell(row, 'imagePosition')) || Number.MAX_SAFE_INTEGER;
      group.images.push({ url: imageUrl, position, order: group.images.length });
    }
    const variantImage = cell(row, 'variantImage');
    if (variantImage) group.images.push({ url: variantImage, position: Number.MAX_SAFE_INTEGER, order: 1e6 });
    // A row with no price carries only an image of the product above it.
    const priceText = cell(row, 'price');
    if (priceText === '') return;
    const price = parseMoney(priceText);
    const compareText = cell(row, 'compareAt');
    const compareAt = compareText === '' ? null : parseMoney(compareText);
    const qty = parseCount(cell(row, 'qty'));
    if (price === null) group.error ??= { row: line, message: msg('The variant price is not an amount.') };
    else if (compareAt === null && compareText !== '') {
      group.error ??= { row: line, message: msg('The compare-at price is not an amount.') };
    } else if (qty === null) {
      group.error ??= { row: line, message: msg('The inventory quantity is not a whole number.') };
    } else {
      group.variants.push({
        row: line,
        options: optionColumns.map((c) => (c.value ? blankToNull(row[c.value]) : null)),
        price,
        compareAt,
        qty: Math.max(0, qty),
        sku: blankToNull(cell(row, 'sku')),
      });
    }
  });

  const products: ImportedProduct[] = [];
  for (const group of groups.values()) {
    if (group.error) {
      errors.push(group.error);
      continue;
    }
    const title = cell(group.first, 'title');
    if (!title) {
      errors.push({ row: group.rows[0] ?? 0, message: msg('The title is empty.') });
      continue;
    }
    if (group.variants.length === 0) {
      errors.push({ row: group.rows[0] ?? 0, message: msg('The product has no variant with a price.') });
      continue;
    }
    products.push(shopifyProduct(group, title, cell));
  }
  errors.sort((a, b) => a.row - b.row);
  return { products, errors, rowCount: rows.length };
}

/**
 * One Shopify product in our model: a base price with extra prices per colour and per size.
 * The base is the cheapest variant; a colour's extra is its cheapest variant above the base, and a
 * size's extra what its variants cost above base plus their colour's extra, at the least. Prices
 * that do not add up that way (a variant dearer than its colour and size say) are brought to the
 * sum, with a warning. Stock is the variants' quantities together (our stock is per product).
 */
function shopifyProduct(group: ShopifyGroup, title: string, cell: (row: Row, key: string) => string): ImportedProduct {
  const warnings: Message[] = [];
  const roles = group.optionNames.map((name) => {
    const key = (name ?? '').trim().toLowerCase();
    if (COLOUR_OPTIONS.has(key)) return 'colour' as const;
    if (SIZE_OPTIONS.has(key)) return 'size' as const;
    if (key === '' || key === 'title') return 'none' as const;
    warnings.push(msg('The option {{option}} has no place in our products and was left out.', { option: name ?? '' }));
    return 'none' as const;
  });
  const colourIndex = roles.indexOf('colour');
  const sizeIndex = roles.indexOf('size');
  const optionOf = (variant: ShopifyVariant, at: number) => (at < 0 ? null : (variant.options[at] ?? null));

  // Shopify's Price is what the shopper pays; Compare At is the higher price it is shown against.
  const selling = (v: ShopifyVariant) => v.price;
  const regular = (v: ShopifyVariant) => (v.compareAt !== null && v.compareAt > v.price ? v.compareAt : v.price);
  const discounted = group.variants.some((v) => v.compareAt !== null && v.compareAt > v.price);
  const priceOf = discounted ? regular : selling;

  const base = Math.min(...group.variants.map(priceOf));
  const colourExtra = new Map<string, number>();
  for (const variant of group.variants) {
    const colour = optionOf(variant, colourIndex);
    if (colour === null) continue;
    const extra = priceOf(variant) - base;
    colourExtra.set(colour, Math.min(colourExtra.get(colour) ?? extra, extra));
  }
  const sizeExtra = new Map<string, number>();
  for (const variant of group.variants) {
    const size = optionOf(variant, sizeIndex);
    if (size === null) continue;
    const colour = optionOf(variant, colourIndex);
    const extra = priceOf(variant) - base - (colour === null ? 0 : (colourExtra.get(colour) ?? 0));
    sizeExtra.set(size, Math.max(0, Math.min(sizeExtra.get(size) ?? extra, extra)));
  }
  const uneven = group.variants.some((variant) => {
    const colour = optionOf(variant, colourIndex);
    const size = optionOf(variant, sizeIndex);
    const sum =
      base + (colour === null ? 0 : (colourExtra.get(colour) ?? 0)) + (size === null ? 0 : (sizeExtra.get(size) ?? 0));
    return sum !== priceOf(variant);
  });
  if (uneven)
    warnings.push(
      msg('Some variant prices are not a colour price plus a size price; the nearest such prices were used.'),
    );

  let discountPrice = 0;
  if (discounted) {
    const cheapest = group.variants.reduce((a, b) => (priceOf(a) <= priceOf(b) ? a : b));
    discountPrice = cheapest.price;
    if (group.variants.some((v) => regular(v) - v.price !== regular(cheapest) - cheapest.price)) {
      warnings.push(msg('The variants have different discounts; the cheapest variant’s discount is used for all.'));
    }
  }

  const status = cell(group.first, 'status').toLowerCase();
  const published = cell(group.first, 'published').toLowerCase();
  const publish = status !== '' ? status === 'active' : published !== 'false';
  const productCategory = cell(group.first, 'category');
  const categoryPath = productCategory
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean);
  const images = [...group.images]
    .sort((a, b) => a.position - b.position || a.order - b.order)
    .map((image) => image.url)
    .filter((url, index, all) => all.indexOf(url) === index);

  return {
    rows: group.rows,
    handle: group.handle,
    sku: group.variants.find((v) => v.sku)?.sku ?? null,
    publish,
    name: title,
    description: blankToNull(cell(group.first, 'body')),
    translations: {},
    // The most specific level of Shopify's category first, the Type when there is none.
    category: blankToNull(cell(group.first, 'type')) ?? categoryPath.at(-2) ?? categoryPath.at(-1) ?? null,
    subcategory: categoryPath.at(-1) ?? null,
    brand: blankToNull(cell(group.first, 'vendor')),
    unit: null,
    price: base,
    discountPrice,
    stock: group.variants.reduce((sum, v) => sum + v.qty, 0),
    colors: [...colourExtra].map(([name, extraPrice]) => ({ name, extraPrice })),
    sizes: [...sizeExtra].map(([name, extraPrice]) => ({ name, extraPrice })),
    imageUrls: images,
    warnings,
  };
}
