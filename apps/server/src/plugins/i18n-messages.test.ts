import { wishlistToggleReplySchema } from '@shop/contracts/account';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { productsReplySchema } from '@shop/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewCustomer } from '../testing/auth';
import { createTestApp, describeEachDatabase, type TestApp } from '../testing/test-app';

const AR = { 'accept-language': 'ar' };
const ID = { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' };

describeEachDatabase('messages in the request language', (ctx) => {
  it('writes a field error of the service in Arabic under the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: AR,
      payload: { phone: '', password: 'secret123' },
    });
    expect(res.statusCode).toBe(422);
    const body = validationErrorReplySchema.parse(res.json());
    expect(body.errors.phone).toEqual(['حقل الهاتف مطلوب.']);
    expect(body.message).toBe('حقل الهاتف مطلوب.');
  });

  it('writes the field errors of request validation (the contracts) in Arabic, labels included', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/address/store',
      headers: { ...session.bearerHeaders, ...AR },
      payload: { name: 'Rumah', phone: '', address_type: 'home', address_line: 'Jl. Merdeka 1', latitude: 'x' },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = validationErrorReplySchema.parse(res.json());
    // The web shows the first message of a field; every one of them is Arabic.
    expect(errors.phone?.[0]).toBe('حقل الهاتف مطلوب.');
    expect(errors.phone?.join(' ')).not.toMatch(/[A-Za-z]/);
    expect(errors.latitude).toEqual(['يجب أن تكون قيمة خط العرض رقمًا.']);
  });

  it('sends the wishlist toast in Arabic, and in English without a language', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const list = productsReplySchema.parse((await ctx.app.inject({ url: '/api/products?per_page=1' })).json());
    const productId = list.data.products[0]?.id;
    expect(productId).toBeDefined();
    const toggle = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/favorite-add-or-remove',
        headers: { ...session.bearerHeaders, ...headers },
        payload: { product_id: productId },
      });
    const added = await toggle(AR);
    expect(added.statusCode, added.body).toBe(200);
    expect(wishlistToggleReplySchema.parse(added.json()).message).toBe('تمت إضافة المنتج إلى المفضلة');
    const removed = await toggle({});
    expect(wishlistToggleReplySchema.parse(removed.json()).message).toBe('Product removed from favorite');
  });

  it('answers a 404 in Indonesian, on a spec alias without /api too', async () => {
    const product = await ctx.app.inject({ url: '/api/product-details?slug=no-such-product', headers: ID });
    expect(product.statusCode).toBe(404);
    expect(errorReplySchema.parse(product.json())).toEqual({ message: 'Produk tidak ditemukan.', code: 'NOT_FOUND' });

    const route = await ctx.app.inject({ url: '/api/no-such-route?x=1', headers: ID });
    expect(route.statusCode).toBe(404);
    expect(route.json().message).toBe('Rute GET /api/no-such-route tidak ditemukan.');

    const alias = await ctx.app.inject({ url: '/lang/xx', headers: ID });
    expect(alias.statusCode).toBe(404);
    expect(alias.json().message).toBe('Bahasa "xx" tidak tersedia.');
  });

  it("writes Fastify's own 4xx and the access checks in the request language", async () => {
    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...ID, 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'Isi permintaan bukan JSON yang valid.', code: 'BAD_REQUEST' });

    const visitor = await ctx.app.inject({ url: '/api/favorite-products', headers: AR });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('يرجى تسجيل الدخول أولًا.');
  });

  it('translates the success message of plain replies', async () => {
    const res = await ctx.app.inject({ url: '/api/master', headers: ID });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Berhasil');
  });
});

describe('shared replies and the request language', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('never serves a cached listing in another language', async () => {
    const get = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/products?per_page=2', headers });
    const arabic = await get(AR);
    const english = await get({});
    const arabicAgain = await get(AR);
    const indonesian = await get(ID);
    expect(arabic.json().message).toBe('تمت العملية بنجاح');
    expect(english.json().message).toBe('Success');
    expect(indonesian.json().message).toBe('Berhasil');
    // The second Arabic request is the cached JSON, byte for byte.
    expect(arabicAgain.body).toBe(arabic.body);
  });
});
