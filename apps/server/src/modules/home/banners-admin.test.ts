import { homeReplySchema } from '@shop/contracts/catalog';
import {
  contentImageReplySchema,
  type OperatorBanner,
  operatorBannerReplySchema,
  operatorBannersReplySchema,
} from '@shop/contracts/operator-content';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { media } from '../../db/schema/common';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { multipart } from '../../testing/multipart';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { createTestApp, databaseTargets, describeEachDatabase, type TestApp } from '../../testing/test-app';
import { CATALOG_POLL_MS } from '../catalog/catalog-changes';

const HOUR = 3600_000;

async function newMedia(ctx: TestApp) {
  const [row] = await ctx.db
    .insert(media)
    .values({ path: 'content/test.webp', width: 1200, height: 400 })
    .returning({ id: media.id });
  return row!.id;
}

const bodyOf = (b: OperatorBanner) => ({
  title: b.title,
  url: b.url,
  media_id: b.image.id,
  position: b.position,
  is_active: b.is_active,
  starts_at: b.starts_at,
  ends_at: b.ends_at,
});

describeEachDatabase('the operator’s banners and ads', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const save = async (placement: 'banners' | 'ads', body: object, id?: number) => {
    const res = await asOperator(id ? 'PUT' : 'POST', `/api/operator/${placement}${id ? `/${id}` : ''}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return operatorBannerReplySchema.parse(res.json()).data.item;
  };
  const home = async () => {
    const res = await ctx.app.inject({ url: '/api/home' });
    expect(res.statusCode).toBe(200);
    return homeReplySchema.parse(res.json()).data;
  };
  const auditActions = async (kind: string, id: number) =>
    (
      await ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.kind, kind), eq(auditLog.recordId, String(id))))
    ).map((e) => e.action);

  it('makes, lists (search, state, sort, paging), changes and deletes a banner, one audit entry per write', async () => {
    const tag = `b${Date.now()}`;
    const now = ctx.clock.now().getTime();
    const mediaId = await newMedia(ctx);
    const live = await save('banners', { title: `${tag} live`, url: '/shops', media_id: mediaId, position: 2 });
    expect(live).toMatchObject({ state: 'live', url: '/shops', position: 2, starts_at: null, ends_at: null });
    expect(live.image).toEqual({ id: mediaId, url: '/uploads/content/test.webp' });
    const later = await save('banners', {
      title: `${tag} later`,
      media_id: mediaId,
      position: 1,
      starts_at: new Date(now + HOUR).toISOString(),
      ends_at: new Date(now + 2 * HOUR).toISOString(),
    });
    expect(later.state).toBe('scheduled');
    const over = await save('banners', {
      title: `${tag} over`,
      media_id: mediaId,
      starts_at: new Date(now - 2 * HOUR).toISOString(),
      ends_at: new Date(now - HOUR).toISOString(),
    });
    expect(over.state).toBe('ended');
    const off = await save('banners', { title: `${tag} off`, media_id: mediaId, is_active: false });
    expect(off.state).toBe('off');

    const list = async (query: string) => {
      const res = await asOperator('GET', `/api/operator/banners?q=${tag}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return operatorBannersReplySchema.parse(res.json()).data;
    };
    const byPosition = await list('');
    expect(byPosition.total).toBe(4);
    expect(byPosition.items.slice(0, 2).map((b) => b.id)).toEqual([over.id, off.id].sort((a, b) => a - b));
    expect((await list('sort=title&direction=desc')).items.map((b) => b.id)).toEqual([
      over.id,
      off.id,
      live.id,
      later.id,
    ]);
    for (const [state, id] of [
      ['live', live.id],
      ['scheduled', later.id],
      ['ended', over.id],
      ['off', off.id],
    ] as const) {
      expect((await list(`state=${state}`)).items.map((b) => b.id)).toEqual([id]);
    }
    const paged = await list('sort=title&per_page=3&page=2');
    expect(paged.total).toBe(4);
    expect(paged.items.map((b) => b.id)).toEqual([over.id]);

    const changed = await save(
      'banners',
      { ...bodyOf(live), title: `${tag} renamed`, url: 'https://example.com/x' },
      live.id,
    );
    expect(changed).toMatchObject({ title: `${tag} renamed`, url: 'https://example.com/x' });
    const removed = await asOperator('DELETE', `/api/operator/banners/${off.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list('')).total).toBe(3);
    expect(await auditActions('banner', live.id)).toEqual(['create', 'update']);
    expect(await auditActions('banner', off.id)).toEqual(['create', 'delete']);
  });

  it('shows on the home page only the banners and ads inside their window, in their order', async () => {
    const tag = `w${Date.now()}`;
    const now = ctx.clock.now().getTime();
    const mediaId = await newMedia(ctx);
    const at = (hours: number) => new Date(now + hours * HOUR).toISOString();
    const shown = await save('banners', { title: `${tag} now`, media_id: mediaId, starts_at: at(-1), ends_at: at(1) });
    await save('banners', { title: `${tag} soon`, media_id: mediaId, starts_at: at(1) });
    await save('banners', { title: `${tag} over`, media_id: mediaId, ends_at: at(-1) });
    await save('banners', { title: `${tag} off`, media_id: mediaId, is_active: false });
    const firstAd = await save('ads', { title: `${tag} ad first`, media_id: mediaId, position: 0, ends_at: at(3) });
    await save('ads', { title: `${tag} ad over`, media_id: mediaId, position: 0, ends_at: at(-1) });

    const page = await home();
    expect(page.banners.filter((b) => b.title.startsWith(tag)).map((b) => b.id)).toEqual([shown.id]);
    expect(page.ads.filter((b) => b.title.startsWith(tag)).map((b) => b.id)).toEqual([firstAd.id]);

    // Two hours on, the first has ended and the second begun.
    ctx.clock.advance(2 * HOUR);
    try {
      const later = await home();
      expect(later.banners.filter((b) => b.title.startsWith(tag)).map((b) => b.title)).toEqual([`${tag} soon`]);
    } finally {
      ctx.clock.advance(-2 * HOUR);
    }
  });

  it('takes a picture upload (kept as WebP) and refuses a file that is not one', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const send = (data: Buffer, type: string) => {
      const body = multipart({}, [{ name: 'image', filename: 'banner.png', type, data }]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/operator/content-images',
        headers: { ...operator.bearerHeaders, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const res = await send(png, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const { image } = contentImageReplySchema.parse(res.json()).data;
    expect(image).toMatchObject({ width: 40, height: 20 });
    expect(image.url).toMatch(/^\/uploads\/content\/[0-9a-f]{24}\.webp$/);
    expect(await auditActions('media', image.id)).toEqual(['upload']);
    const banner = await save('ads', { title: 'Uploaded', media_id: image.id });
    expect(banner.image.url).toBe(image.url);

    const refused = await send(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['image']);
  });

  it('refuses a bad banner and an unknown one', async () => {
    const mediaId = await newMedia(ctx);
    const refused = async (body: object, field: string) => {
      const res = await asOperator('POST', '/api/operator/banners', { title: 'X', media_id: mediaId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await refused({ title: ' ' }, 'title');
    await refused({ url: 'javascript:alert(1)' }, 'url');
    await refused({ url: '//evil.example/x' }, 'url');
    await refused({ url: 'http://example.com' }, 'url');
    await refused({ media_id: 999_999 }, 'media_id');
    await refused({ starts_at: 'tomorrow' }, 'starts_at');
    await refused({ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, 'ends_at');
    expect((await asOperator('PUT', '/api/operator/ads/999999', { title: 'X', media_id: mediaId })).statusCode).toBe(
      404,
    );
    expect((await asOperator('DELETE', '/api/operator/banners/abc')).statusCode).toBe(404);
    expect((await asOperator('GET', '/api/operator/ads?state=nope')).statusCode).toBe(422);
  });

  it('is the operator’s only: a seller and a shopper get 403', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      for (const [method, url] of [
        ['GET', '/api/operator/banners'],
        ['POST', '/api/operator/ads'],
        ['PUT', '/api/operator/banners/1'],
        ['DELETE', '/api/operator/ads/1'],
        ['POST', '/api/operator/content-images'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: who.bearerHeaders, payload: { title: 'X' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('the home page’s cache and the operator’s banners', () => {
  let ctx: TestApp;
  let operator: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
    operator = await signInOperator(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const titles = async () => {
    const res = await ctx.app.inject({ url: '/api/home' });
    return homeReplySchema.parse(res.json()).data.banners.map((b) => b.title);
  };
  /** Time passes for the process: its clock and the timers its caches read. */
  const pass = (ms: number) => {
    vi.setSystemTime(Date.now() + ms);
    ctx.clock.advance(ms);
  };

  it('shows a banner the operator changed within a poll (under a second), though the page is cached for a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const list = await ctx.app.inject({ url: '/api/operator/banners?state=live', headers: operator.bearerHeaders });
      const [banner] = operatorBannersReplySchema.parse(list.json()).data.items;
      const first = await titles();
      expect(first).toContain(banner!.title);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/operator/banners/${banner!.id}`,
        headers: operator.bearerHeaders,
        payload: { ...bodyOf(banner!), title: 'Changed by the operator' },
      });
      expect(res.statusCode, res.body).toBe(200);
      // At most CATALOG_POLL_MS later every process has seen the catalogue's version move.
      pass(CATALOG_POLL_MS);
      await vi.waitFor(async () => expect(await titles()).toContain('Changed by the operator'));
      expect(CATALOG_POLL_MS).toBeLessThan(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a scheduled banner once its start has passed, without any write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const [row] = await ctx.db
        .insert(media)
        .values({ path: 'content/soon.webp', width: 10, height: 10 })
        .returning({ id: media.id });
      const startsAt = new Date(ctx.clock.now().getTime() + 10_000);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/operator/banners',
        headers: operator.bearerHeaders,
        payload: { title: 'Starts in ten seconds', media_id: row!.id, starts_at: startsAt.toISOString() },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Built after the write (and again once it settled), before the start: not shown.
      pass(CATALOG_POLL_MS);
      await titles();
      pass(3_000);
      await titles();
      expect(await titles()).not.toContain('Starts in ten seconds');
      pass(10_000);
      await vi.waitFor(async () => expect(await titles()).toContain('Starts in ten seconds'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!databaseTargets().includes('postgres'))('two processes on one PostgreSQL database', () => {
  let writer: TestApp;
  let reader: TestApp;
  let operator: SignedIn;
  beforeAll(async () => {
    writer = await createTestApp({ kind: 'postgres', env: { PUBLIC_CACHE_SECONDS: '60' } });
    reader = await createTestApp({ kind: 'postgres', sameDatabaseAs: writer, env: { PUBLIC_CACHE_SECONDS: '60' } });
    operator = await signInOperator(writer);
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
  });

  it('a banner saved on one process is on the other’s cached home page within a poll', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const titles = async () =>
        homeReplySchema.parse((await reader.app.inject({ url: '/api/home' })).json()).data.banners.map((b) => b.title);
      const list = await writer.app.inject({
        url: '/api/operator/banners?state=live',
        headers: operator.bearerHeaders,
      });
      const [banner] = operatorBannersReplySchema.parse(list.json()).data.items;
      expect(await titles()).toContain(banner!.title);
      const res = await writer.app.inject({
        method: 'PUT',
        url: `/api/operator/banners/${banner!.id}`,
        headers: operator.bearerHeaders,
        payload: { ...bodyOf(banner!), title: 'Saved on the other process' },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The reader's cache holds the old page until its next look at the catalogue's version.
      expect(await titles()).not.toContain('Saved on the other process');
      vi.setSystemTime(Date.now() + CATALOG_POLL_MS);
      reader.clock.advance(CATALOG_POLL_MS);
      await vi.waitFor(async () => expect(await titles()).toContain('Saved on the other process'));
    } finally {
      vi.useRealTimers();
    }
  });
});
