import { spreadsheetCsv } from '../../lib/csv';
import { TEMPLATE_COLUMNS, type TemplateColumn } from './import-formats';

/** One product as the export writes it: the template's columns, money in minor units. */
export interface ExportedProduct {
  handle: string;
  sku: string | null;
  status: 'published' | 'draft';
  name: string;
  description: string | null;
  translations: Partial<Record<'id' | 'ar', { name: string; description: string | null }>>;
  category: string | null;
  subcategory: string | null;
  brand: string | null;
  unit: string | null;
  price: number;
  discountPrice: number;
  stock: number;
  colors: { name: string; extraPrice: number }[];
  sizes: { name: string; extraPrice: number }[];
  imageUrls: string[];
}

/** Minor units as the file's amount: "96000" or "96000.5". */
const amount = (minor: number) => String(minor / 100);

const extras = (list: { name: string; extraPrice: number }[]) =>
  list.map((item) => `${item.name}:${amount(item.extraPrice)}`).join('|');

/**
 * The shop's catalogue as CSV in our template: UTF-8 with a byte order mark, so spreadsheet
 * programs read Arabic and Indonesian right, and the columns the import reads back.
 */
export function writeCatalogue(products: readonly ExportedProduct[]): Buffer {
  const rows = products.map((p) => {
    const cells: Record<TemplateColumn, string> = {
      handle: p.handle,
      sku: p.sku ?? '',
      status: p.status,
      name: p.name,
      name_id: p.translations.id?.name ?? '',
      name_ar: p.translations.ar?.name ?? '',
      description: p.description ?? '',
      description_id: p.translations.id?.description ?? '',
      description_ar: p.translations.ar?.description ?? '',
      category: p.category ?? '',
      subcategory: p.subcategory ?? '',
      brand: p.brand ?? '',
      unit: p.unit ?? '',
      price: amount(p.price),
      discount_price: p.discountPrice > 0 ? amount(p.discountPrice) : '',
      stock: String(p.stock),
      colors: extras(p.colors),
      sizes: extras(p.sizes),
      images: p.imageUrls.join('|'),
    };
    return TEMPLATE_COLUMNS.map((column) => cells[column]);
  });
  return spreadsheetCsv(TEMPLATE_COLUMNS, rows);
}
