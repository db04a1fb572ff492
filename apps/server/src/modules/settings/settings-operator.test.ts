import { validationErrorReplySchema } from '@shop/contracts/errors';
import { operatorSettingsReplySchema } from '@shop/contracts/operator-settings';
import { masterReplySchema } from '@shop/contracts/settings';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { settings } from '../../db/schema/settings';
import { signInNewCustomer } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
const palette = (hex: string) => ({ primary: hex, ...Object.fromEntries(SHADES.map((s) => [`primary${s}`, hex])) });

describeEachDatabase('the operator’s settings', (ctx) => {
  const read = async (operator: Awaited<ReturnType<typeof signInOperator>>) => {
    const res = await ctx.app.inject({ url: '/api/operator/settings', headers: operator.bearerHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return operatorSettingsReplySchema.parse(res.json()).data.settings;
  };
  const save = (operator: Awaited<ReturnType<typeof signInOperator>>, section: string, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/operator/settings/${section}`,
      headers: operator.bearerHeaders,
      payload,
    });
  const master = async (locale = 'en') =>
    masterReplySchema.parse(
      (await ctx.app.inject({ url: '/api/master', headers: { 'accept-language': locale } })).json(),
    ).data;

  it('saves the theme colours and the general settings; /api/master shows them at once', async () => {
    const operator = await signInOperator(ctx);
    const before = await read(operator);
    const theme = await save(operator, 'theme', palette('#B91C1C'));
    expect(theme.statusCode, theme.body).toBe(200);
    expect((await master()).theme_colors.primary).toBe('#b91c1c');
    const general = await save(operator, 'general', { ...before.general, app_name: 'Pasar Kita', mobile: '021 555' });
    expect(general.statusCode, general.body).toBe(200);
    const seen = await master();
    expect(seen.app_name).toBe('Pasar Kita');
    expect(seen.mobile).toBe('021 555');
    // What the form does not show (the logos) stays.
    expect((await read(operator)).general.app_name).toBe('Pasar Kita');
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, 'general'));
    expect((row?.value as { web_logo?: string } | undefined)?.web_logo).toBeTruthy();
    await save(operator, 'general', before.general);
  });

  it('refuses bad values with field errors and changes nothing', async () => {
    const operator = await signInOperator(ctx);
    const before = await read(operator);
    const theme = await save(operator, 'theme', { ...palette('#123456'), primary: 'red; background:url(x)' });
    expect(validationErrorReplySchema.parse(theme.json()).errors).toEqual({
      primary: ['Use a hex colour such as #059673.'],
    });
    const verify = await save(operator, 'verify', { ...before.verify, phone_min_length: 12, phone_max_length: 9 });
    expect(validationErrorReplySchema.parse(verify.json()).errors).toEqual({
      phone_max_length: ['The longest phone number must be at least the shortest.'],
    });
    const general = await save(operator, 'general', {
      ...before.general,
      app_name: ' ',
      app_store_link: 'javascript:alert(1)',
      time_zone: 'Mars/Olympus',
    });
    expect(validationErrorReplySchema.parse(general.json()).errors).toEqual({
      app_name: ['The app name field is required.'],
      app_store_link: ['The App Store link must be a link starting with https://.'],
      time_zone: ['The time zone must be an IANA time zone such as Asia/Jakarta.'],
    });
    const commerce = await save(operator, 'commerce', { ...before.commerce, commission_rate: 12.345 });
    expect(validationErrorReplySchema.parse(commerce.json()).errors).toEqual({
      commission_rate: ['The commission rate may have at most 2 decimals.'],
    });
    expect(await read(operator)).toEqual(before);
  });

  it('keeps the default commission and the approval switch the checkout and the Seller Centre read', async () => {
    const operator = await signInOperator(ctx);
    const before = await read(operator);
    const res = await save(operator, 'commerce', {
      ...before.commerce,
      commission_rate: 7.5,
      new_products_need_approval: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.services.settings.commissionRateBps()).toBe(750);
    expect(await ctx.services.settings.productsNeedApproval()).toBe(true);
    await save(operator, 'commerce', before.commerce);
  });

  it('never sends a social sign-in secret back; an empty one removes it, none keeps it; the audit masks it', async () => {
    const operator = await signInOperator(ctx);
    const before = await read(operator);
    const form = (secret?: string | null) => ({
      google: { is_active: true, client_id: 'id-123.apps', redirect_url: null, client_secret: secret },
      facebook: { ...before.social.facebook, client_secret_set: undefined },
      apple: { ...before.social.apple, client_secret_set: undefined },
    });
    const saved = await save(operator, 'social', form('s3cr3t-value'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('s3cr3t-value');
    expect(operatorSettingsReplySchema.parse(saved.json()).data.settings.social.google).toEqual({
      is_active: true,
      client_id: 'id-123.apps',
      redirect_url: null,
      client_secret_set: true,
    });
    expect((await read(operator)).social.google.client_secret_set).toBe(true);
    await save(operator, 'social', form(undefined));
    expect((await read(operator)).social.google.client_secret_set).toBe(true);
    await save(operator, 'social', form(''));
    expect((await read(operator)).social.google.client_secret_set).toBe(false);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'settings'), eq(auditLog.recordId, 'social_auths')));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(entries)).not.toContain('s3cr3t-value');
  });

  it('is for the operator only', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      expect((await ctx.app.inject({ url: '/api/operator/settings', headers: who.bearerHeaders })).statusCode).toBe(
        403,
      );
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/operator/settings/theme',
        headers: who.bearerHeaders,
        payload: palette('#000000'),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
