import { existsSync } from 'node:fs';
import path from 'node:path';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import { operatorSettingsReplySchema } from '@shop/contracts/operator-settings';
import { masterReplySchema } from '@shop/contracts/settings';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { signInNewCustomer } from '../../testing/auth';
import { multipart } from '../../testing/multipart';
import { signInOperator } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('the operator’s pictures of the settings (logos, app icon, QR code)', (ctx) => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  const upload = async (headers: Record<string, string>, kind: string, data: Buffer, filename = 'logo.png') => {
    const body = multipart({}, [{ name: 'image', filename, type: 'image/png', data }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/operator/settings/images/${kind}`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const fileOf = (url: string) => path.join(ctx.config.UPLOADS_DIR, url.slice('/uploads/'.length));
  const master = async () => masterReplySchema.parse((await ctx.app.inject({ url: '/api/master' })).json()).data;

  it('replaces a logo with a WebP within 1024 px; the master shows it at once; the upload it replaced goes', async () => {
    const operator = await signInOperator(ctx);
    const first = await upload(operator.bearerHeaders, 'web_footer_logo', await png(2000, 500));
    expect(first.statusCode, first.body).toBe(200);
    const url = operatorSettingsReplySchema.parse(first.json()).data.settings.images.web_footer_logo ?? '';
    expect(url).toMatch(/^\/uploads\/settings\/[0-9a-f]{24}\.webp$/);
    const meta = await sharp(fileOf(url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1024, 256]);
    expect((await master()).web_footer_logo).toBe(url);

    const second = await upload(operator.bearerHeaders, 'web_footer_logo', await png(64, 64));
    const next = operatorSettingsReplySchema.parse(second.json()).data.settings.images.web_footer_logo ?? '';
    expect(next).not.toBe(url);
    expect(existsSync(fileOf(url))).toBe(false);
    expect(existsSync(fileOf(next))).toBe(true);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'settings'), eq(auditLog.action, 'upload')));
    expect(entries.length).toBeGreaterThanOrEqual(2);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/operator/settings/images/web_footer_logo',
      headers: operator.bearerHeaders,
    });
    expect(operatorSettingsReplySchema.parse(removed.json()).data.settings.images.web_footer_logo).toBeNull();
    expect(existsSync(fileOf(next))).toBe(false);
    expect((await master()).web_footer_logo).toBeNull();
  });

  it('refuses what is not a picture, and keeps the header’s logo (replaced, never removed)', async () => {
    const operator = await signInOperator(ctx);
    const before = (await master()).web_logo;
    const text = await upload(operator.bearerHeaders, 'web_logo', Buffer.from('<svg onload=alert(1)>'), 'logo.svg');
    expect(validationErrorReplySchema.parse(text.json()).errors).toEqual({
      image: ['The picture must be a file of type: jpg, jpeg, png, webp.'],
    });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/operator/settings/images/web_logo',
      headers: operator.bearerHeaders,
    });
    expect(validationErrorReplySchema.parse(removed.json()).errors).toEqual({
      image: ['The header’s logo can be replaced, not removed.'],
    });
    expect((await upload(operator.bearerHeaders, 'favicon', await png(8, 8))).statusCode).toBe(422);
    expect((await master()).web_logo).toBe(before);
  });

  it('is for the operator only', async () => {
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    expect((await upload(shopper.bearerHeaders, 'footer_qr', await png(8, 8))).statusCode).toBe(403);
  });
});
