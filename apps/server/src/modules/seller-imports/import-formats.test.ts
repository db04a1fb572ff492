import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { english } from '../../lib/messages';
import { CatalogueFileError, parseMoney, readCatalogue, TEMPLATE_COLUMNS } from './import-formats';

const here = path.dirname(fileURLToPath(import.meta.url));
const shopifySample = readFileSync(path.join(here, 'fixtures/shopify-products.csv'));

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
const fileError = (file: Buffer) => {
  try {
    readCatalogue(file);
  } catch (error) {
    if (error instanceof CatalogueFileError) return english(error.reason);
    throw error;
  }
  return null;
};

describe('reading a Shopify product export', () => {
  const read = readCatalogue(shopifySample);

  it('finds every product of the sample, each once, with its rows', () => {
    expect(read.format).toBe('shopify');
    expect(read.errors).toEqual([]);
    expect(read.products).toHaveLength(50);
    expect(new Set(read.products.map((p) => p.handle)).size).toBe(50);
    expect(read.rowCount).toBe(388);
  });

  it('maps colours and sizes (Color/Colour/Warna, Size/Ukuran) with extra prices that add up', () => {
    const shirt = read.products.find((p) => p.handle === 'oxford-shirt-everyday-1');
    expect(shirt).toBeDefined();
    if (!shirt) return;
    expect(shirt.name).toBe('Oxford Shirt Everyday 1');
    expect(shirt.brand).toBe('Nusantara Goods');
    expect(shirt.category).toBe('Shirts');
    expect(shirt.subcategory).toBe('Shirts');
    // Compare-at 219,000 over a price of 189,000: our price is the regular one, the discount the price paid.
    expect(shirt.price).toBe(21_900_000);
    expect(shirt.discountPrice).toBe(18_900_000);
    expect(shirt.colors).toEqual([
      { name: 'Black', extraPrice: 0 },
      { name: 'White', extraPrice: 0 },
      { name: 'Navy', extraPrice: 0 },
      { name: 'Sky Blue', extraPrice: 1_000_000 },
    ]);
    expect(shirt.sizes).toEqual([
      { name: 'S', extraPrice: 0 },
      { name: 'M', extraPrice: 0 },
      { name: 'L', extraPrice: 0 },
      { name: 'XL', extraPrice: 500_000 },
    ]);
    expect(shirt.warnings).toEqual([]);
    expect(shirt.imageUrls).toEqual(['https://cdn.shopify.com/s/files/1/0029/files/oxford-shirt-everyday-1-1.png']);

    const sneakers = read.products.find((p) => p.handle.startsWith('canvas-sneakers'));
    expect(sneakers?.colors.map((c) => c.name)).toEqual(['Black', 'White', 'Red']);
    expect(sneakers?.sizes.map((s) => s.name)).toEqual(['39', '40', '41', '42', '43']);
    expect(sneakers?.sizes.at(-1)?.extraPrice).toBe(500_000);
  });

  it('adds the variants’ quantities into the stock, and orders images by position', () => {
    const dress = read.products.find((p) => p.handle.startsWith('linen-dress'));
    expect(dress?.stock).toBeGreaterThan(0);
    const threeImages = read.products.find((p) => p.imageUrls.length === 3);
    expect(threeImages?.imageUrls.map((url) => url.slice(-6))).toEqual(['-1.png', '-2.png', '-3.png']);
  });

  it('leaves out an option it cannot map, saying so, and reads drafts as drafts', () => {
    const hijab = read.products.find((p) => p.handle.startsWith('cotton-hijab'));
    expect(hijab?.sizes).toEqual([]);
    expect(hijab?.warnings.map(english)).toEqual([
      'The option Material has no place in our products and was left out.',
    ]);
    expect(read.products.filter((p) => !p.publish).length).toBeGreaterThan(0);
    const caseProduct = read.products.find((p) => p.handle.startsWith('phone-case'));
    expect(caseProduct?.colors).toEqual([]);
    expect(caseProduct?.sizes).toEqual([]);
  });

  it('a product with a size option but no colour: the sizes carry the extra prices', () => {
    const coffee = read.products.find((p) => p.handle.startsWith('arabica-coffee-beans'));
    expect(coffee?.colors).toEqual([]);
    expect(coffee?.sizes.map((s) => s.extraPrice)).toEqual([0, 7_000_000, 15_000_000]);
  });

  it('says when variant prices are not a colour price plus a size price', () => {
    const file = csv([
      'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price',
      'tee,Tee,Color,Black,Size,S,100',
      'tee,,,Black,,L,120',
      'tee,,,Red,,S,110',
      'tee,,,Red,,L,150',
    ]);
    const [tee] = readCatalogue(file).products;
    expect(tee?.price).toBe(10_000);
    expect(tee?.colors).toEqual([
      { name: 'Black', extraPrice: 0 },
      { name: 'Red', extraPrice: 1_000 },
    ]);
    expect(tee?.sizes).toEqual([
      { name: 'S', extraPrice: 0 },
      { name: 'L', extraPrice: 2_000 },
    ]);
    expect(tee?.warnings.map(english)).toEqual([
      'Some variant prices are not a colour price plus a size price; the nearest such prices were used.',
    ]);
  });

  it('reads the newer export’s column names too', () => {
    const file = csv([
      'URL handle,Title,Description,Price,Inventory quantity,Status',
      'mug,Mug,<p>Mug</p>,25000,4,active',
    ]);
    const read = readCatalogue(file);
    expect(read.format).toBe('shopify');
    expect(read.products[0]).toMatchObject({ handle: 'mug', price: 2_500_000, stock: 4, publish: true });
  });

  it('reports a bad variant per row and imports the rest', () => {
    const file = csv([
      'Handle,Title,Variant Price,Variant Inventory Qty',
      'good,Good,10,1',
      'bad,Bad,ten,1',
      'worse,Worse,10,many',
    ]);
    const read = readCatalogue(file);
    expect(read.products.map((p) => p.handle)).toEqual(['good']);
    expect(read.errors.map((e) => [e.row, english(e.message)])).toEqual([
      [3, 'The variant price is not an amount.'],
      [4, 'The inventory quantity is not a whole number.'],
    ]);
  });
});

