import {
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  type SellerProduct,
  type SellerProductOptionsReply,
  type SellerProductSaveInput,
} from '@shop/contracts/seller-products';

/** A language the seller writes the product's texts in (the marketplace's languages). */
export interface TextLanguage {
  code: string;
  title: string;
  dir: 'ltr' | 'rtl';
}

export interface TextsValues {
  name: string;
  short_description: string;
  /** HTML from the editor; '' when empty. */
  description: string;
}

/** A colour or size the product may come in: chosen or not, and what it adds to the price. */
export interface VariantChoice {
  on: boolean;
  extra: string;
}

/**
 * The editor's fields, as typed (numbers are text until sent). Colours and sizes are keyed
 * `o{id}`: a field path with a bare number would read as a list index.
 */
export interface ProductFormValues {
  texts: Record<string, TextsValues>;
  sku: string;
  category_id: string;
  sub_category_id: string;
  brand_id: string;
  unit_id: string;
  price: string;
  discount_price: string;
  stock: string;
  colors: Record<string, VariantChoice>;
  sizes: Record<string, VariantChoice>;
}

export type ProductOptions = SellerProductOptionsReply['data'];
export type VariantKind = 'colors' | 'sizes';

export const variantKey = (id: number) => `o${id}`;
const idOfKey = (key: string) => Number(key.slice(1));

/** An amount as the seller types it: digits, at most 2 decimals after a point ("150000", "150000.5"). */
export const MONEY_PATTERN = /^\d{1,11}(\.\d{1,2})?$/;
/** A stock figure: a whole number. */
export const STOCK_PATTERN = /^\d{1,8}$/;

/** Why a typed amount cannot be sent, or null when it can ('' is no amount). */
export function moneyProblem(text: string): 'format' | 'max' | null {
  const value = text.trim();
  if (value === '') return null;
  if (!MONEY_PATTERN.test(value)) return 'format';
  return Number(value) > PRODUCT_PRICE_MAX ? 'max' : null;
}

/** Why a typed stock cannot be sent, or null when it can ('' is no figure). */
export function stockProblem(text: string): 'format' | 'max' | null {
  const value = text.trim();
  if (value === '') return null;
  if (!STOCK_PATTERN.test(value)) return 'format';
  return Number(value) > PRODUCT_STOCK_MAX ? 'max' : null;
}

const amountText = (amount: number) => (amount > 0 ? String(amount) : '');
const idText = (id: number | null) => (id === null ? '' : String(id));

function choices(
  offered: readonly { id: number }[],
  chosen: readonly { id: number; extra_price: number }[],
): Record<string, VariantChoice> {
  const out: Record<string, VariantChoice> = {};
  for (const option of offered) out[variantKey(option.id)] = { on: false, extra: '' };
  // A choice the shop may no longer offer stays on the product until the seller unticks it.
  for (const v of chosen) out[variantKey(v.id)] = { on: true, extra: amountText(v.extra_price) };
  return out;
}

/** The editor's fields for a product (or a new one): every language and every option present. */
export function formValuesOf(
  product: SellerProduct | null,
  languages: readonly TextLanguage[],
  options: ProductOptions,
): ProductFormValues {
  const texts: Record<string, TextsValues> = {};
  for (const { code } of languages) {
    const given = product?.texts[code];
    texts[code] = {
      name: given?.name ?? '',
      short_description: given?.short_description ?? '',
      description: given?.description ?? '',
    };
  }
  return {
    texts,
    sku: product?.sku ?? '',
    category_id: idText(product?.category_id ?? null),
    sub_category_id: idText(product?.sub_category_id ?? null),
    brand_id: idText(product?.brand_id ?? null),
    unit_id: idText(product?.unit_id ?? null),
    price: amountText(product?.price ?? 0),
    discount_price: amountText(product?.discount_price ?? 0),
    stock: product ? String(product.stock) : '',
    colors: choices(options.colors, product?.colors ?? []),
    sizes: choices(options.sizes, product?.sizes ?? []),
  };
}

