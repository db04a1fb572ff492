import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALE_COOKIE } from '@shop/contracts/constants';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { changeLanguageReplySchema, translationsSchema } from '@shop/contracts/settings';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { languages } from '../../db/schema/settings';
import { describeEachDatabase } from '../../testing/test-app';
import { localesDir, readTranslationFiles } from './translation-files';

describeEachDatabase('GET /api/lang/{locale}', (ctx) => {
  it('returns the merged strings of a language as flat JSON without an envelope', async () => {
    for (const [locale, home] of [
      ['id', 'Beranda'],
      ['ar', 'الرئيسية'],
    ] as const) {
      const res = await ctx.app.inject({ url: `/api/lang/${locale}` });
      expect(res.statusCode).toBe(200);
      const strings = translationsSchema.parse(res.json());
      expect(strings).not.toHaveProperty('data');
      expect(strings.Home).toBe(home);
      expect(strings['Page Not Found']).toBeTruthy();
      expect(strings).toEqual(await readTranslationFiles(locale));
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    }
  });

  it('returns English as an object too (its keys are the English text)', async () => {
    const res = await ctx.app.inject({ url: '/api/lang/en' });
    expect(res.statusCode).toBe(200);
    expect(translationsSchema.parse(res.json())).toEqual(await readTranslationFiles('en'));
  });

  it('tags the strings, and answers 304 without them to a browser that holds the current ones', async () => {
    const first = await ctx.app.inject({ url: '/api/lang/id' });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await ctx.app.inject({ url: '/api/lang/id', headers: { 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Another language's strings, or a stale tag, are sent whole.
    const arabic = await ctx.app.inject({ url: '/api/lang/ar', headers: { 'if-none-match': String(tag) } });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers.etag).not.toBe(tag);
    const stale = await ctx.app.inject({ url: '/api/lang/id', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(Object.keys(stale.json()).length).toBeGreaterThan(100);
  });

  it('answers the spec alias /lang/{locale} with the same strings', async () => {
    const api = await ctx.app.inject({ url: '/api/lang/id' });
    const alias = await ctx.app.inject({ url: '/lang/id' });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(api.json());
  });

  it('is 404 with {message, code} for a language that is not active', async () => {
    for (const url of ['/api/lang/xx', '/lang/fr']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(errorReplySchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
    await ctx.db.update(languages).set({ isActive: false }).where(eq(languages.name, 'ar'));
    ctx.clearCaches();
    try {
      expect((await ctx.app.inject({ url: '/api/lang/ar' })).statusCode).toBe(404);
    } finally {
      await ctx.db.update(languages).set({ isActive: true }).where(eq(languages.name, 'ar'));
      ctx.clearCaches();
    }
    expect((await ctx.app.inject({ url: '/api/lang/ar' })).statusCode).toBe(200);
  });

  it('rejects a malformed locale with a field error, never touching the file system', async () => {
    const res = await ctx.app.inject({ url: '/api/lang/..%2F..%2Fetc' });
    expect(res.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(res.json()).errors).toHaveProperty('locale');
  });
});

describeEachDatabase('GET /api/change-language', (ctx) => {
  it('sets the locale cookie for a year and replies with the direction', async () => {
    const res = await ctx.app.inject({ url: '/api/change-language?language=ar' });
    expect(res.statusCode).toBe(200);
    expect(changeLanguageReplySchema.parse(res.json()).data).toEqual({ locale: 'ar', direction: 'rtl' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${LOCALE_COOKIE}=ar;`));
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(cookie).not.toContain('HttpOnly');
  });

  it('answers the spec alias /change-language, left to right for Indonesian', async () => {
    const res = await ctx.app.inject({ url: '/change-language?language=id' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ locale: 'id', direction: 'ltr' });
    expect(String(res.headers['set-cookie'])).toMatch(/^locale=id;/);
  });

  it('is a 422 field error on `language` for an unknown or missing language, and sets no cookie', async () => {
    for (const url of ['/api/change-language?language=zz', '/api/change-language']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(422);
      const body = validationErrorReplySchema.parse(res.json());
      expect(body.errors.language?.[0]).toBeTruthy();
      expect(body.message).toBe(body.errors.language?.[0]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('translation files', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shoptest-locales-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('merges every JSON file of a locale folder, later names winning, ignoring other files', async () => {
    mkdirSync(path.join(tmp, 'id'));
    writeFileSync(path.join(tmp, 'id', 'a-common.json'), JSON.stringify({ Home: 'Beranda', Cart: 'Troli' }));
    writeFileSync(path.join(tmp, 'id', 'b-cart.json'), JSON.stringify({ Cart: 'Keranjang', Checkout: 'Bayar' }));
    writeFileSync(path.join(tmp, 'id', 'notes.txt'), 'not a translation');
    expect(await readTranslationFiles('id', tmp)).toEqual({ Home: 'Beranda', Cart: 'Keranjang', Checkout: 'Bayar' });
  });

  it('reads a missing folder as no strings', async () => {
    expect(await readTranslationFiles('en', tmp)).toEqual({});
  });

  it('refuses a file that is not a flat map of strings, naming the file', async () => {
    mkdirSync(path.join(tmp, 'ar'));
    writeFileSync(path.join(tmp, 'ar', 'nested.json'), JSON.stringify({ Home: { text: 'x' } }));
    await expect(readTranslationFiles('ar', tmp)).rejects.toThrow(/nested\.json: the value of "Home" must be a string/);
  });

  it('every shipped locale file is a valid flat map of non-empty strings', async () => {
    const locales = readdirSync(localesDir);
    expect(locales).toEqual(expect.arrayContaining(['id', 'ar']));
    for (const locale of locales) {
      const strings = await readTranslationFiles(locale);
      for (const [key, value] of Object.entries(strings)) expect(value.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });
});
