import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog } from '../db/schema/audit';
import { brands, categories, categorySubCategories, colors, sizes, subCategories, units } from '../db/schema/catalog';
import { media } from '../db/schema/common';
import { contactMessages } from '../db/schema/contact';
import { products } from '../db/schema/products';
import { shops } from '../db/schema/shops';
import { type SignedIn, signInNewCustomer } from './auth';
import { createTestProduct, seededShops } from './commerce';
import { multipart } from './multipart';
import { createSellerProduct, RESOURCES } from './resource-isolation';
import { placeCashOrder, registerShop, shopRegistration, signInOperator, signInSeller } from './seller-centre';
import { createTestFlashSale, deliveredOrder } from './seller-money';
import { postTicket } from './support';
import type { TestApp } from './test-app';
import { totpCode } from './two-step';

/**
 * The audit walk: every write of a seller or the operator (what app.routeAccess lists as such)
 * made once with a valid request, each of which must write exactly one audit entry.
 * audit-walk.test.ts fails while an audited route has no builder here, so a new write route
 * comes with its request (and its audit entry).
 */

/**
 * Seller Centre and operator calls that write but change no record of the marketplace: signing
 * in and out makes a session, not a change anyone audits.
 */
export const AUDIT_EXEMPT = ['POST /api/shop/login', 'POST /api/operator/login', 'POST /api/logout'];

export interface WalkActors {
  shopId: number;
  seller: SignedIn;
  operator: SignedIn;
  shopper: SignedIn;
}

export interface WalkRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string | Buffer | object;
  contentType?: string;
  /** The session it is sent with; none for a shop's registration. */
  as: SignedIn | null;
}

type Builder = (ctx: TestApp, actors: WalkActors) => Promise<WalkRequest>;

/** A settings section as its form sends it: what is stored, with the theme's palette filled in. */
async function settingsForm(ctx: TestApp, operator: SignedIn, section: string): Promise<object> {
  const res = await ctx.app.inject({ url: '/api/operator/settings', headers: operator.bearerHeaders });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
  const settings = (res.json() as { data: { settings: Record<string, unknown> } }).data.settings;
  if (section === 'theme') {
    const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
    return { primary: '#0f766e', ...Object.fromEntries(shades.map((s) => [`primary${s}`, '#0f766e'])) };
  }
  if (section === 'social') {
    const social = settings.social as Record<string, { client_secret_set: boolean }>;
    return Object.fromEntries(
      Object.entries(social).map(([name, { client_secret_set: _set, ...fields }]) => [name, fields]),
    );
  }
  return settings[section] as object;
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}

async function form(name: string, filename: string, type: string, data: Buffer, fields: Record<string, string> = {}) {
  const body = multipart(fields, [{ name, filename, type, data }]);
  return { payload: body.payload, contentType: body.contentType };
}