/** The chosen options of a kind, in the form's order: the order the save sends them in. */
export function chosenIds(values: ProductFormValues, kind: VariantKind): number[] {
  return Object.entries(values[kind])
    .filter(([, choice]) => choice.on)
    .map(([key]) => idOfKey(key));
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The body of a save. `stock` (with the stock the editor started from, so a sale meanwhile is
 * not overwritten) only when the seller changed it; `updated_at` of the product as read, so a
 * newer save elsewhere is not overwritten either.
 */
export function savePayload(
  values: ProductFormValues,
  context: {
    languages: readonly TextLanguage[];
    product: SellerProduct | null;
    status?: 'draft' | 'published';
    stockChanged: boolean;
    startStock: string;
  },
): SellerProductSaveInput {
  const texts: NonNullable<SellerProductSaveInput['texts']> = {};
  for (const { code } of context.languages) {
    const given = values.texts[code];
    if (!given) continue;
    texts[code] = {
      name: textOrNull(given.name),
      short_description: textOrNull(given.short_description),
      description: given.description.trim() === '' ? null : given.description,
    };
  }
  const variants = (kind: VariantKind) =>
    chosenIds(values, kind).map((id) => ({ id, extra_price: numberOrNull(values[kind][variantKey(id)]?.extra ?? '') }));
  const input: SellerProductSaveInput = {
    texts,
    sku: textOrNull(values.sku),
    category_id: numberOrNull(values.category_id),
    sub_category_id: numberOrNull(values.sub_category_id),
    brand_id: numberOrNull(values.brand_id),
    unit_id: numberOrNull(values.unit_id),
    price: numberOrNull(values.price),
    discount_price: numberOrNull(values.discount_price),
    colors: variants('colors'),
    sizes: variants('sizes'),
  };
  if (context.status) input.status = context.status;
  if (!context.product || context.stockChanged) input.stock = numberOrNull(values.stock);
  if (context.product) {
    input.updated_at = context.product.updated_at;
    if (context.stockChanged) input.expected_stock = numberOrNull(context.startStock);
  }
  return input;
}

/**
 * The form field a save's field error belongs under: the same path for most, the option's own
 * fields for a colour or size (the server names them by their place in the list sent), 'photos'
 * for the photos, or null for one the form shows above its buttons.
 */
export function formFieldOf(serverField: string, sent: Record<VariantKind, number[]>): string | null {
  const variant = /^(colors|sizes)\.(\d+)\.(id|extra_price)$/.exec(serverField);
  if (variant) {
    const [, kind, index] = variant as unknown as [string, VariantKind, string];
    const id = sent[kind][Number(index)];
    return id === undefined ? null : `${kind}.${variantKey(id)}.extra`;
  }
  if (/^texts\.[a-z-]+\.(name|short_description|description)$/i.test(serverField)) return serverField;
  const plain = [
    'sku',
    'category_id',
    'sub_category_id',
    'brand_id',
    'unit_id',
    'price',
    'discount_price',
    'stock',
    'photos',
  ];
  return plain.includes(serverField) ? serverField : null;
}

/** The fields in the order the editor shows them: the first one in error takes the focus. */
export function fieldOrder(languages: readonly TextLanguage[], values: ProductFormValues): string[] {
  return [
    ...languages.flatMap(({ code }) => [
      `texts.${code}.name`,
      `texts.${code}.short_description`,
      `texts.${code}.description`,
    ]),
    'photos',
    'category_id',
    'sub_category_id',
    'brand_id',
    'unit_id',
    'price',
    'discount_price',
    'stock',
    'sku',
    ...Object.keys(values.colors).map((key) => `colors.${key}.extra`),
    ...Object.keys(values.sizes).map((key) => `sizes.${key}.extra`),
  ];
}

/** The DOM id of a field's control. */
export const fieldDomId = (field: string) => `product-${field.replace(/\./g, '-')}`;
