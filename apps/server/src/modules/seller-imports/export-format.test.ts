import { describe, expect, it } from 'vitest';
import { type ExportedProduct, writeCatalogue } from './export-format';
import { readCatalogue } from './import-formats';

const tee: ExportedProduct = {
  handle: 'kaos-polos',
  sku: 'KP-1',
  status: 'published',
  name: 'Plain Tee, "soft"',
  description: '<p>Soft, light</p>',
  translations: {
    id: { name: 'Kaos Polos', description: null },
    ar: { name: 'قميص سادة', description: '<p>ناعم</p>' },
  },
  category: "Men's Fashion",
  subcategory: 'T-Shirts & Polos',
  brand: 'Urban',
  unit: 'pcs',
  price: 9_600_000,
  discountPrice: 8_950_050,
  stock: 12,
  colors: [
    { name: 'Black', extraPrice: 0 },
    { name: 'Green', extraPrice: 1_000_000 },
  ],
  sizes: [{ name: 'XL', extraPrice: 500_000 }],
  imageUrls: ['https://shop.example/media/1.webp', 'https://shop.example/media/2.webp'],
};

describe('the catalogue export', () => {
  it('starts with a BOM, and reads back into the same products', () => {
    const file = writeCatalogue([
      tee,
      { ...tee, handle: 'draft-one', status: 'draft', discountPrice: 0, colors: [], sizes: [], imageUrls: [] },
    ]);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString('utf8')).toContain('قميص سادة');
    const read = readCatalogue(file);
    expect(read.format).toBe('template');
    expect(read.errors).toEqual([]);
    expect(read.products[0]).toMatchObject({
      handle: 'kaos-polos',
      sku: 'KP-1',
      publish: true,
      name: 'Plain Tee, "soft"',
      translations: tee.translations,
      price: 9_600_000,
      discountPrice: 8_950_050,
      stock: 12,
      colors: tee.colors,
      sizes: tee.sizes,
      imageUrls: tee.imageUrls,
    });
    expect(read.products[1]).toMatchObject({
      handle: 'draft-one',
      publish: false,
      discountPrice: 0,
      colors: [],
      imageUrls: [],
    });
  });

  it('never writes a cell a spreadsheet would run as a formula', () => {
    const text = writeCatalogue([{ ...tee, name: '=HYPERLINK("http://evil.example")', brand: '+cmd' }]).toString(
      'utf8',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain(",'+cmd,");
    expect(readCatalogue(Buffer.from(text)).products[0]).toMatchObject({
      name: '=HYPERLINK("http://evil.example")',
      brand: '+cmd',
    });
  });
});