describe('reading our template', () => {
  const header = TEMPLATE_COLUMNS.join(',');

  it('reads every column, with translations, colours and sizes', () => {
    const file = csv([
      header,
      'tee-1,TEE-1,published,Tee,Kaos,قميص,<p>Soft</p>,<p>Lembut</p>,,Men\'s Fashion,T-Shirts & Polos,Urban,pcs,"96,000",0,12,Black:0|Green:10000,S|XL:5000,https://img.example/a.png|https://img.example/b.png',
    ]);
    const read = readCatalogue(file);
    expect(read.format).toBe('template');
    expect(read.errors).toEqual([]);
    expect(read.products[0]).toMatchObject({
      handle: 'tee-1',
      sku: 'TEE-1',
      publish: true,
      name: 'Tee',
      translations: { id: { name: 'Kaos', description: '<p>Lembut</p>' }, ar: { name: 'قميص', description: null } },
      category: "Men's Fashion",
      subcategory: 'T-Shirts & Polos',
      price: 9_600_000,
      discountPrice: 0,
      stock: 12,
      colors: [
        { name: 'Black', extraPrice: 0 },
        { name: 'Green', extraPrice: 1_000_000 },
      ],
      sizes: [
        { name: 'S', extraPrice: 0 },
        { name: 'XL', extraPrice: 500_000 },
      ],
      imageUrls: ['https://img.example/a.png', 'https://img.example/b.png'],
    });
  });

  it('reads a file saved by a spreadsheet (BOM, CRLF)', () => {
    const file = Buffer.from(`\uFEFF${header}\r\nmug,,draft,Mug,,,,,,,,,,1000,,1,,,\r\n`);
    const read = readCatalogue(file);
    expect(read.products[0]).toMatchObject({ handle: 'mug', publish: false, price: 100_000 });
  });

  it('gives each bad row its line and reason', () => {
    const file = csv([
      header,
      ',,,Nameless handle,,,,,,,,,,1,,1,,,',
      'a,,,,,,,,,,,,,1,,1,,,',
      'b,,,B,,,,,,,,,,-5,,1,,,',
      'c,,,C,,,,,,,,,,5,,-1,,,',
      'd,,,D,,,,,,,,,,5,,1,Black:x,,',
      'e,,weird,E,,,,,,,,,,5,,1,,,',
      'f,,,F,,,,,,,,,,5,,1,,,',
      'f,,,F again,,,,,,,,,,5,,1,,,',
    ]);
    const read = readCatalogue(file);
    expect(read.products.map((p) => p.handle)).toEqual(['f']);
    expect(read.errors.map((e) => [e.row, english(e.message)])).toEqual([
      [2, 'The handle (or the SKU) is empty.'],
      [3, 'The name is empty.'],
      [4, 'The price is not an amount.'],
      [5, 'The stock is not a whole number of 0 or more.'],
      [6, 'The colours are not in the form Name:extra price|Name:extra price.'],
      [7, 'The status is neither published nor draft.'],
      [9, 'The handle f is on an earlier row too.'],
    ]);
  });
});

describe('a file that is not a catalogue', () => {
  it('says what is wrong and reads nothing', () => {
    expect(fileError(Buffer.from('just some text\n'))).toBe('The file has no header row.');
    expect(fileError(csv(['a,b', '1,2']))).toBe(
      'The file is neither our product template nor a Shopify product export: its first row names no handle and title.',
    );
    expect(fileError(csv(['Handle,Title']))).toBe('The file has no products.');
    expect(fileError(Buffer.from('Handle,Title\n"unclosed,1\n'))).toMatch(/could not be read as CSV/);
    expect(fileError(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe('The file is not a CSV file.');
  });
});

describe('parseMoney', () => {
  it('reads amounts with grouping and at most two decimals', () => {
    expect(parseMoney('96000')).toBe(9_600_000);
    expect(parseMoney('96,000.50')).toBe(9_600_050);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('-1')).toBeNull();
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('1e5')).toBeNull();
  });
});
