import { blogDetailsReplySchema, blogsReplySchema } from '@shop/contracts/content';
import { operatorBlogReplySchema, operatorBlogsReplySchema } from '@shop/contracts/operator-content';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { blogCategories } from '../../db/schema/blogs';
import { media } from '../../db/schema/common';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

const HOSTILE_HTML =
  '<p>Read <em>this</em></p><script>window.__xss=1</script><img src=x onerror="window.__xss=2">' +
  '<a href="javascript:window.__xss=3">link</a><details open ontoggle="window.__xss=4">x</details>';
const expectInertHtml = (html: string) =>
  expect(html).not.toMatch(/<script|<iframe|<svg|<style|<details|\son\w+=|javascript:|style=/i);

describeEachDatabase('the operator’s blog posts', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const save = async (body: object, id?: number) => {
    const res = await asOperator(id ? 'PUT' : 'POST', `/api/operator/blogs${id ? `/${id}` : ''}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return operatorBlogReplySchema.parse(res.json()).data.blog;
  };
  const details = (slug: string, locale = 'en') =>
    ctx.app.inject({ url: `/api/blog/${slug}/details`, headers: { 'accept-language': locale } });

  it('writes a post in two languages with a picture and a category, sanitised, shown on the storefront in each', async () => {
    const tag = `b${Date.now()}`;
    const [category] = await ctx.db.select({ id: blogCategories.id, name: blogCategories.name }).from(blogCategories);
    const [picture] = await ctx.db
      .insert(media)
      .values({ path: 'content/post.webp', width: 800, height: 450 })
      .returning({ id: media.id });
    const post = await save({
      title: `Packing tips ${tag}`,
      description: HOSTILE_HTML,
      category_id: category!.id,
      media_id: picture!.id,
      translations: { ar: { title: `نصائح التغليف ${tag}`, description: `<p>اقرأ</p>${HOSTILE_HTML}` } },
    });
    expect(post).toMatchObject({
      slug: `packing-tips-${tag}`,
      category: { id: category!.id, name: category!.name },
      image: { id: picture!.id, url: '/uploads/content/post.webp' },
      is_active: true,
      views: 0,
    });
    expectInertHtml(post.description);
    expectInertHtml(post.translations.ar!.description);
    expect(post.description).toContain('<p>Read <em>this</em></p>');

    const en = blogDetailsReplySchema.parse((await details(post.slug)).json()).data.blog;
    expect(en).toMatchObject({ title: `Packing tips ${tag}`, description: post.description });
    const ar = blogDetailsReplySchema.parse((await details(post.slug, 'ar')).json()).data.blog;
    expect(ar).toMatchObject({ title: `نصائح التغليف ${tag}`, description: post.translations.ar!.description });
    expect(ar.excerpt).toContain('اقرأ');
    const cards = blogsReplySchema.parse(
      (await ctx.app.inject({ url: '/api/blogs?per_page=50', headers: { 'accept-language': 'ar' } })).json(),
    ).data.blogs;
    expect(cards.find((c) => c.id === post.id)?.title).toBe(`نصائح التغليف ${tag}`);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'blog'), eq(auditLog.recordId, String(post.id))));
    expect(entry?.action).toBe('create');
  });

  it('keeps a draft off the storefront, lists by status and search, and deletes a post', async () => {
    const tag = `d${Date.now()}`;
    const draft = await save({ title: `Draft ${tag}`, description: '<p>Not yet</p>', is_active: false });
    const live = await save({ title: `Live ${tag}`, description: '<p>Now</p>' });
    expect((await details(draft.slug)).statusCode).toBe(404);
    expect((await details(live.slug)).statusCode).toBe(200);
    const list = async (query: string) =>
      operatorBlogsReplySchema.parse((await asOperator('GET', `/api/operator/blogs?q=${tag}&${query}`)).json()).data;
    expect((await list('status=draft')).blogs.map((b) => b.id)).toEqual([draft.id]);
    expect((await list('sort=title&direction=asc')).blogs.map((b) => b.id)).toEqual([draft.id, live.id]);
    expect((await list('')).categories.length).toBeGreaterThan(0);

    const published = await save({ title: draft.title, description: draft.description, is_active: true }, draft.id);
    expect(published.slug).toBe(draft.slug);
    expect((await details(draft.slug)).statusCode).toBe(200);

    expect((await asOperator('DELETE', `/api/operator/blogs/${live.id}`)).statusCode).toBe(200);
    expect((await details(live.slug)).statusCode).toBe(404);
    expect((await asOperator('DELETE', `/api/operator/blogs/${live.id}`)).statusCode).toBe(404);
  });

  it('keeps slugs unique and refuses an unknown category or picture', async () => {
    const first = await save({ title: 'Same title', description: '<p>1</p>' });
    const second = await save({ title: 'Same title', description: '<p>2</p>' });
    expect(second.slug).not.toBe(first.slug);
    const taken = await asOperator('POST', '/api/operator/blogs', {
      title: 'Other',
      description: '<p>3</p>',
      slug: first.slug,
    });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['slug']);
    const unknown = await asOperator('POST', '/api/operator/blogs', {
      title: 'Other',
      description: '<p>3</p>',
      category_id: 999_999,
      media_id: 999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['category_id', 'media_id']);
  });

  it('is the operator’s only: a seller and a shopper get 403', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      for (const [method, url] of [
        ['GET', '/api/operator/blogs'],
        ['POST', '/api/operator/blogs'],
        ['PUT', '/api/operator/blogs/1'],
        ['DELETE', '/api/operator/blogs/1'],
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
