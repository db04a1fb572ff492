import { validationErrorReplySchema } from '@shop/contracts/errors';
import {
  operatorCurrenciesReplySchema,
  operatorFootersReplySchema,
  operatorLanguagesReplySchema,
  operatorSocialLinksReplySchema,
} from '@shop/contracts/operator-settings';
import { masterReplySchema } from '@shop/contracts/settings';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { signInNewCustomer } from '../../testing/auth';
import { signInOperator } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

/** The currencies, languages and social links of /operator/settings: each list saved whole. */
describeEachDatabase('the operator’s currencies, languages and social links', (ctx) => {
  type Operator = Awaited<ReturnType<typeof signInOperator>>;
  const get = (operator: Operator, list: string) =>
    ctx.app.inject({ url: `/api/operator/settings/${list}`, headers: operator.bearerHeaders });
  const save = (headers: Record<string, string>, list: string, items: object[]) =>
    ctx.app.inject({ method: 'PUT', url: `/api/operator/settings/${list}`, headers, payload: { items } });
  const master = async (locale = 'en') =>
    masterReplySchema.parse(
      (await ctx.app.inject({ url: '/api/master', headers: { 'accept-language': locale } })).json(),
    ).data;
  const entries = (recordId: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'settings'), eq(auditLog.recordId, recordId)));

  it('replaces the currencies by code; the master shows the new rate and order at once; one audit entry', async () => {
    const operator = await signInOperator(ctx);
    const before = operatorCurrenciesReplySchema.parse((await get(operator, 'currencies')).json()).data.items;
    const written = (await entries('currencies')).length;
    const idr = before.find((c) => c.is_default);
    expect(idr?.rate).toBe(1);
    const items = [
      { code: 'sgd', name: 'Singapore dollar', symbol: 'S$', rate: 0.000085, is_default: false, is_active: true },
      { code: 'IDR', name: 'Rupiah', symbol: 'Rp', rate: 1, is_default: true, is_active: true },
      { code: 'JPY', name: 'Yen', symbol: '¥', rate: 0.0095, is_default: false, is_active: false },
    ];
    const res = await save(operator.bearerHeaders, 'currencies', items);
    expect(res.statusCode, res.body).toBe(200);
    const saved = operatorCurrenciesReplySchema.parse(res.json()).data.items;
    expect(saved.map((c) => c.code)).toEqual(['SGD', 'IDR', 'JPY']);
    // A code kept keeps its row.
    expect(saved.find((c) => c.code === 'IDR')?.id).toBe(idr?.id);
    const seen = await master();
    expect(seen.currencies.map((c) => [c.code, c.rate_from_default])).toEqual([
      ['SGD', 0.000085],
      ['IDR', 1],
    ]);
    expect(seen.currency.symbol).toBe('Rp');
    expect(await entries('currencies')).toHaveLength(written + 1);
    const back = before.map(({ id: _id, ...c }) => c);
    expect((await save(operator.bearerHeaders, 'currencies', back)).statusCode).toBe(200);
  });

  it('refuses a currency list without one default at rate 1, or with a code twice, and changes nothing', async () => {
    const operator = await signInOperator(ctx);
    const before = (await get(operator, 'currencies')).json();
    const written = (await entries('currencies')).length;
    const row = { name: 'X', symbol: 'X', is_active: true };
    const twoDefaults = await save(operator.bearerHeaders, 'currencies', [
      { ...row, code: 'IDR', rate: 1, is_default: true },
      { ...row, code: 'USD', rate: 1, is_default: true },
    ]);
    expect(validationErrorReplySchema.parse(twoDefaults.json()).errors).toEqual({
      items: ['Choose one default currency.'],
    });
    const bad = await save(operator.bearerHeaders, 'currencies', [
      { ...row, code: 'IDR', rate: 2, is_default: true, is_active: false },
      { ...row, code: 'idr', rate: 0, is_default: false },
      { ...row, code: 'RUPIAH', rate: 1, is_default: false },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(bad.json()).errors).toEqual({
      'items.0.is_active': ['The default currency must be shown.'],
      'items.0.rate': ['The default currency’s rate is 1.'],
      'items.1.code': ['This currency is in the list twice.'],
      'items.1.rate': ['The rate must be greater than 0.'],
      'items.2.code': ['The currency code must be three letters, such as IDR.'],
    });
    expect((await get(operator, 'currencies')).json()).toEqual(before);
    expect(await entries('currencies')).toHaveLength(written);
  });

  it('saves the languages: a turned-off language leaves the master and the interface; the default must be offered', async () => {
    const operator = await signInOperator(ctx);
    const before = operatorLanguagesReplySchema.parse((await get(operator, 'languages')).json()).data.items;
    const written = (await entries('languages')).length;
    expect(before.map((l) => l.name).sort()).toEqual(['ar', 'en', 'id']);
    const items = before.map(({ id: _id, ...l }) =>
      l.name === 'ar' ? { ...l, is_active: false } : l.name === 'id' ? { ...l, title: 'Bahasa' } : l,
    );
    const res = await save(operator.bearerHeaders, 'languages', [...items].reverse());
    expect(res.statusCode, res.body).toBe(200);
    const seen = await master();
    expect(seen.languages.map((l) => [l.name, l.title])).toEqual([
      ['id', 'Bahasa'],
      ['en', before.find((l) => l.name === 'en')?.title],
    ]);
    expect((await ctx.app.inject({ url: '/api/lang/ar' })).statusCode).toBe(404);
    expect(await entries('languages')).toHaveLength(written + 1);

    const unknown = await save(operator.bearerHeaders, 'languages', [
      { name: 'fr', title: 'Français', direction: 'ltr', is_default: true, is_active: true },
    ]);
    expect(validationErrorReplySchema.parse(unknown.json()).errors).toEqual({
      'items.0.name': ['This language has no translations in this release.'],
    });
    const missing = await save(
      operator.bearerHeaders,
      'languages',
      items.filter((l) => l.name !== 'ar'),
    );
    expect(validationErrorReplySchema.parse(missing.json()).errors).toEqual({
      items: ['List every language of the release once.'],
    });
    const hiddenDefault = await save(
      operator.bearerHeaders,
      'languages',
      items.map((l) => ({ ...l, is_active: l.is_default ? false : l.is_active })),
    );
    expect(Object.values(validationErrorReplySchema.parse(hiddenDefault.json()).errors)).toEqual([
      ['The default language must be offered.'],
    ]);
    expect(await entries('languages')).toHaveLength(written + 1);
    const back = before.map(({ id: _id, ...l }) => l);
    expect((await save(operator.bearerHeaders, 'languages', back)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/lang/ar' })).statusCode).toBe(200);
  });

  it('replaces the social links; a name kept keeps its logo; only https links', async () => {
    const operator = await signInOperator(ctx);
    const before = operatorSocialLinksReplySchema.parse((await get(operator, 'social-links')).json()).data.items;
    const written = (await entries('social_links')).length;
    const facebook = before.find((l) => l.name === 'facebook');
    expect(facebook?.logo).toBeTruthy();
    const items = [
      { name: 'Mastodon', link: 'https://mastodon.social/@pasar', is_active: true },
      { name: 'facebook', link: 'https://www.facebook.com/pasar-baru', is_active: true },
      { name: 'x', link: 'https://x.com/pasar', is_active: false },
    ];
    const res = await save(operator.bearerHeaders, 'social-links', items);
    expect(res.statusCode, res.body).toBe(200);
    const saved = operatorSocialLinksReplySchema.parse(res.json()).data.items;
    expect(saved.map((l) => [l.name, l.logo])).toEqual([
      ['Mastodon', null],
      ['facebook', facebook?.logo],
      ['x', before.find((l) => l.name === 'x')?.logo],
    ]);
    expect((await master()).social_links.map((l) => [l.name, l.link])).toEqual([
      ['Mastodon', 'https://mastodon.social/@pasar'],
      ['facebook', 'https://www.facebook.com/pasar-baru'],
    ]);
    expect(await entries('social_links')).toHaveLength(written + 1);

    const bad = await save(operator.bearerHeaders, 'social-links', [
      { name: 'x', link: 'javascript:alert(1)', is_active: true },
      { name: 'y', link: 'http://plain.example', is_active: true },
    ]);
    expect(validationErrorReplySchema.parse(bad.json()).errors).toEqual({
      'items.0.link': ['An external link must start with https://.'],
      'items.1.link': ['An external link must start with https://.'],
    });
    const back = before.map(({ id: _id, logo: _logo, ...l }) => l);
    expect((await save(operator.bearerHeaders, 'social-links', back)).statusCode).toBe(200);
  });

  it('replaces the footer’s columns and items; e-mail and phone link to their titles; a text in each language', async () => {
    const operator = await signInOperator(ctx);
    const before = operatorFootersReplySchema.parse((await get(operator, 'footers')).json()).data.items;
    const written = (await entries('footers')).length;
    const text = (type: string, title: string, extra: object = {}) => ({
      type,
      title,
      url: null,
      target: '_self',
      ...extra,
    });
    const res = await save(operator.bearerHeaders, 'footers', [
      {
        title: 'Help',
        is_active: true,
        items: [
          text('link', 'Shipping', { url: '/page/shipping', target: '_blank' }),
          text('email', 'care@pasar.test', { url: 'https://ignored.example' }),
          text('phone', '+62 811-2233', {}),
          text('text', 'Open every day', { translations: { id: 'Buka setiap hari', ar: '' } }),
        ],
      },
      { title: 'Hidden', is_active: false, items: [text('social_links', 'Follow us')] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [help] = operatorFootersReplySchema.parse(res.json()).data.items;
    expect(help?.items.map(({ id: _id, ...item }) => item)).toEqual([
      { type: 'link', title: 'Shipping', translations: {}, url: '/page/shipping', target: '_blank' },
      { type: 'email', title: 'care@pasar.test', translations: {}, url: 'mailto:care@pasar.test', target: '_self' },
      { type: 'phone', title: '+62 811-2233', translations: {}, url: 'tel:+628112233', target: '_self' },
      { type: 'text', title: 'Open every day', translations: { id: 'Buka setiap hari' }, url: null, target: '_self' },
    ]);
    const shown = (await master('id')).footers;
    expect(shown.map((f) => f.title)).toEqual(['Help']);
    expect(shown[0]?.items.at(-1)?.title).toBe('Buka setiap hari');
    expect(await entries('footers')).toHaveLength(written + 1);

    const bad = await save(operator.bearerHeaders, 'footers', [
      {
        title: ' ',
        is_active: true,
        items: [
          text('link', 'Evil', { url: 'javascript:alert(1)' }),
          text('email', 'not-an-address'),
          text('text', ''),
          text('banner', 'x'),
        ],
      },
    ]);
    expect(validationErrorReplySchema.parse(bad.json()).errors).toEqual({
      'items.0.title': ['The column title field is required.'],
      'items.0.items.0.url': ['A link must be a path on this site (starting with /) or start with https://.'],
      'items.0.items.1.title': ['The email must be a valid email address.'],
      'items.0.items.2.title': ['The title field is required.'],
      'items.0.items.3.type': ['The selected item type is invalid.'],
    });
    const back = before.map(({ id: _id, items, ...column }) => ({
      ...column,
      items: items.map(({ id: _item, ...item }) => item),
    }));
    expect((await save(operator.bearerHeaders, 'footers', back)).statusCode).toBe(200);
    expect(
      operatorFootersReplySchema
        .parse((await get(operator, 'footers')).json())
        .data.items.map((c) => [c.title, c.items.length]),
    ).toEqual(before.map((c) => [c.title, c.items.length]));
  });

  it('is for the operator only', async () => {
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const list of ['footers', 'currencies', 'languages', 'social-links']) {
      expect(
        (await ctx.app.inject({ url: `/api/operator/settings/${list}`, headers: shopper.bearerHeaders })).statusCode,
      ).toBe(403);
      expect((await save(shopper.bearerHeaders, list, [])).statusCode).toBe(403);
    }
  });
});
