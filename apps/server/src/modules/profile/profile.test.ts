import { existsSync } from 'node:fs';
import path from 'node:path';
import { profileReplySchema } from '@shop/contracts/account';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { media } from '../../db/schema/common';
import { settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { DEMO_CUSTOMER } from '../../db/seed/demo-accounts';
import { createCustomer, signIn, signInNewCustomer, testIp } from '../../testing/auth';
import { type MultipartFile, multipart } from '../../testing/multipart';
import { describeEachDatabase } from '../../testing/test-app';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describeEachDatabase('profile', (ctx) => {
  it('GET /api/profile answers 401 to visitors and the reference fields to the signed-in shopper', async () => {
    const visitor = await ctx.app.inject({ url: '/api/profile' });
    expect(visitor.statusCode).toBe(401);
    const bogus = await ctx.app.inject({
      url: '/api/profile',
      headers: { authorization: 'Bearer not-a-real-token-123456' },
    });
    expect(bogus.statusCode).toBe(401);

    const session = await signIn(ctx.app);
    for (const headers of [session.bearerHeaders, session.cookieHeaders]) {
      const res = await ctx.app.inject({ url: '/api/profile', headers });
      expect(res.statusCode, res.body).toBe(200);
      const { user } = profileReplySchema.parse(res.json()).data;
      expect(user).toMatchObject({ id: session.user.id, email: DEMO_CUSTOMER.email, is_active: true });
      expect(user.account_verified).toBe(user.email_verified || user.phone_verified);
    }
  });

  it('POST /api/update-profile (JSON) saves the fields; e-mail and phone must be unique', async () => {
    const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
    const other = await createCustomer(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: session.bearerHeaders,
      payload: {
        name: '  Dewi Lestari ',
        phone: '0812-3456 7890',
        email: customer.email.toUpperCase(),
        gender: 'female',
        date_of_birth: '1990-04-05',
        country: 'Indonesia',
        phone_code: '+62',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = profileReplySchema.parse(res.json()).data;
    expect(user).toMatchObject({
      name: 'Dewi Lestari',
      phone: '081234567890',
      email: customer.email,
      gender: 'female',
      date_of_birth: '1990-04-05',
      // Same e-mail (case aside) stays verified; a new phone is not verified any more.
      email_verified: true,
      phone_verified: false,
    });

    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: session.bearerHeaders,
      payload: { name: 'Dewi', phone: other.phone, email: other.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ['The email has already been taken.'],
      phone: ['The phone has already been taken.'],
    });
  });

  it('validates every field in one 422, phone length from the settings', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: session.bearerHeaders,
      payload: { name: '', phone: '1234', email: 'nope', gender: 'robot', date_of_birth: '05/04/1990' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      phone: ['The phone must be at least 8 digits.'],
      email: ['The email must be a valid email address.'],
      gender: ['The selected gender is invalid.'],
      date_of_birth: ['The date of birth must be a date (YYYY-MM-DD).'],
    });
    const letters = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: session.bearerHeaders,
      payload: { name: 'A', phone: '12345678901234567' },
    });
    expect(letters.json().errors).toEqual({ phone: ['The phone may not be greater than 16 digits.'] });
    const notDigits = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: session.bearerHeaders,
      payload: { name: 'A', phone: '0812abc45678' },
    });
    expect(notDigits.json().errors).toEqual({ phone: ['The phone must contain only digits.'] });
  });

  it('phone is required unless the phone_required setting is off', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const update = (phone: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/update-profile',
        headers: session.bearerHeaders,
        payload: { name: 'N', phone },
      });
    const required = await update('');
    expect(required.json().errors).toEqual({ phone: ['The phone field is required.'] });

    const [verify] = await ctx.db.select().from(settings).where(eq(settings.key, 'verify'));
    await ctx.db
      .update(settings)
      .set({ value: { ...(verify?.value as object), phone_required: false } })
      .where(eq(settings.key, 'verify'));
    ctx.clearCaches();
    try {
      const res = await update('');
      expect(res.statusCode, res.body).toBe(200);
      expect(profileReplySchema.parse(res.json()).data.user.phone).toBeNull();
    } finally {
      await ctx.db.update(settings).set({ value: verify?.value }).where(eq(settings.key, 'verify'));
      ctx.clearCaches();
    }
  });

  it('stores a profile photo re-encoded as webp, replaces it, and refuses other files', async () => {
    const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
    const fields = { name: customer.name, phone: customer.phone, email: customer.email };
    const upload = async (file: MultipartFile) => {
      const body = multipart(fields, [file]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/update-profile',
        headers: { ...session.cookieHeaders, 'content-type': body.contentType },
        payload: body.payload,
      });
    };

    const first = await upload({
      name: 'profile_photo',
      filename: 'me.png',
      type: 'image/png',
      data: await png(900, 600),
    });
    expect(first.statusCode, first.body).toBe(200);
    const photo = profileReplySchema.parse(first.json()).data.user.profile_photo;
    expect(photo).toMatch(/^\/uploads\/profiles\/\d+-[0-9a-f]{16}\.webp$/);
    const file = path.join(ctx.config.UPLOADS_DIR, (photo as string).slice('/uploads/'.length));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const served = await ctx.app.inject({ url: photo as string });
    expect(served.statusCode).toBe(200);

    const second = await upload({
      name: 'profile_photo',
      filename: 'me.png',
      type: 'image/png',
      data: await png(100, 100),
    });
    expect(second.statusCode, second.body).toBe(200);
    const replaced = profileReplySchema.parse(second.json()).data.user.profile_photo;
    expect(replaced).not.toBe(photo);
    expect(existsSync(file)).toBe(false);
    const [row] = await ctx.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, customer.id));
    const photos = await ctx.db
      .select()
      .from(media)
      .where(eq(media.id, row?.photoId ?? 0));
    expect(photos[0]?.path).toBe((replaced as string).slice('/uploads/'.length));

    // A text file named .png, and a file over the limit: 422 on the photo field, nothing saved.
    const fake = await upload({
      name: 'profile_photo',
      filename: 'x.png',
      type: 'image/png',
      data: Buffer.from('not an image'),
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({
      profile_photo: ['The profile photo must be a file of type: jpg, jpeg, png, webp.'],
    });
    const huge = await upload({
      name: 'profile_photo',
      filename: 'big.png',
      type: 'image/png',
      data: Buffer.alloc(2 * 1024 * 1024 + 10, 1),
    });
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().errors.profile_photo[0]).toBe('The profile photo may not be greater than 2048 kilobytes.');
    const after = await ctx.app.inject({ url: '/api/profile', headers: session.bearerHeaders });
    expect(after.json().data.user.profile_photo).toBe(replaced);
  });

  it('refuses a cookie-authenticated update without the CSRF header', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-profile',
      headers: { cookie: session.cookieHeaders.cookie },
      payload: { name: 'X', phone: '0812345678' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('POST /api/change-password checks the current password and signs out the other sessions', async () => {
    const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
    const other = await signIn(ctx.app, customer.email, customer.password);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: session.bearerHeaders,
      payload: { current_password: 'not-it-at-all', password: 'newpass1', password_confirmation: 'newpass1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'Current password does not match',
      errors: { current_password: ['Current password does not match'] },
    });

    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: session.bearerHeaders,
      payload: { current_password: customer.password, password: '123', password_confirmation: '1234567' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.password).toContain('The password must be at least 6 characters.');

    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: session.bearerHeaders,
      payload: { current_password: customer.password, password: 'newpass1', password_confirmation: 'newpass2' },
    });
    expect(mismatch.json().errors).toEqual({ password: ['The password confirmation does not match.'] });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: session.bearerHeaders,
      payload: { current_password: customer.password, password: 'newpass1', password_confirmation: 'newpass1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Password changed successfully');

    expect((await ctx.app.inject({ url: '/api/profile', headers: session.bearerHeaders })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/profile', headers: other.bearerHeaders })).statusCode).toBe(401);
    await expect(signIn(ctx.app, customer.email, customer.password)).rejects.toThrow();
    await signIn(ctx.app, customer.email, 'newpass1');
  });

  it('limits change-password attempts per address (guessing the current password)', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const remoteAddress = testIp();
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: session.bearerHeaders,
        remoteAddress,
        payload: { current_password: 'guess-123', password: 'newpass1', password_confirmation: 'newpass1' },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
  it('answers 4xx, never 500, to malformed or oversized multipart bodies', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const post = (payload: string | Buffer, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/update-profile',
        headers: { ...session.bearerHeaders, 'content-type': contentType },
        payload,
      });
    const cut = await post(
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAni',
      'multipart/form-data; boundary=b',
    );
    const noBoundary = await post('whatever', 'multipart/form-data');
    const manyFields = await post(
      `${Array.from({ length: 40 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--b--\r\n`,
      'multipart/form-data; boundary=b',
    );
    const text = await post('name=Ani', 'text/plain');
    for (const res of [cut, noBoundary, manyFields, text]) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toHaveProperty('message');
    }
  });
});
