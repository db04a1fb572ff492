import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  sellerDashboardReplySchema,
  sellerOrderDetailsReplySchema,
  sellerOrdersReplySchema,
  sellerReturnDetailsReplySchema,
  sellerReturnsReplySchema,
  sellerShopReplySchema,
} from '@shop/contracts/sellers';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER, DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { type SignedIn, signIn, signInNewCustomer, testIp } from '../../testing/auth';
import { createTestProduct, seededShops } from '../../testing/commerce';
import { type MultipartFile, multipart } from '../../testing/multipart';
import {
  placeCashOrder,
  registerShop,
  shopRegistration,
  signInOperator,
  signInSeller,
} from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';
import { SHOP_LOGO_FOLDER, slugOf } from './seller-centre.service';

const rp = (n: number) => n * 100;

/** Valid bodies of the seller routes that take one of their own (the policy is checked after the body). */
const VOUCHER = {
  code: 'VALID1',
  discount_type: 'Amount',
  discount: 1000,
  starts_at: '2030-01-01T00:00:00Z',
  expires_at: '2030-02-01T00:00:00Z',
};
const VALID_BODIES: Record<string, object> = {
  'POST /api/seller/withdrawals': {
    amount: 10_000,
    bank_name: 'BCA',
    bank_account_number: '1234567890',
    account_holder: 'Sari',
  },
  'POST /api/seller/vouchers': VOUCHER,
  'PUT /api/seller/vouchers/:id': VOUCHER,
  'POST /api/seller/flash-sale-entries': { flash_sale_id: 1, product_id: 1, price: 1, quantity: 1 },
  'PUT /api/seller/flash-sale-entries/:id': { price: 1, quantity: 1 },
  'POST /api/seller/shop/profile': { is_closed: false },
};

