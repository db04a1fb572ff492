import { legalPageReplySchema } from '@shop/contracts/content';
import { type OperatorPage, operatorPageReplySchema, operatorPagesReplySchema } from '@shop/contracts/operator-content';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

/** What an operator might paste: script, event handlers, a javascript: link, a frame, a style. */
const HOSTILE_HTML =
  '<p>Hello <strong>there</strong></p><script>window.__xss=1</script>' +
  '<img src=x onerror="window.__xss=2"><img src="/uploads/content/a.webp" onload="window.__xss=3">' +
  '<a href="javascript:window.__xss=4">link</a><iframe srcdoc="<script>parent.__xss=5</script>"></iframe>' +
  '<p style="background:url(x)" onclick="window.__xss=6">styled</p><svg onload="window.__xss=7"></svg>';

/** Nothing in stored HTML could run or load from elsewhere. */
function expectInertHtml(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<style|\son\w+=|javascript:|srcdoc|style=/i);
}

describeEachDatabase('the operator’s policy and CMS pages', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const save = async (body: object, id?: number) => {
    const res = await asOperator(id ? 'PUT' : 'POST', `/api/operator/pages${id ? `/${id}` : ''}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return operatorPageReplySchema.parse(res.json()).data.page;
  };
  const refused = async (status: number, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const res = await asOperator(method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { message: string; errors?: Record<string, string[]> };
  };
  const storefront = async (slug: string, locale: string) => {
    const res = await ctx.app.inject({ url: `/api/legal-pages/${slug}`, headers: { 'accept-language': locale } });
    return {
      status: res.statusCode,
      page: res.statusCode === 200 ? legalPageReplySchema.parse(res.json()).data.content : null,
    };
  };
  const bodyOf = (p: OperatorPage) => ({
    title: p.title,
    description: p.description,
    slug: p.slug,
    is_active: p.is_active,
    translations: p.translations,
  });

  it('makes a CMS page in three languages, sanitised on the server, shown on the storefront in each', async () => {
    const tag = `p${Date.now()}`;
    const page = await save({
      title: `Shipping ${tag}`,
      description: HOSTILE_HTML,
      translations: {
        id: { title: `Pengiriman ${tag}`, description: `<p>Dikirim</p>${HOSTILE_HTML}` },
        ar: { title: '', description: '' },
      },
    });
    expect(page).toMatchObject({ kind: 'cms', slug: `shipping-${tag}`, is_active: true });
    expectInertHtml(page.description);
    expect(page.description).toContain('<p>Hello <strong>there</strong></p>');
    expect(page.description).toContain('<img src="/uploads/content/a.webp" />');
    expect(page.description).toContain('<a rel="noopener noreferrer nofollow">link</a>');
    expect(Object.keys(page.translations)).toEqual(['id']);
    expectInertHtml(page.translations.id!.description);

    const en = await storefront(page.slug, 'en');
    expect(en.page).toEqual({ title: `Shipping ${tag}`, description: page.description });
    const id = await storefront(page.slug, 'id');
    expect(id.page).toEqual({ title: `Pengiriman ${tag}`, description: page.translations.id!.description });
    // No Arabic text: the English one.
    expect((await storefront(page.slug, 'ar')).page?.title).toBe(`Shipping ${tag}`);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'page'), eq(auditLog.recordId, String(page.id))));
    expect(entry?.action).toBe('create');
  });

  it('keeps slugs unique: a chosen one that is taken is refused, one made from the title gets a suffix', async () => {
    const body = { title: 'Twin page', description: '<p>One</p>' };
    const first = await save(body);
    const second = await save(body);
    expect(first.slug).toBe('twin-page');
    expect(second.slug).toMatch(/^twin-page-[0-9a-f]{6}$/);
    const taken = await refused(422, 'POST', '/api/operator/pages', { ...body, slug: 'about-us' });
    expect(Object.keys(taken.errors ?? {})).toEqual(['slug']);
    await refused(422, 'PUT', `/api/operator/pages/${second.id}`, { ...bodyOf(second), slug: 'twin-page' });
    await refused(422, 'POST', '/api/operator/pages', { ...body, slug: 'Not A Slug!' });
    const moved = await save({ ...bodyOf(second), slug: 'twin-page-moved' }, second.id);
    expect(moved.slug).toBe('twin-page-moved');
    expect((await storefront('twin-page-moved', 'en')).status).toBe(200);
  });

  it('changes a policy page’s text (its address stays) and never deletes it; a CMS page goes', async () => {
    const list = await asOperator('GET', '/api/operator/pages?kind=legal&q=privacy');
    const [privacy] = operatorPagesReplySchema.parse(list.json()).data.pages;
    expect(privacy).toMatchObject({ slug: 'privacy-policy', kind: 'legal' });
    const changed = await save(
      {
        ...bodyOf(privacy!),
        description: '<p>We keep little.</p>',
        translations: { ar: { title: 'الخصوصية', description: '<p>نحتفظ بالقليل.</p>' } },
      },
      privacy!.id,
    );
    expect(changed.description).toBe('<p>We keep little.</p>');
    expect((await storefront('privacy-policy', 'ar')).page).toEqual({
      title: 'الخصوصية',
      description: '<p>نحتفظ بالقليل.</p>',
    });
    const kept = await refused(422, 'PUT', `/api/operator/pages/${privacy!.id}`, {
      ...bodyOf(changed),
      slug: 'privacy',
    });
    expect(Object.keys(kept.errors ?? {})).toEqual(['slug']);
    await refused(409, 'DELETE', `/api/operator/pages/${privacy!.id}`);

    const cms = await save({ title: 'Short lived', description: '<p>Soon gone</p>' });
    expect((await asOperator('DELETE', `/api/operator/pages/${cms.id}`)).statusCode).toBe(200);
    expect((await storefront(cms.slug, 'en')).status).toBe(404);
    await refused(404, 'DELETE', `/api/operator/pages/${cms.id}`);
  });

  it('lists the pages searched (in any language), by kind, sorted and paged', async () => {
    const tag = `l${Date.now()}`;
    const a = await save({ title: `Alpha ${tag}`, description: '<p>A</p>' });
    const b = await save({
      title: `Beta ${tag}`,
      description: '<p>B</p>',
      translations: { id: { title: `Kedua ${tag}x`, description: '' } },
    });
    const list = async (query: string) =>
      operatorPagesReplySchema.parse((await asOperator('GET', `/api/operator/pages?${query}`)).json()).data;
    expect((await list(`q=${tag}&sort=title&direction=desc`)).pages.map((p) => p.id)).toEqual([b.id, a.id]);
    expect((await list(`q=${tag}x`)).pages.map((p) => p.id)).toEqual([b.id]);
    expect((await list(`q=${tag}&kind=legal`)).total).toBe(0);
    const paged = await list(`q=${tag}&sort=title&per_page=1&page=2`);
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.pages.map((p) => p.id)).toEqual([b.id]);
  });

  it('refuses an empty text, a translated text without its title, and bad queries', async () => {
    const empty = await refused(422, 'POST', '/api/operator/pages', {
      title: 'Empty',
      description: '<script>alert(1)</script><p> </p>',
    });
    expect(Object.keys(empty.errors ?? {})).toEqual(['description']);
    const untitled = await refused(422, 'POST', '/api/operator/pages', {
      title: 'Untitled',
      description: '<p>x</p>',
      translations: { id: { title: ' ', description: '<p>teks</p>' } },
    });
    expect(Object.keys(untitled.errors ?? {})).toEqual(['translations.id.title']);
    await refused(422, 'POST', '/api/operator/pages', { title: '', description: '<p>x</p>' });
    await refused(422, 'POST', '/api/operator/pages', { title: 'x', description: 'y'.repeat(200_001) });
    expect((await asOperator('GET', '/api/operator/pages?kind=nope')).statusCode).toBe(422);
    await refused(404, 'PUT', '/api/operator/pages/999999', { title: 'x', description: '<p>x</p>' });
  });

  it('is the operator’s only: a seller and a shopper get 403', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      for (const [method, url] of [
        ['GET', '/api/operator/pages'],
        ['POST', '/api/operator/pages'],
        ['PUT', '/api/operator/pages/1'],
        ['DELETE', '/api/operator/pages/1'],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: who.bearerHeaders,
          payload: { title: 'X', description: '<p>x</p>' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});
