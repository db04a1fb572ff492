import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cartReplySchema } from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { productDetailsReplySchema } from '@shop/contracts/products';
import { shopProfileReplySchema } from '@shop/contracts/shop-profile';
import { shopReplySchema } from '@shop/contracts/shops';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestAddress, createTestProduct } from '../../testing/commerce';
import { type MultipartFile, multipart } from '../../testing/multipart';
import { openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;
const SCRIPT = '<script>window.pwned = 1</script>';

describeEachDatabase('the shop’s profile', (ctx) => {
  const update = (seller: SignedIn, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/seller/shop/profile', headers: seller.bearerHeaders, payload });
  const upload = (seller: SignedIn, kind: 'logo' | 'banner', file?: MultipartFile) => {
    const body = multipart({}, file ? [file] : []);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/seller/shop/${kind}`,
      headers: { ...seller.bearerHeaders, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();

  it('keeps what a seller types inert: the description sanitised, plain texts as typed', async () => {
    const { seller } = await openTestShop(ctx);
    const res = await update(seller, {
      description: `<p onclick="steal()">Fresh <strong>batik</strong></p>${SCRIPT}<img src="https://x.test/a.png" onerror="steal()"><a href="javascript:steal()">x</a>`,
      address: `Jl. Merdeka 1 ${SCRIPT}`,
      phone: '+62 21-555 1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { profile } = shopProfileReplySchema.parse(res.json()).data;
    expect(profile.description).toBe('<p>Fresh <strong>batik</strong></p><a rel="noopener noreferrer nofollow">x</a>');
    // Plain texts are shown as text, never as HTML: they are kept exactly as typed.
    expect(profile.address).toBe(`Jl. Merdeka 1 ${SCRIPT}`);
    expect(profile.phone).toBe('+62215551234');
    const page = shopReplySchema.parse((await ctx.app.inject({ url: `/api/shops/${profile.slug}` })).json()).data.shop;
    expect(page.description).toBe(profile.description);
    expect(page.description).not.toMatch(/script|onerror|onclick|javascript:/);

    // Only what is sent changes; an empty description clears it.
    const cleared = shopProfileReplySchema.parse((await update(seller, { description: '<p> </p>' })).json()).data
      .profile;
    expect(cleared).toMatchObject({ description: null, address: profile.address, phone: profile.phone });

    const bad = await update(seller, { address: '  ', phone: '0812abc' });
    expect(bad.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(bad.json()).errors).toEqual({
      address: ['The shop address field is required.'],
      phone: ['The shop phone must contain only digits.'],
    });
  });

  it('takes a logo and a banner as pictures checked from their bytes, stored as WebP', async () => {
    const { seller } = await openTestShop(ctx);
    const logo = await upload(seller, 'logo', {
      name: 'logo',
      filename: 'logo.png',
      type: 'image/png',
      data: await png(900, 600),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const banner = await upload(seller, 'banner', {
      name: 'banner',
      filename: 'banner.png',
      type: 'image/png',
      data: await png(2400, 600),
    });
    expect(banner.statusCode, banner.body).toBe(200);
    const { profile } = shopProfileReplySchema.parse(banner.json()).data;
    expect(profile.logo).toMatch(/^\/uploads\/shop-logos\/[0-9a-f]{24}\.webp$/);
    expect(profile.banner).toMatch(/^\/uploads\/shop-banners\/[0-9a-f]{24}\.webp$/);
    const stored = (url: string) => path.join(ctx.config.UPLOADS_DIR, url.slice('/uploads/'.length));
    expect(await sharp(stored(String(profile.logo))).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
    expect(await sharp(stored(String(profile.banner))).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 400,
    });
    const page = shopReplySchema.parse((await ctx.app.inject({ url: `/api/shops/${profile.slug}` })).json()).data.shop;
    expect(page).toMatchObject({ logo: profile.logo, banner: profile.banner });

    // A new logo replaces the file of the one before, which nothing shows any more.
    const again = await upload(seller, 'logo', {
      name: 'logo',
      filename: 'logo.png',
      type: 'image/png',
      data: await png(600, 600),
    });
    expect(again.statusCode, again.body).toBe(200);
    const replaced = shopProfileReplySchema.parse(again.json()).data.profile;
    expect(replaced.logo).not.toBe(profile.logo);
    expect(existsSync(stored(String(replaced.logo)))).toBe(true);
    expect(existsSync(stored(String(profile.logo)))).toBe(false);
    expect(existsSync(stored(String(profile.banner)))).toBe(true);

    const fake = await upload(seller, 'banner', {
      name: 'banner',
      filename: 'banner.png',
      type: 'image/png',
      data: Buffer.from(`<svg onload="steal()">${SCRIPT}</svg>`),
    });
    expect(fake.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(fake.json()).errors).toEqual({
      banner: ['The shop banner must be a file of type: jpg, jpeg, png, webp.'],
    });
    const none = await upload(seller, 'logo');
    expect(validationErrorReplySchema.parse(none.json()).errors).toEqual({ logo: ['The logo field is required.'] });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/shop/logo',
      headers: seller.bearerHeaders,
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('while closed for now, shows the shop’s products as unavailable and sells none of them', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const product = await createTestProduct(ctx.db, { shopId, price: rp(20_000), stock: 8 });
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const calls = cartCalls(ctx.app, session.bearerHeaders);
    // In a cart before the shop closes.
    expect((await calls.add({ product_id: product.id })).statusCode).toBe(200);
    const addressId = await createTestAddress(ctx.app, session.bearerHeaders);

    const closed = await update(seller, { is_closed: true });
    expect(shopProfileReplySchema.parse(closed.json()).data.profile.is_closed).toBe(true);

    const details = productDetailsReplySchema.parse(
      (await ctx.app.inject({ url: `/api/product-details?product_id=${product.id}` })).json(),
    ).data.product;
    expect(details).toMatchObject({ shop_closed: true, quantity: 0 });
    const slug = shopProfileReplySchema.parse(closed.json()).data.profile.slug;
    const page = shopReplySchema.parse((await ctx.app.inject({ url: `/api/shops/${slug}` })).json()).data.shop;
    expect(page.is_closed).toBe(true);

    const message = `${page.name} is closed for now: its products cannot be bought until it opens again.`;
    const other = await signInNewCustomer(ctx.app, ctx.db);
    const refused = await cartCalls(ctx.app, other.session.bearerHeaders).add({ product_id: product.id });
    expect(refused.statusCode).toBe(422);
    expect(errorReplySchema.parse(refused.json())).toEqual({ message, code: 'SHOP_CLOSED' });
    const buyNow = await cartCalls(ctx.app, other.session.bearerHeaders).add({
      product_id: product.id,
      is_buy_now: true,
    });
    expect(buyNow.statusCode).toBe(422);
    expect((await calls.increment(product.id)).json()).toMatchObject({ code: 'SHOP_CLOSED' });

    // The line stays in the cart, marked; the preview and the placement refuse it.
    const cart = cartReplySchema.parse((await calls.cart()).json()).data;
    expect(cart.cart_items.find((g) => g.shop_id === shopId)).toMatchObject({ shop_closed: true });
    const preview = await calls.checkout({ shop_ids: [shopId] });
    expect(preview.statusCode).toBe(422);
    expect(errorReplySchema.parse(preview.json())).toEqual({ message, code: 'SHOP_CLOSED' });
    const place = () =>
      calls.placeOrder({ shop_ids: [shopId], address_id: addressId, payment_method: 'cash' }, randomUUID());
    const placed = await place();
    expect(placed.statusCode).toBe(422);
    expect(placed.json()).toMatchObject({ code: 'SHOP_CLOSED' });

    // Open again: on sale at once.
    expect(
      shopProfileReplySchema.parse((await update(seller, { is_closed: false })).json()).data.profile.is_closed,
    ).toBe(false);
    const open = productDetailsReplySchema.parse(
      (await ctx.app.inject({ url: `/api/product-details?product_id=${product.id}` })).json(),
    ).data.product;
    expect(open).toMatchObject({ shop_closed: false, quantity: 8 });
    expect((await place()).statusCode).toBe(200);
  });
});