describeEachDatabase('the Seller Centre', (ctx) => {
  let shopA: { id: number; slug: string; name: string };
  let shopB: { id: number; slug: string; name: string };
  let sellerA: SignedIn;
  let sellerB: SignedIn;
  beforeAll(async () => {
    [shopA, shopB] = (await seededShops(ctx.db, 2)) as [typeof shopA, typeof shopB];
    sellerA = await signInSeller(ctx.app, `${shopA.slug}@example.com`);
    sellerB = await signInSeller(ctx.app, `${shopB.slug}@example.com`);
  });

  const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const outboxTo = (to: string) =>
    ctx.db
      .select({ subject: notificationOutbox.subject, text: notificationOutbox.text })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.to, to))
      .orderBy(desc(notificationOutbox.id));

  /** A shopper with a cash order of one fresh product (stock 10, 1 ordered) at shop A. */
  const orderAtShopA = async (locale = 'en') => {
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const headers = { ...session.bearerHeaders, 'accept-language': locale };
    const product = await createTestProduct(ctx.db, { shopId: shopA.id, price: rp(10_000), stock: 10 });
    const orderId = await placeCashOrder(ctx.app, headers, shopA.id, [product.id]);
    return { session, customer, headers, product, orderId };
  };

  const stockOf = async (productId: number) =>
    (await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]?.stock;

  it('slugs come from the shop name', () => {
    expect(slugOf('Toko Kopi & Teh Ñusantara!')).toBe('toko-kopi-and-teh-nusantara');
    expect(slugOf('متجر')).toBe('shop');
  });

  it('signs in sellers only: a customer or the operator gets 422 at /api/shop/login', async () => {
    for (const login of [DEMO_CUSTOMER.email, DEMO_ADMIN_EMAIL]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/shop/login',
        payload: { phone: login, password: DEMO_PASSWORD },
        remoteAddress: testIp(),
      });
      expect(res.statusCode, login).toBe(422);
      expect(res.json().message).toBe('These credentials do not match a seller account.');
    }
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/login',
      payload: { phone: `${shopA.slug}@example.com`, password: 'not-the-password' },
      remoteAddress: testIp(),
    });
    expect(wrong.statusCode).toBe(422);
    // A seller cannot sign in at the shoppers' /api/login.
    const shopperLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: `${shopA.slug}@example.com`, password: DEMO_PASSWORD },
      remoteAddress: testIp(),
    });
    expect(shopperLogin.statusCode).toBe(422);
    const shop = await call(sellerA.bearerHeaders, 'GET', '/api/seller/shop');
    expect(sellerShopReplySchema.parse(shop.json()).data.shop).toMatchObject({
      id: shopA.id,
      status: 'approved',
      is_active: true,
    });
  });

  it('refuses customers (403) and visitors (401) on every seller route', async () => {
    const customer = await signIn(ctx.app);
    const seller = ctx.app.routeAccess.filter((r) => r.access === 'seller');
    expect(seller.length).toBeGreaterThanOrEqual(8);
    /** Valid bodies of the catalogue's routes (the others take an order's or a message's). */
    const productBodies: Record<string, object> = {
      '/api/seller/products/bulk': { action: 'publish', ids: [1] },
      '/api/seller/products/stock': { rows: [{ id: 1 }] },
      '/api/seller/products/:id/photos/order': { photo_ids: [1] },
    };
    for (const route of seller) {
      // A valid query and body: they are checked before the policy, and this is about the policy.
      const url =
        route.url.replace(':id', '1').replace(':photoId', '1') +
        (route.url === '/api/seller/messages' ? '?user_id=1' : '');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const body =
        VALID_BODIES[`${route.method} ${route.url}`] ??
        productBodies[route.url] ??
        (route.url.startsWith('/api/seller/products')
          ? {}
          : route.url.includes('send-message')
            ? { user_id: 1, message: 'Hello' }
            : route.url.includes('orders')
              ? { status: 'Confirm' }
              : { status: 'Approved' });
      const payload = method === 'POST' || method === 'PUT' ? { payload: body } : {};
      const denied = await ctx.app.inject({ method, url, headers: customer.bearerHeaders, ...payload });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      const visitor = await ctx.app.inject({ method, url, ...payload });
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect((await call(customer.bearerHeaders, 'GET', '/api/seller/shop')).statusCode).toBe(403);
  });

  it('registers a shop with a logo sent as multipart/form-data; a file that is not a picture is refused with the other field errors', async () => {
    const register = (fields: Record<string, unknown>, file?: MultipartFile) => {
      const body = multipart(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        file ? [file] : [],
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/api/shop/register',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
        remoteAddress: testIp(),
      });
    };
    const logoFolder = path.join(ctx.config.UPLOADS_DIR, SHOP_LOGO_FOLDER);
    const storedLogos = () => (existsSync(logoFolder) ? readdirSync(logoFolder).length : 0);
    const before = storedLogos();

    const refused = await register(shopRegistration({ shop_name: '' }), {
      name: 'shop_logo',
      filename: 'logo.png',
      type: 'image/png',
      data: Buffer.from('not an image'),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({
      shop_name: ['The shop name field is required.'],
      shop_logo: ['The shop logo must be a file of type: jpg, jpeg, png, webp.'],
    });
    const tooLong = await register(shopRegistration({ shop_address: 'x'.repeat(1001) }));
    expect(tooLong.statusCode, tooLong.body).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['shop_address']);
    expect(storedLogos()).toBe(before);

    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const fields = shopRegistration();
    const made = await register(fields, { name: 'shop_logo', filename: 'logo.png', type: 'image/png', data: picture });
    expect(made.statusCode, made.body).toBe(200);
    const session = await signInSeller(ctx.app, String(fields.email), String(fields.password));
    const own = sellerShopReplySchema.parse((await call(session.bearerHeaders, 'GET', '/api/seller/shop')).json()).data
      .shop;
    expect(own.name).toBe(fields.shop_name);
    expect(own.logo).toMatch(new RegExp(`^/uploads/${SHOP_LOGO_FOLDER}/[0-9a-f]{24}\\.webp$`));
    const file = path.join(ctx.config.UPLOADS_DIR, String(own.logo).slice('/uploads/'.length));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect((await ctx.app.inject({ url: String(own.logo) })).statusCode).toBe(200);
    expect(storedLogos()).toBe(before + 1);

    // The same e-mail again: refused, and the second logo is not left behind.
    const twice = await register(
      { ...shopRegistration(), email: fields.email },
      { name: 'shop_logo', filename: 'logo.png', type: 'image/png', data: picture },
    );
    expect(twice.statusCode, twice.body).toBe(422);
    expect(twice.json().errors.email).toEqual(['The email has already been taken.']);
    expect(storedLogos()).toBe(before + 1);
  });

  it('registers a shop that waits for approval, then works once the operator approves it', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/register',
      payload: {},
      remoteAddress: testIp(),
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(
      ['email', 'name', 'password', 'phone', 'shop_address', 'shop_name', 'shop_phone'].filter(
        (f) => f !== 'phone' || 'phone' in missing.json().errors,
      ),
    );
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/register',
      payload: shopRegistration({ password: 'abc', email: DEMO_CUSTOMER.email, shop_phone: 'call me' }),
      remoteAddress: testIp(),
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toMatchObject({
      password: ['The password must be at least 6 characters.'],
      email: ['The email has already been taken.'],
      shop_phone: ['The shop phone must contain only digits.'],
    });

    const { body, session } = await registerShop(ctx.app, { shop_name: 'Toko <b>Baru</b>' });
    expect(session.token).toBeTruthy();
    const own = sellerShopReplySchema.parse((await call(session.bearerHeaders, 'GET', '/api/seller/shop')).json()).data
      .shop;
    expect(own).toMatchObject({
      name: 'Toko <b>Baru</b>',
      status: 'pending',
      is_active: false,
      phone: body.shop_phone,
    });
    expect(own.slug).toMatch(/^toko-b-baru-b/);
    // A second shop of the same name gets its own slug.
    const twin = await registerShop(ctx.app, { shop_name: 'Toko <b>Baru</b>' });
    const twinShop = sellerShopReplySchema.parse(
      (await call(twin.session.bearerHeaders, 'GET', '/api/seller/shop')).json(),
    ).data.shop;
    expect(twinShop.slug).not.toBe(own.slug);
    // A reserved name never becomes a slug.
    const top = await registerShop(ctx.app, { shop_name: 'Top' });
    const topShop = sellerShopReplySchema.parse(
      (await call(top.session.bearerHeaders, 'GET', '/api/seller/shop')).json(),
    ).data.shop;
    expect(topShop.slug).not.toBe('top');

    // Pending: signed in, but no data routes; the shop is not public.
    expect((await call(session.bearerHeaders, 'GET', '/api/seller/dashboard')).statusCode).toBe(403);
    expect((await call(session.bearerHeaders, 'GET', '/api/seller/orders')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/shops/${own.slug}` })).statusCode).toBe(404);
    // The seller signs in again at the Seller Centre while pending.
    await signInSeller(ctx.app, body.email, body.password);

    const operator = await signInOperator(ctx);
    const approved = await call(operator.bearerHeaders, 'POST', `/api/operator/shops/${own.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const dashboard = await call(session.bearerHeaders, 'GET', '/api/seller/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const figures = sellerDashboardReplySchema.parse(dashboard.json()).data;
    expect(figures.shop.status).toBe('approved');
    expect(figures.status_wise_orders.all).toBe(0);
    expect((await ctx.app.inject({ url: `/api/shops/${own.slug}` })).statusCode).toBe(200);
    const [told] = await outboxTo(body.email);
    expect(told?.text).toContain('Toko <b>Baru</b> was approved');
  });

  it('moves the shop’s order along its lifecycle: 422 for a forbidden step, 404 for another shop', async () => {
    const { orderId, product, customer } = await orderAtShopA();
    expect(await stockOf(product.id)).toBe(9);
    const list = sellerOrdersReplySchema.parse(
      (await call(sellerA.bearerHeaders, 'GET', '/api/seller/orders?order_status=Pending&per_page=100')).json(),
    ).data;
    expect(list.orders.find((o) => o.id === orderId)).toMatchObject({ customer_name: customer.name });
    expect(list.status_wise_orders.pending).toBeGreaterThanOrEqual(1);
    // Another shop's seller: 404 on every call, and nothing moves.
    expect((await call(sellerB.bearerHeaders, 'GET', `/api/seller/orders/${orderId}`)).statusCode).toBe(404);
    const foreign = await call(sellerB.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, {
      status: 'Confirm',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      sellerOrdersReplySchema
        .parse((await call(sellerB.bearerHeaders, 'GET', '/api/seller/orders?per_page=100')).json())
        .data.orders.some((o) => o.id === orderId),
    ).toBe(false);
    expect((await call(sellerA.bearerHeaders, 'GET', '/api/seller/orders/abc')).statusCode).toBe(404);

    const details = sellerOrderDetailsReplySchema.parse(
      (await call(sellerA.bearerHeaders, 'GET', `/api/seller/orders/${orderId}`)).json(),
    ).data.order;
    expect(details).toMatchObject({ order_status: 'Pending', next_statuses: ['Confirm', 'Cancelled'] });
    expect(details.customer.name).toBe(customer.name);

    const skip = await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, {
      status: 'Delivered',
    });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().message).toBe('The order cannot be moved to Delivered now.');
    const bad = await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, { status: 'Lost' });
    expect(bad.statusCode).toBe(422);

    for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'] as const) {
      const res = await call(sellerA.cookieHeaders, 'POST', `/api/seller/orders/${orderId}/status`, { status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(sellerOrderDetailsReplySchema.parse(res.json()).data.order.order_status).toBe(status);
    }
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    // Cash on delivery is paid when delivered; the shopper heard of every step.
    expect(row).toMatchObject({ orderStatus: 'Delivered', paymentStatus: 'Paid' });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    const sent = await outboxTo(customer.email);
    expect(sent).toHaveLength(5);
    expect(sent[0]?.text).toContain('was delivered');
    // Delivered is the end.
    const after = await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, {
      status: 'Cancelled',
    });
    expect(after.statusCode).toBe(422);
    expect(await stockOf(product.id)).toBe(9);
  });

  it('cancelling gives the stock back and tells the shopper in the order’s language', async () => {
    const { orderId, product, customer } = await orderAtShopA('id');
    expect(await stockOf(product.id)).toBe(9);
    await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, { status: 'Confirm' });
    const res = await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, {
      status: 'Cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
    const [last] = await outboxTo(customer.email);
    expect(last?.text).toMatch(/dibatalkan/);
    // Cancelled twice gives nothing back twice.
    expect(
      (await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, { status: 'Cancelled' }))
        .statusCode,
    ).toBe(422);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('the shop’s returns: status, refund, then nothing moves; another shop gets 404', async () => {
    const { orderId, headers, customer } = await orderAtShopA();
    for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']) {
      await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, { status });
    }
    const lines = (await call(headers, 'GET', `/api/order-details?order_id=${orderId}`)).json().data.order.products as {
      id: number;
    }[];
    const asked = await call(headers, 'POST', '/api/return-order', {
      order_id: orderId,
      product_ids: lines.map((l) => l.id),
      reason: 'Too small',
      bank_account_number: '1234567890',
      bank_name: 'BCA',
      return_address: 'Jl. Kembali 2',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().data.return_order.id as number;

    const list = sellerReturnsReplySchema.parse(
      (await call(sellerA.bearerHeaders, 'GET', '/api/seller/returns?status=Pending&per_page=100')).json(),
    ).data;
    expect(list.return_orders.find((r) => r.id === returnId)).toMatchObject({ customer_name: customer.name });
    expect(
      sellerReturnsReplySchema
        .parse((await call(sellerB.bearerHeaders, 'GET', '/api/seller/returns?per_page=100')).json())
        .data.return_orders.some((r) => r.id === returnId),
    ).toBe(false);
    for (const [method, url, body] of [
      ['GET', `/api/seller/returns/${returnId}`, undefined],
      ['POST', `/api/seller/returns/${returnId}/status`, { status: 'Approved' }],
      ['POST', `/api/seller/returns/${returnId}/refund`, {}],
    ] as const) {
      expect((await call(sellerB.bearerHeaders, method, url, body)).statusCode, url).toBe(404);
    }
    const details = sellerReturnDetailsReplySchema.parse(
      (await call(sellerA.bearerHeaders, 'GET', `/api/seller/returns/${returnId}`)).json(),
    ).data.return_order;
    expect(details).toMatchObject({ status: 'Pending', can_change_status: true, can_refund: false });

    const early = await call(sellerA.bearerHeaders, 'POST', `/api/seller/returns/${returnId}/refund`, {});
    expect(early.statusCode).toBe(422);
    expect(
      (await call(sellerA.bearerHeaders, 'POST', `/api/seller/returns/${returnId}/status`, { status: 'Refunded' }))
        .statusCode,
    ).toBe(422);
    for (const status of ['Damaged', 'Mismatch', 'Approved'] as const) {
      const res = await call(sellerA.bearerHeaders, 'POST', `/api/seller/returns/${returnId}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(sellerReturnDetailsReplySchema.parse(res.json()).data.return_order.status).toBe(status);
    }
    const refunded = await call(sellerA.cookieHeaders, 'POST', `/api/seller/returns/${returnId}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(sellerReturnDetailsReplySchema.parse(refunded.json()).data.return_order).toMatchObject({
      status: 'Refunded',
      payment_status: 'Paid',
      can_change_status: false,
      can_refund: false,
    });
    // Blocked once refunded.
    expect(
      (await call(sellerA.bearerHeaders, 'POST', `/api/seller/returns/${returnId}/status`, { status: 'Damaged' }))
        .statusCode,
    ).toBe(422);
    expect((await call(sellerA.bearerHeaders, 'POST', `/api/seller/returns/${returnId}/refund`, {})).statusCode).toBe(
      422,
    );
    // The shopper sees it and was told of each change.
    expect((await call(headers, 'GET', `/api/return-order-details/${returnId}`)).json().data.return_order.status).toBe(
      'Refunded',
    );
    const sent = (await outboxTo(customer.email)).map((m) => m.text);
    expect(sent[0]).toContain('was refunded by');
    expect(sent.filter((t) => t.includes('Your return of order'))).toHaveLength(2);
  });

  it('the dashboard counts the shop’s orders and its takings', async () => {
    const before = sellerDashboardReplySchema.parse(
      (await call(sellerA.bearerHeaders, 'GET', '/api/seller/dashboard')).json(),
    ).data;
    const { orderId } = await orderAtShopA();
    const [order] = await ctx.db.select({ payable: orders.payableAmount }).from(orders).where(eq(orders.id, orderId));
    for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']) {
      await call(sellerA.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, { status });
    }
    const after = sellerDashboardReplySchema.parse(
      (await call(sellerA.bearerHeaders, 'GET', '/api/seller/dashboard')).json(),
    ).data;
    expect(after.shop.id).toBe(shopA.id);
    expect(after.status_wise_orders.all).toBe(before.status_wise_orders.all + 1);
    expect(after.status_wise_orders.delivered).toBe(before.status_wise_orders.delivered + 1);
    expect(after.revenue).toBeCloseTo(before.revenue + (order?.payable ?? 0) / 100, 2);
    expect(after.delivered_revenue).toBeCloseTo(before.delivered_revenue + (order?.payable ?? 0) / 100, 2);
    // Shop B's figures did not move.
    const [b] = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopB.id));
    expect(b).toBeDefined();
  });
});