/** Sends a set-up call (its own audit entry is not the one under test) and returns its JSON. */
async function setUp(ctx: TestApp, as: SignedIn, method: string, url: string, payload?: object) {
  const res = await ctx.app.inject({
    method: method as 'POST',
    url,
    headers: as.bearerHeaders,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`set-up ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { data: Record<string, { id: number }> };
}

const voucherBody = (ctx: TestApp) => {
  const now = ctx.clock.now().getTime();
  return {
    code: `AUD${randomUUID().slice(0, 8)}`.toUpperCase(),
    discount_type: 'Amount',
    discount: 1_000,
    starts_at: new Date(now - 86_400_000).toISOString(),
    expires_at: new Date(now + 86_400_000).toISOString(),
  };
};

async function newVoucher(ctx: TestApp, a: WalkActors) {
  return (await setUp(ctx, a.seller, 'POST', '/api/seller/vouchers', voucherBody(ctx))).data.voucher?.id;
}

const saleBody = (ctx: TestApp) => {
  const now = ctx.clock.now().getTime();
  return {
    name: `Audit sale ${randomUUID().slice(0, 8)}`,
    starts_at: new Date(now + 86_400_000).toISOString(),
    ends_at: new Date(now + 2 * 86_400_000).toISOString(),
  };
};

async function newSale(ctx: TestApp, a: WalkActors) {
  return (await setUp(ctx, a.operator, 'POST', '/api/operator/flash-sales', saleBody(ctx))).data.flash_sale?.id;
}

async function newPlatformVoucher(ctx: TestApp, a: WalkActors) {
  return (await setUp(ctx, a.operator, 'POST', '/api/operator/vouchers', { ...voucherBody(ctx), shop_ids: [a.shopId] }))
    .data.voucher?.id;
}

// Far above any cart, so the walk's tiers change no other test's delivery charge.
const tierBody = { name: 'Audit tier', min_qty: 900_000, max_qty: 900_001, charge: 1 };
// Inactive: checkout adds no tax of the walk's.
const vatBody = { name: 'Audit VAT', percentage: 1, is_active: false };

async function newTier(ctx: TestApp, a: WalkActors) {
  return (await setUp(ctx, a.operator, 'POST', '/api/operator/delivery-charges', tierBody)).data.tier?.id;
}

async function newEntry(ctx: TestApp, a: WalkActors) {
  const now = ctx.clock.now().getTime();
  const product = await createTestProduct(ctx.db, { shopId: a.shopId, price: 1_000_000, stock: 5 });
  const sale = await createTestFlashSale(ctx, {
    startsAt: new Date(now + 86_400_000),
    endsAt: new Date(now + 2 * 86_400_000),
  });
  return { sale, product: product.id };
}

async function ticketNumber(ctx: TestApp, a: WalkActors) {
  const res = await postTicket(ctx.app, a.shopper.bearerHeaders);
  if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { support_ticket: { ticket_no: string } } }).data.support_ticket.ticket_no;
}

async function pendingShop(ctx: TestApp) {
  const { body } = await registerShop(ctx.app);
  const [shop] = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.name, body.shop_name));
  if (!shop) throw new Error('pending shop: none made');
  return shop.id;
}

/** An approved, active shop of its own (so suspending it leaves the walk's shop alone). */
async function openShop(ctx: TestApp, suspended = false) {
  const id = await pendingShop(ctx);
  await ctx.db
    .update(shops)
    .set({ status: 'approved', isActive: !suspended, suspendedAt: suspended ? ctx.clock.now() : null })
    .where(eq(shops.id, id));
  return id;
}

/** A product of the walk's shop, published and waiting for the operator's approval. */
async function waitingProduct(ctx: TestApp, a: WalkActors) {
  const product = await createTestProduct(ctx.db, { shopId: a.shopId, price: 1_000_000, stock: 5 });
  await ctx.db.update(products).set({ isActive: true, isApproved: false }).where(eq(products.id, product.id));
  return product.id;
}

/** A pending withdrawal of the walk's shop (its balance credited by a delivered order first). */
async function pendingWithdrawal(ctx: TestApp, a: WalkActors) {
  await deliveredOrder(ctx, a.shopId, 10_000_000);
  const made = await setUp(ctx, a.seller, 'POST', '/api/seller/withdrawals', {
    amount: 10_000,
    bank_name: 'BCA',
    bank_account_number: '1234567890',
    account_holder: 'Toko',
  });
  return made.data.withdrawal?.id;
}

/** A valid request for each audited route, keyed "METHOD url" as registered. */
/** A new category of its own (so changing or deleting it leaves the seeded ones alone). */
async function newCategory(ctx: TestApp): Promise<number> {
  const [row] = await ctx.db
    .insert(categories)
    .values({ name: 'Walk category', slug: `walk-${randomUUID()}` })
    .returning({ id: categories.id });
  return row!.id;
}

/** A new subcategory of its own, under a new category. */
async function newSubCategory(ctx: TestApp): Promise<number> {
  const [row] = await ctx.db
    .insert(subCategories)
    .values({ name: 'Walk subcategory', slug: `walk-sub-${randomUUID()}` })
    .returning({ id: subCategories.id });
  await ctx.db.insert(categorySubCategories).values({ categoryId: await newCategory(ctx), subCategoryId: row!.id });
  return row!.id;
}

/** A new platform-wide brand, colour, size or unit of its own. */
async function newValue(ctx: TestApp, kind: 'brands' | 'colors' | 'sizes' | 'units'): Promise<number> {
  const name = `Walk ${kind} ${randomUUID().slice(0, 8)}`;
  const rows =
    kind === 'brands'
      ? await ctx.db.insert(brands).values({ name }).returning({ id: brands.id })
      : kind === 'colors'
        ? await ctx.db.insert(colors).values({ name, colorCode: '#123456' }).returning({ id: colors.id })
        : kind === 'sizes'
          ? await ctx.db.insert(sizes).values({ name }).returning({ id: sizes.id })
          : await ctx.db.insert(units).values({ name }).returning({ id: units.id });
  return rows[0]!.id;
}

/** The requests of the four lists of platform-wide values: add, change, delete. */
const valueWalk = (kind: 'brands' | 'colors' | 'sizes' | 'units', extra: object): Record<string, Builder> => ({
  [`POST /api/operator/${kind}`]: async (_ctx, a) => ({
    method: 'POST',
    url: `/api/operator/${kind}`,
    payload: { name: `Walk new ${kind}`, ...extra },
    as: a.operator,
  }),
  [`PUT /api/operator/${kind}/:id`]: async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/${kind}/${await newValue(ctx, kind)}`,
    payload: { name: `Walk renamed ${kind}`, ...extra },
    as: a.operator,
  }),
  [`DELETE /api/operator/${kind}/:id`]: async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/${kind}/${await newValue(ctx, kind)}`,
    as: a.operator,
  }),
});

/** A message of the contact form, for the operator to mark. */
async function newContactMessage(ctx: TestApp): Promise<number> {
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({ name: 'Walk', email: 'walk@example.com', subject: 'Walk subject', message: 'Walk message' })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** A stored picture for a banner or an ad. */
async function newMedia(ctx: TestApp): Promise<number> {
  const [row] = await ctx.db
    .insert(media)
    .values({ path: 'content/walk.webp', width: 8, height: 8 })
    .returning({ id: media.id });
  return row!.id;
}

// Inactive, so the walk's banners and ads show on no home page.
const bannerBody = async (ctx: TestApp) => ({
  title: `Walk banner ${randomUUID().slice(0, 6)}`,
  url: '/shops',
  media_id: await newMedia(ctx),
  is_active: false,
});

async function newBanner(ctx: TestApp, a: WalkActors, placement: 'banners' | 'ads') {
  return (await setUp(ctx, a.operator, 'POST', `/api/operator/${placement}`, await bannerBody(ctx))).data.item?.id;
}

/** A page or post of the walk's own (inactive, so no storefront shows it). */
const textBody = () => ({
  title: `Walk text ${randomUUID().slice(0, 6)}`,
  description: '<p>Walk text</p>',
  is_active: false,
  translations: { id: { title: 'Teks', description: '<p>Teks</p>' } },
});

async function newText(ctx: TestApp, a: WalkActors, kind: 'pages' | 'blogs') {
  const made = await setUp(ctx, a.operator, 'POST', `/api/operator/${kind}`, textBody());
  return (made.data.page ?? made.data.blog)?.id;
}

export const AUDIT_WALK: Record<string, Builder> = {
  ...valueWalk('brands', {}),
  ...valueWalk('colors', { color_code: '#1E40AF' }),
  ...valueWalk('sizes', { position: 2 }),
  ...valueWalk('units', {}),
  'POST /api/operator/brands/:id/image': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/brands/${await newValue(ctx, 'brands')}/image`,
    ...(await form('image', 'logo.png', 'image/png', await png())),
    as: a.operator,
  }),
  'DELETE /api/operator/brands/:id/image': async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/brands/${await newValue(ctx, 'brands')}/image`,
    as: a.operator,
  }),
  ...Object.fromEntries(
    (['pages', 'blogs'] as const).flatMap((kind) => [
      [
        `POST /api/operator/${kind}`,
        async (_ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
          method: 'POST',
          url: `/api/operator/${kind}`,
          payload: textBody(),
          as: a.operator,
        }),
      ],
      [
        `PUT /api/operator/${kind}/:id`,
        async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
          method: 'PUT',
          url: `/api/operator/${kind}/${await newText(ctx, a, kind)}`,
          payload: { ...textBody(), description: '<p>Changed</p>' },
          as: a.operator,
        }),
      ],
      [
        `DELETE /api/operator/${kind}/:id`,
        async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
          method: 'DELETE',
          url: `/api/operator/${kind}/${await newText(ctx, a, kind)}`,
          as: a.operator,
        }),
      ],
    ]),
  ),
  ...Object.fromEntries(
    (['banners', 'ads'] as const).flatMap((placement) => [
      [
        `POST /api/operator/${placement}`,
        async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
          method: 'POST',
          url: `/api/operator/${placement}`,
          payload: await bannerBody(ctx),
          as: a.operator,
        }),
      ],
      [
        `PUT /api/operator/${placement}/:id`,
        async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
          method: 'PUT',
          url: `/api/operator/${placement}/${await newBanner(ctx, a, placement)}`,
          payload: { ...(await bannerBody(ctx)), position: 4 },
          as: a.operator,
        }),
      ],
      [
        `DELETE /api/operator/${placement}/:id`,
        async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
          method: 'DELETE',
          url: `/api/operator/${placement}/${await newBanner(ctx, a, placement)}`,
          as: a.operator,
        }),
      ],
    ]),
  ),
  'POST /api/operator/content-images': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/operator/content-images',
    ...(await form('image', 'banner.png', 'image/png', await png())),
    as: a.operator,
  }),
  'POST /api/operator/contact-messages/:id/read': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/contact-messages/${await newContactMessage(ctx)}/read`,
    payload: { read: true },
    as: a.operator,
  }),
  'POST /api/operator/contact-messages/:id/handled': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/contact-messages/${await newContactMessage(ctx)}/handled`,
    payload: { handled: true },
    as: a.operator,
  }),
  'POST /api/operator/categories': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/operator/categories',
    payload: { name: 'Walk new category', translations: { id: 'Kategori' } },
    as: a.operator,
  }),
  'PUT /api/operator/categories/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/categories/${await newCategory(ctx)}`,
    payload: { name: 'Walk renamed category', position: 3 },
    as: a.operator,
  }),
  'DELETE /api/operator/categories/:id': async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/categories/${await newCategory(ctx)}`,
    as: a.operator,
  }),
  'POST /api/operator/categories/:id/image': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/categories/${await newCategory(ctx)}/image`,
    ...(await form('image', 'thumb.png', 'image/png', await png())),
    as: a.operator,
  }),
  'DELETE /api/operator/categories/:id/image': async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/categories/${await newCategory(ctx)}/image`,
    as: a.operator,
  }),
  'POST /api/operator/sub-categories': async (ctx, a) => ({
    method: 'POST',
    url: '/api/operator/sub-categories',
    payload: { name: 'Walk new subcategory', category_ids: [await newCategory(ctx)] },
    as: a.operator,
  }),
  'PUT /api/operator/sub-categories/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/sub-categories/${await newSubCategory(ctx)}`,
    payload: { name: 'Walk renamed subcategory', category_ids: [await newCategory(ctx)], position: 2 },
    as: a.operator,
  }),
  'DELETE /api/operator/sub-categories/:id': async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/sub-categories/${await newSubCategory(ctx)}`,
    as: a.operator,
  }),
  'POST /api/operator/sub-categories/:id/image': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/sub-categories/${await newSubCategory(ctx)}/image`,
    ...(await form('image', 'thumb.png', 'image/png', await png())),
    as: a.operator,
  }),
  'DELETE /api/operator/sub-categories/:id/image': async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/sub-categories/${await newSubCategory(ctx)}/image`,
    as: a.operator,
  }),
  'POST /api/shop/register': async () => ({
    method: 'POST',
    url: '/api/shop/register',
    payload: shopRegistration(),
    as: null,
  }),
  'POST /api/seller/shop/profile': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/seller/shop/profile',
    payload: { address: `Jl. Audit ${randomUUID().slice(0, 4)}` },
    as: a.seller,
  }),
  'POST /api/seller/shop/logo': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/seller/shop/logo',
    ...(await form('logo', 'logo.png', 'image/png', await png())),
    as: a.seller,
  }),
  'POST /api/operator/settings/images/:kind': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/operator/settings/images/footer_qr',
    ...(await form('image', 'qr.png', 'image/png', await png())),
    as: a.operator,
  }),
  'DELETE /api/operator/settings/images/:kind': async (_ctx, a) => ({
    method: 'DELETE',
    url: '/api/operator/settings/images/app_logo',
    as: a.operator,
  }),
  'POST /api/seller/shop/banner': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/seller/shop/banner',
    ...(await form('banner', 'banner.png', 'image/png', await png())),
    as: a.seller,
  }),
  'POST /api/seller/orders/:id/status': async (ctx, a) => ({
    method: 'POST',
    url: `/api/seller/orders/${await RESOURCES.order.create(ctx, a.shopper)}/status`,
    payload: { status: 'Confirm' },
    as: a.seller,
  }),
  'POST /api/seller/returns/:id/status': async (ctx, a) => ({
    method: 'POST',
    url: `/api/seller/returns/${await RESOURCES.return.create(ctx, a.shopper)}/status`,
    payload: { status: 'Approved' },
    as: a.seller,
  }),
  'POST /api/seller/returns/:id/refund': async (ctx, a) => {
    const id = await RESOURCES.return.create(ctx, a.shopper);
    await setUp(ctx, a.seller, 'POST', `/api/seller/returns/${id}/status`, { status: 'Approved' });
    return { method: 'POST', url: `/api/seller/returns/${id}/refund`, payload: {}, as: a.seller };
  },
  'POST /api/seller/vouchers': async (ctx, a) => ({
    method: 'POST',
    url: '/api/seller/vouchers',
    payload: voucherBody(ctx),
    as: a.seller,
  }),
  'PUT /api/seller/vouchers/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/seller/vouchers/${await newVoucher(ctx, a)}`,
    payload: { ...voucherBody(ctx), discount: 2_000 },
    as: a.seller,
  }),
  'POST /api/seller/vouchers/:id/end': async (ctx, a) => ({
    method: 'POST',
    url: `/api/seller/vouchers/${await newVoucher(ctx, a)}/end`,
    as: a.seller,
  }),
  'POST /api/seller/withdrawals': async (ctx, a) => {
    await deliveredOrder(ctx, a.shopId, 10_000_000);
    return {
      method: 'POST',
      url: '/api/seller/withdrawals',
      payload: { amount: 10_000, bank_name: 'BCA', bank_account_number: '1234567890', account_holder: 'Toko' },
      as: a.seller,
    };
  },
  'POST /api/seller/flash-sale-entries': async (ctx, a) => {
    const { sale, product } = await newEntry(ctx, a);
    return {
      method: 'POST',
      url: '/api/seller/flash-sale-entries',
      payload: { flash_sale_id: sale, product_id: product, price: 5_000, quantity: 1 },
      as: a.seller,
    };
  },
  'PUT /api/seller/flash-sale-entries/:id': async (ctx, a) => {
    const { sale, product } = await newEntry(ctx, a);
    const made = await setUp(ctx, a.seller, 'POST', '/api/seller/flash-sale-entries', {
      flash_sale_id: sale,
      product_id: product,
      price: 5_000,
      quantity: 1,
    });
    return {
      method: 'PUT',
      url: `/api/seller/flash-sale-entries/${made.data.entry?.id}`,
      payload: { price: 4_000, quantity: 2 },
      as: a.seller,
    };
  },
  'DELETE /api/seller/flash-sale-entries/:id': async (ctx, a) => {
    const { sale, product } = await newEntry(ctx, a);
    const made = await setUp(ctx, a.seller, 'POST', '/api/seller/flash-sale-entries', {
      flash_sale_id: sale,
      product_id: product,
      price: 5_000,
      quantity: 1,
    });
    return { method: 'DELETE', url: `/api/seller/flash-sale-entries/${made.data.entry?.id}`, as: a.seller };
  },
  'POST /api/seller/products': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/seller/products',
    payload: { texts: { en: { name: 'Audited product' } } },
    as: a.seller,
  }),
  'PUT /api/seller/products/:id': async (ctx, a) => {
    const { product } = await createSellerProduct(ctx, a.seller);
    return {
      method: 'PUT',
      url: `/api/seller/products/${product}`,
      payload: { texts: { en: { name: 'Renamed product' } } },
      as: a.seller,
    };
  },
  'POST /api/seller/products/bulk': async (ctx, a) => {
    const { product } = await createSellerProduct(ctx, a.seller);
    return {
      method: 'POST',
      url: '/api/seller/products/bulk',
      payload: { action: 'delete', ids: [product] },
      as: a.seller,
    };
  },
  'POST /api/seller/products/stock': async (ctx, a) => {
    const product = await createTestProduct(ctx.db, { shopId: a.shopId, price: 1_000_000, stock: 5 });
    return {
      method: 'POST',
      url: '/api/seller/products/stock',
      payload: { rows: [{ id: product.id, stock: 7, expected_stock: 5 }] },
      as: a.seller,
    };
  },
  'POST /api/seller/products/:id/photos': async (ctx, a) => {
    const { product } = await createSellerProduct(ctx, a.seller);
    return {
      method: 'POST',
      url: `/api/seller/products/${product}/photos`,
      ...(await form('photo', 'second.png', 'image/png', await png())),
      as: a.seller,
    };
  },
  'PUT /api/seller/products/:id/photos/order': async (ctx, a) => {
    const { product, photo } = await createSellerProduct(ctx, a.seller);
    return {
      method: 'PUT',
      url: `/api/seller/products/${product}/photos/order`,
      payload: { photo_ids: [photo] },
      as: a.seller,
    };
  },
  'POST /api/seller/products/:id/photos/:photoId/cover': async (ctx, a) => {
    const { product, photo } = await createSellerProduct(ctx, a.seller);
    return { method: 'POST', url: `/api/seller/products/${product}/photos/${photo}/cover`, as: a.seller };
  },
  'DELETE /api/seller/products/:id/photos/:photoId': async (ctx, a) => {
    const { product, photo } = await createSellerProduct(ctx, a.seller);
    // The last photo stays: a second one first.
    const second = await form('photo', 'second.png', 'image/png', await png());
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/products/${product}/photos`,
      headers: { ...a.seller.bearerHeaders, 'content-type': second.contentType },
      payload: second.payload,
    });
    if (res.statusCode !== 200) throw new Error(`second photo: ${res.statusCode} ${res.body}`);
    return { method: 'DELETE', url: `/api/seller/products/${product}/photos/${photo}`, as: a.seller };
  },
  'POST /api/seller/products/import': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/seller/products/import',
    ...(await form(
      'file',
      'catalogue.csv',
      'text/csv',
      Buffer.from(`Handle,Title,Variant Price\naudit-${randomUUID().slice(0, 6)},Audit,1\n`),
    )),
    as: a.seller,
  }),
  'POST /api/seller/send-message': async (ctx, a) => {
    await setUp(ctx, a.shopper, 'POST', '/api/store-message', { shop_id: a.shopId, message: 'Is it in stock?' });
    return {
      method: 'POST',
      url: '/api/seller/send-message',
      payload: { user_id: a.shopper.user.id, message: 'Yes, it is.' },
      as: a.seller,
    };
  },
  'POST /api/operator/shops/:id/approve': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/shops/${await pendingShop(ctx)}/approve`,
    as: a.operator,
  }),
  'POST /api/operator/shops/:id/reject': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/shops/${await pendingShop(ctx)}/reject`,
    as: a.operator,
  }),
  'POST /api/operator/shops/:id/suspend': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/shops/${await openShop(ctx)}/suspend`,
    as: a.operator,
  }),
  'POST /api/operator/shops/:id/reactivate': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/shops/${await openShop(ctx, true)}/reactivate`,
    as: a.operator,
  }),
  'PUT /api/operator/shops/:id/commission': async (_ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/shops/${a.shopId}/commission`,
    payload: { commission_rate: 7.5 },
    as: a.operator,
  }),
  'POST /api/operator/products/approve': async (ctx, a) => ({
    method: 'POST',
    url: '/api/operator/products/approve',
    payload: { ids: [await waitingProduct(ctx, a), await waitingProduct(ctx, a)] },
    as: a.operator,
  }),
  'POST /api/operator/products/:id/approve': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/products/${await waitingProduct(ctx, a)}/approve`,
    as: a.operator,
  }),
  'POST /api/operator/products/:id/refuse': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/products/${await waitingProduct(ctx, a)}/refuse`,
    payload: { reason: 'The photos show another product.' },
    as: a.operator,
  }),
  'POST /api/operator/withdrawals/:id/pay': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/withdrawals/${await pendingWithdrawal(ctx, a)}/pay`,
    payload: { reference: 'TRF-AUDIT-1' },
    as: a.operator,
  }),
  'POST /api/operator/withdrawals/:id/refuse': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/withdrawals/${await pendingWithdrawal(ctx, a)}/refuse`,
    payload: { reason: 'The account name differs.' },
    as: a.operator,
  }),
  ...Object.fromEntries(
    (['general', 'theme', 'verify', 'commerce', 'social'] as const).map((section) => [
      `PUT /api/operator/settings/${section}`,
      async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => ({
        method: 'PUT',
        url: `/api/operator/settings/${section}`,
        payload: await settingsForm(ctx, a.operator, section),
        as: a.operator,
      }),
    ]),
  ),
  // The lists of /operator/settings saved whole: each sends back what it read.
  ...Object.fromEntries(
    ['menus', 'footers', 'currencies', 'languages', 'social-links'].map((list) => [
      `PUT /api/operator/settings/${list}`,
      async (ctx: TestApp, a: WalkActors): Promise<WalkRequest> => {
        const url = `/api/operator/settings/${list}`;
        const res = await ctx.app.inject({ url, headers: a.operator.bearerHeaders });
        const items = (res.json() as { data: { items: Record<string, unknown>[] } }).data.items.map(
          ({ id: _id, logo: _logo, ...item }) => item,
        );
        return { method: 'PUT', url, payload: { items }, as: a.operator };
      },
    ]),
  ),
  'PUT /api/operator/settings/payment-gateways/:name': async (_ctx, a) => ({
    method: 'PUT',
    url: '/api/operator/settings/payment-gateways/sandbox',
    payload: { is_active: true, mode: 'test', title: 'Sandbox Payment', keys: {} },
    as: a.operator,
  }),
  'POST /api/operator/returns/:id/refund': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/returns/${await RESOURCES.return.create(ctx, a.shopper)}/refund`,
    as: a.operator,
  }),
  'POST /api/operator/returns/:id/refuse': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/returns/${await RESOURCES.return.create(ctx, a.shopper)}/refuse`,
    payload: { reason: 'The parcel came back empty.' },
    as: a.operator,
  }),
  'POST /api/operator/support-tickets/:number/reply': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/support-tickets/${await ticketNumber(ctx, a)}/reply`,
    payload: { message: 'We are looking into it.' },
    as: a.operator,
  }),
  'POST /api/operator/support-tickets/:number/status': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/support-tickets/${await ticketNumber(ctx, a)}/status`,
    payload: { status: 'confirm' },
    as: a.operator,
  }),
  'POST /api/operator/support-tickets/:number/user-chat': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/support-tickets/${await ticketNumber(ctx, a)}/user-chat`,
    payload: { enabled: true },
    as: a.operator,
  }),
  'POST /api/operator/flash-sales': async (ctx, a) => ({
    method: 'POST',
    url: '/api/operator/flash-sales',
    payload: saleBody(ctx),
    as: a.operator,
  }),
  'PUT /api/operator/flash-sales/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/flash-sales/${await newSale(ctx, a)}`,
    payload: { ...saleBody(ctx), all_shops: false, shop_ids: [a.shopId] },
    as: a.operator,
  }),
  'POST /api/operator/flash-sales/:id/end': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/flash-sales/${await newSale(ctx, a)}/end`,
    as: a.operator,
  }),
  'POST /api/operator/vouchers': async (ctx, a) => ({
    method: 'POST',
    url: '/api/operator/vouchers',
    payload: { ...voucherBody(ctx), shop_ids: [a.shopId] },
    as: a.operator,
  }),
  'PUT /api/operator/vouchers/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/vouchers/${await newPlatformVoucher(ctx, a)}`,
    payload: { ...voucherBody(ctx), shop_ids: [a.shopId] },
    as: a.operator,
  }),
  'POST /api/operator/vouchers/:id/end': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/vouchers/${await newPlatformVoucher(ctx, a)}/end`,
    as: a.operator,
  }),
  'POST /api/operator/orders/:id/cancel': async (ctx, a) => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const product = await createTestProduct(ctx.db, { shopId: a.shopId, price: 10_000, stock: 5 });
    const orderId = await placeCashOrder(ctx.app, session.bearerHeaders, a.shopId, [product.id]);
    return {
      method: 'POST',
      url: `/api/operator/orders/${orderId}/cancel`,
      payload: { reason: 'Out of stock at the shop.' },
      as: a.operator,
    };
  },
  'POST /api/operator/users/:id/block': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/users/${(await signInNewCustomer(ctx.app, ctx.db)).customer.id}/block`,
    as: a.operator,
  }),
  'POST /api/operator/users/:id/unblock': async (ctx, a) => ({
    method: 'POST',
    url: `/api/operator/users/${(await signInNewCustomer(ctx.app, ctx.db)).customer.id}/unblock`,
    as: a.operator,
  }),
  'POST /api/operator/delivery-charges': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/operator/delivery-charges',
    payload: tierBody,
    as: a.operator,
  }),
  'PUT /api/operator/delivery-charges/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/delivery-charges/${await newTier(ctx, a)}`,
    payload: { ...tierBody, charge: 2 },
    as: a.operator,
  }),
  'DELETE /api/operator/delivery-charges/:id': async (ctx, a) => ({
    method: 'DELETE',
    url: `/api/operator/delivery-charges/${await newTier(ctx, a)}`,
    as: a.operator,
  }),
  'POST /api/operator/vat': async (_ctx, a) => ({
    method: 'POST',
    url: '/api/operator/vat',
    payload: vatBody,
    as: a.operator,
  }),
  'PUT /api/operator/vat/:id': async (ctx, a) => ({
    method: 'PUT',
    url: `/api/operator/vat/${(await setUp(ctx, a.operator, 'POST', '/api/operator/vat', vatBody)).data.vat?.id}`,
    payload: vatBody,
    as: a.operator,
  }),
  // Two-step sign-in of the seller, in this order: on, new recovery codes, off (the session that
  // turned it on gave a code just now, so the last two pass the step-up).
  'POST /api/two-step/enable': async (ctx, { seller }) => {
    const { data } = (await setUp(ctx, seller, 'POST', '/api/two-step/setup')) as unknown as {
      data: { secret: string };
    };
    return {
      method: 'POST',
      url: '/api/two-step/enable',
      payload: { code: totpCode(data.secret, ctx.clock.now()) },
      as: seller,
    };
  },
  'POST /api/two-step/recovery-codes': async (_ctx, { seller }) => ({
    method: 'POST',
    url: '/api/two-step/recovery-codes',
    as: seller,
  }),
  'POST /api/two-step/disable': async (_ctx, { seller }) => ({
    method: 'POST',
    url: '/api/two-step/disable',
    as: seller,
  }),
};

/** The first seeded shop's seller, the demo operator and a fresh shopper. */
export async function walkActors(ctx: TestApp): Promise<WalkActors> {
  const [shop] = await seededShops(ctx.db, 1);
  if (!shop) throw new Error('the seed has no shop');
  return {
    shopId: shop.id,
    seller: await signInSeller(ctx.app, `${shop.slug}@example.com`),
    operator: await signInOperator(ctx),
    shopper: (await signInNewCustomer(ctx.app, ctx.db)).session,
  };
}

export async function auditCount(ctx: TestApp): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

export async function lastAuditEntry(ctx: TestApp) {
  const [row] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row ?? null;
}
