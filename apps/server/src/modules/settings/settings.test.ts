import { countriesReplySchema, masterReplySchema } from '@shop/contracts/settings';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { media } from '../../db/schema/common';
import {
  currencies,
  footerItems,
  footers,
  menus,
  paymentGateways,
  settings,
  socialLinks,
} from '../../db/schema/settings';
import { describeEachDatabase } from '../../testing/test-app';
import { findSettings, saveSetting } from './settings.repository';

describeEachDatabase('GET /api/master', (ctx) => {
  const getMaster = async () => {
    ctx.clearCaches();
    const res = await ctx.app.inject({ url: '/api/master' });
    expect(res.statusCode).toBe(200);
    return masterReplySchema.parse(res.json()).data;
  };

  it('replies with every site setting in the envelope', async () => {
    const master = await getMaster();
    expect(master.app_name.length).toBeGreaterThan(0);
    expect(master.app_environment).toBe('test');
    expect(master.baseUrl).toBe('http://localhost:3000');
    expect(master.web_logo).toMatch(/^(\/|https?:\/\/)/);
    expect(master.phone_min_length).toBeLessThanOrEqual(master.phone_max_length);
    expect(['email', 'phone']).toContain(master.register_otp_type);
  });

  it('names the marketplace’s time zone, Asia/Jakarta when settings saved before it existed name none', async () => {
    expect((await getMaster()).time_zone).toBe('Asia/Jakarta');
    const { general } = await findSettings(ctx.db, ['general']);
    if (!general) throw new Error('no general settings');
    try {
      await saveSetting(ctx.db, 'general', { ...general, time_zone: 'Asia/Makassar' });
      expect((await getMaster()).time_zone).toBe('Asia/Makassar');
      const { time_zone: _, ...older } = general;
      await ctx.db.update(settings).set({ value: older }).where(eq(settings.key, 'general'));
      expect((await getMaster()).time_zone).toBe('Asia/Jakarta');
      await expect(saveSetting(ctx.db, 'general', { ...general, time_zone: 'Mars/Olympus_Mons' })).rejects.toThrow(
        /IANA time zone/,
      );
    } finally {
      await saveSetting(ctx.db, 'general', general);
    }
  });

  it('writes its texts in the language asked for (Accept-Language), English where one is not translated', async () => {
    const inLanguage = async (locale: string) => {
      ctx.clearCaches();
      const res = await ctx.app.inject({ url: '/api/master', headers: { 'accept-language': locale } });
      return masterReplySchema.parse(res.json()).data;
    };
    expect(await inLanguage('en')).toMatchObject({
      web_footer_text: 'Pasar Nusantara. All rights reserved.',
      web_footer_description: expect.stringMatching(/^The marketplace for Indonesia/),
    });
    expect(await inLanguage('ar')).toMatchObject({
      web_footer_text: 'باسار نوسانتارا. جميع الحقوق محفوظة.',
      web_footer_description: expect.stringMatching(/^سوق المشاريع الصغيرة/),
    });
    expect((await inLanguage('id')).web_footer_text).toBe('Pasar Nusantara. Hak cipta dilindungi undang-undang.');
    // The footer's text item (the demo's tagline) too; a link's title is an interface string.
    const tagline = (master: Awaited<ReturnType<typeof inLanguage>>) =>
      master.footers.flatMap((f) => f.items).find((i) => i.type === 'text')?.title;
    expect(tagline(await inLanguage('en'))).toBe(
      'Shop local products from thousands of trusted shops all over Indonesia.',
    );
    expect(tagline(await inLanguage('ar'))).toBe(
      'تسوّق المنتجات المحلية من آلاف المتاجر الموثوقة في جميع أنحاء إندونيسيا.',
    );
    expect(tagline(await inLanguage('id'))).toBe(
      'Belanja produk lokal dari ribuan toko terpercaya di seluruh Indonesia.',
    );
    // And the payment gateways' titles.
    const cash = async (locale: string) =>
      (await inLanguage(locale)).payment_gateways.find((g) => g.name === 'cash')?.title;
    expect(await cash('en')).toBe('Cash on Delivery');
    expect(await cash('ar')).toBe('الدفع عند الاستلام');
    expect(await cash('id')).toBe('Bayar di Tempat (COD)');
    const { general } = await findSettings(ctx.db, ['general']);
    if (!general) throw new Error('no general settings');
    try {
      await saveSetting(ctx.db, 'general', { ...general, text_translations: { ar: { web_footer_text: 'نص' } } });
      expect(await inLanguage('ar')).toMatchObject({
        web_footer_text: 'نص',
        web_footer_description: general.web_footer_description,
      });
    } finally {
      await saveSetting(ctx.db, 'general', general);
    }
  });

  it('has all twelve theme colours', async () => {
    const { theme_colors } = await getMaster();
    expect(Object.keys(theme_colors)).toHaveLength(12);
    for (const [key, value] of Object.entries(theme_colors)) expect(value, key).toMatch(/^#[0-9a-fA-F]{6}$/);
  });

  it('gives the default currency with its position, and every active currency with its rate from it', async () => {
    const master = await getMaster();
    const general = (await findSettings(ctx.db, ['general'])).general;
    const [stored] = await ctx.db.select().from(currencies).where(eq(currencies.isDefault, true));
    expect(stored).toBeDefined();
    expect(master.currency).toEqual({
      name: stored!.name,
      symbol: stored!.symbol,
      rate: stored!.rate,
      position: general!.currency_position,
    });
    const active = await ctx.db.select().from(currencies).where(eq(currencies.isActive, true));
    expect(master.currencies.map((c) => c.code).sort()).toEqual(active.map((c) => c.code).sort());
    expect(master.currencies.filter((c) => c.is_default)).toHaveLength(1);
    for (const c of master.currencies) expect(c.rate_from_default).toBeCloseTo(c.rate / stored!.rate, 8);
  });

  it('lists active languages with their direction', async () => {
    const { languages, app_locale } = await getMaster();
    const codes = languages.map((l) => l.name);
    expect(codes).toEqual(expect.arrayContaining(['en', 'id', 'ar']));
    expect(languages.find((l) => l.name === 'ar')?.direction).toBe('rtl');
    expect(languages.find((l) => l.name === 'en')?.direction).toBe('ltr');
    expect(codes).toContain(app_locale);
  });

  it('marks menus internal or external and keeps their order', async () => {
    const master = await getMaster();
    expect(master.menus.length).toBeGreaterThan(0);
    const rows = await ctx.db.select().from(menus).where(eq(menus.isActive, true));
    expect(master.menus.map((m) => m.id)).toEqual(
      [...rows].sort((a, b) => a.position - b.position || a.id - b.id).map((r) => r.id),
    );
    for (const menu of master.menus) {
      expect(menu.is_external).toBe(rows.find((r) => r.id === menu.id)!.isExternal);
      expect(menu.title).toBe(menu.name);
    }

    const [external] = await ctx.db
      .insert(menus)
      .values({ name: 'Partner', url: 'https://partner.example', target: '_blank', isExternal: true, position: -1 })
      .returning();
    const after = await getMaster();
    expect(after.menus[0]).toEqual({
      id: external!.id,
      name: 'Partner',
      title: 'Partner',
      url: 'https://partner.example',
      target: '_blank',
      is_external: true,
    });
    await ctx.db.delete(menus).where(eq(menus.id, external!.id));
  });

  it('gives footer columns with their items in position order', async () => {
    const master = await getMaster();
    expect(master.footers.length).toBeGreaterThan(0);
    for (let i = 1; i < master.footers.length; i++) {
      expect(master.footers[i]!.position).toBeGreaterThanOrEqual(master.footers[i - 1]!.position);
    }

    const [column] = await ctx.db.insert(footers).values({ title: 'Test column', position: 999 }).returning();
    const items = await ctx.db
      .insert(footerItems)
      .values([
        { footerId: column!.id, type: 'link', title: 'Third', url: '/c', position: 3 },
        { footerId: column!.id, type: 'email', title: 'First', url: null, position: 1 },
        { footerId: column!.id, type: 'link', title: 'Second', url: '/b', target: '_blank', position: 2 },
      ])
      .returning();
    const after = await getMaster();
    const last = after.footers.at(-1)!;
    expect(last).toMatchObject({ id: column!.id, title: 'Test column', position: 999 });
    expect(last.items.map((i) => i.title)).toEqual(['First', 'Second', 'Third']);
    expect(last.items[1]).toEqual({
      id: items[2]!.id,
      type: 'link',
      title: 'Second',
      url: '/b',
      target: '_blank',
    });
    await ctx.db.delete(footers).where(eq(footers.id, column!.id));
  });

  it('gives social links with public logo paths', async () => {
    const [logo] = await ctx.db.insert(media).values({ path: 'social/test.png', width: 32, height: 32 }).returning();
    const [link] = await ctx.db
      .insert(socialLinks)
      .values({ name: 'TestNet', link: 'https://testnet.example/shop', logoId: logo!.id, position: 1000 })
      .returning();
    const master = await getMaster();
    expect(master.social_links.at(-1)).toEqual({
      id: link!.id,
      name: 'TestNet',
      link: 'https://testnet.example/shop',
      logo: '/uploads/social/test.png',
    });
    await ctx.db.delete(socialLinks).where(eq(socialLinks.id, link!.id));
  });

  it('lists only active payment gateways and never their credentials', async () => {
    await ctx.db
      .insert(paymentGateways)
      .values({ name: 'test-off', title: 'Switched off', isActive: false, config: { secret_key: 'sk_never' } });
    const res = await ctx.app.inject({ url: '/api/master' });
    expect(res.body).not.toContain('sk_never');
    const master = await getMaster();
    const active = await ctx.db.select().from(paymentGateways).where(eq(paymentGateways.isActive, true));
    expect(master.payment_gateways.map((g) => g.name).sort()).toEqual(active.map((g) => g.name).sort());
    expect(master.payment_gateways.length).toBeGreaterThan(0);
    expect(master.payment_gateways.every((g) => g.is_active)).toBe(true);
    for (const gateway of master.payment_gateways)
      expect(Object.keys(gateway).sort()).toEqual(['id', 'is_active', 'logo', 'name', 'title']);
    await ctx.db.delete(paymentGateways).where(eq(paymentGateways.name, 'test-off'));
  });

  it('gives social sign-in providers without their secrets', async () => {
    const stored = (await findSettings(ctx.db, ['social_auths'])).social_auths!;
    await saveSetting(ctx.db, 'social_auths', {
      ...stored,
      google: { is_active: true, client_id: 'google-client', client_secret: 'google-secret', redirect_url: null },
      apple: { is_active: true, client_id: 'apple-client', client_secret: 'apple-secret', redirect_url: '/cb' },
    });
    ctx.clearCaches();
    const res = await ctx.app.inject({ url: '/api/master' });
    expect(res.body).not.toContain('google-secret');
    expect(res.body).not.toContain('apple-secret');
    const { social_auths } = masterReplySchema.parse(res.json()).data;
    expect(social_auths.google).toEqual({
      name: 'google',
      is_active: true,
      client_id: 'google-client',
      redirect_url: null,
    });
    expect(social_auths.apple).toEqual({
      name: 'apple',
      is_active: true,
      client_id: 'apple-client',
      redirect_url: '/cb',
    });
    expect(Object.keys(social_auths.facebook).sort()).toEqual(['client_id', 'is_active', 'name', 'redirect_url']);
    await saveSetting(ctx.db, 'social_auths', stored);
  });

  it('answers the spec alias GET /master with the same settings', async () => {
    const viaApi = await getMaster();
    const res = await ctx.app.inject({ url: '/master' });
    expect(res.statusCode).toBe(200);
    expect(masterReplySchema.parse(res.json()).data).toEqual(viaApi);
  });
});

describeEachDatabase('GET /api/countries', (ctx) => {
  it('lists countries with phone codes, sorted by name', async () => {
    const res = await ctx.app.inject({ url: '/api/countries' });
    expect(res.statusCode).toBe(200);
    const { countries } = countriesReplySchema.parse(res.json()).data;
    expect(countries.length).toBeGreaterThan(1);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    const indonesia = countries.find((c) => c.code === 'ID');
    expect(indonesia?.phone_code).toMatch(/62/);
  });
});
