import { blogDetailsReplySchema, blogsReplySchema, blogViewReplySchema } from '@shop/contracts/content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema/blogs';
import { INTERNAL_TOKEN_HEADER, internalCallHeaders } from '../../plugins/client-ip';
import { describeEachDatabase } from '../../testing/test-app';
import { cutText, htmlToText } from './blogs.service';

describe('htmlToText / cutText', () => {
  it('turns sanitised HTML into readable text', () => {
    expect(htmlToText('<p>Tips &amp; tricks</p><ul><li>One&nbsp;two</li></ul>&#39;x&#x27;')).toBe(
      "Tips & tricks One two 'x'",
    );
  });
  it('cuts at a character boundary', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab😀');
    expect(cutText('short', 200)).toBe('short');
  });
});

describeEachDatabase('blogs', (ctx) => {
  it('lists published posts newest first with categories that have posts', async () => {
    const res = await ctx.app.inject({ url: '/api/blogs?per_page=3' });
    expect(res.statusCode, res.body).toBe(200);
    const data = blogsReplySchema.parse(res.json()).data;
    const total = await ctx.db.$count(blogs, eq(blogs.isActive, true));
    expect(data.total).toBe(total);
    expect(data.blogs).toHaveLength(3);
    const dates = data.blogs.map((b) => b.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const blog of data.blogs) {
      expect(blog.description.length).toBeLessThanOrEqual(200);
      expect(blog.description).not.toMatch(/<[a-z]/i);
      expect(blog.post_by.name).toBeTruthy();
    }
    expect(data.categories.length).toBeGreaterThan(0);
  });

  it('filters by category, translates category names and pages', async () => {
    const all = blogsReplySchema.parse((await ctx.app.inject({ url: '/api/blogs?per_page=100' })).json()).data;
    const category = all.categories[0];
    if (!category) throw new Error('The seed has blog categories');
    const res = await ctx.app.inject({ url: `/api/blogs?category_id=${category.id}&per_page=100` });
    const data = blogsReplySchema.parse(res.json()).data;
    expect(data.blogs.length).toBe(data.total);
    expect(data.blogs.length).toBeGreaterThan(0);
    expect(data.blogs.every((b) => b.category?.id === category.id)).toBe(true);

    const page2 = blogsReplySchema.parse((await ctx.app.inject({ url: '/api/blogs?per_page=2&page=2' })).json()).data;
    expect(page2.blogs.map((b) => b.id)).toEqual(all.blogs.slice(2, 4).map((b) => b.id));

    const id = blogsReplySchema.parse(
      (await ctx.app.inject({ url: '/api/blogs', headers: { 'accept-language': 'id' } })).json(),
    ).data;
    expect(id.categories.map((c) => c.name)).toContain('Tips Belanja');
  });

  it('marks posts younger than 5 days as new, by the app clock', async () => {
    const [latest] = await ctx.db.select().from(blogs).orderBy(blogs.createdAt).limit(1);
    if (!latest) throw new Error('seeded');
    ctx.clock.set(new Date(latest.createdAt.getTime() + 4 * 24 * 3600 * 1000));
    let data = blogsReplySchema.parse((await ctx.app.inject({ url: '/api/blogs?per_page=100' })).json()).data;
    expect(data.blogs.find((b) => b.id === latest.id)?.is_new).toBe(true);
    ctx.clock.set(new Date(latest.createdAt.getTime() + 6 * 24 * 3600 * 1000));
    data = blogsReplySchema.parse((await ctx.app.inject({ url: '/api/blogs?per_page=100' })).json()).data;
    expect(data.blogs.find((b) => b.id === latest.id)?.is_new).toBe(false);
    ctx.clock.set(new Date());
  });

  it('rejects a bad category id with 422', async () => {
    const res = await ctx.app.inject({ url: '/api/blogs?category_id=abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category_id).toBeDefined();
  });

  it('shows one post by slug or id with tags, related and popular posts and products', async () => {
    const list = blogsReplySchema.parse((await ctx.app.inject({ url: '/api/blogs?per_page=100' })).json()).data;
    const first = list.blogs.find((b) => b.category);
    if (!first) throw new Error('seeded');
    const res = await ctx.app.inject({ url: `/api/blog/${first.slug}/details` });
    expect(res.statusCode, res.body).toBe(200);
    const data = blogDetailsReplySchema.parse(res.json()).data;
    expect(data.blog.id).toBe(first.id);
    expect(data.blog.description).toMatch(/<p>/);
    expect(data.blog.tags.length).toBeGreaterThan(0);
    expect(data.related_blogs.length).toBeGreaterThan(0);
    expect(data.related_blogs.length).toBeLessThanOrEqual(6);
    expect(data.related_blogs.every((b) => b.category?.id === first.category?.id && b.id !== first.id)).toBe(true);
    expect(data.popular_blogs).toHaveLength(5);
    const views = data.popular_blogs.map((b) => b.total_views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    expect(data.related_products).toHaveLength(5);

    const byId = await ctx.app.inject({ url: `/api/blog/${first.id}/details` });
    expect(blogDetailsReplySchema.parse(byId.json()).data.blog.slug).toBe(first.slug);
  });

  it('counts one view per visitor', async () => {
    const list = blogsReplySchema.parse((await ctx.app.inject({ url: '/api/blogs?per_page=1&page=3' })).json()).data;
    const post = list.blogs[0];
    if (!post) throw new Error('seeded');
    const viewsOf = async () => {
      const [row] = await ctx.db.select({ v: blogs.viewsCount }).from(blogs).where(eq(blogs.id, post.id));
      return row?.v;
    };
    const before = await viewsOf();
    const first = await ctx.app.inject({ url: `/api/blog/${post.slug}/details`, remoteAddress: '10.0.0.7' });
    expect(blogDetailsReplySchema.parse(first.json()).data.blog.total_views).toBe((before ?? 0) + 1);
    await ctx.app.inject({ url: `/api/blog/${post.slug}/details`, remoteAddress: '10.0.0.7' });
    expect(await viewsOf()).toBe((before ?? 0) + 1);
    await ctx.app.inject({ url: `/api/blog/${post.slug}/details`, remoteAddress: '10.0.0.8' });
    expect(await viewsOf()).toBe((before ?? 0) + 2);

    // The web server's render calls from loopback and names the visitor; only its own proof is trusted.
    const render = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      ctx.app.inject({ url: `/api/blog/${post.slug}/details`, remoteAddress, headers });
    const rendered = await render(internalCallHeaders('203.0.113.5'));
    expect(blogDetailsReplySchema.parse(rendered.json()).data.blog.total_views).toBe((before ?? 0) + 3);
    await render(internalCallHeaders('203.0.113.5'));
    expect(await viewsOf()).toBe((before ?? 0) + 3);
    // A forged proof, or the right one from elsewhere, counts as the caller itself (10.0.0.8: seen).
    await render({ ...internalCallHeaders('203.0.113.6'), [INTERNAL_TOKEN_HEADER]: 'guess' }, '10.0.0.8');
    await render(internalCallHeaders('203.0.113.7'), '10.0.0.8');
    expect(await viewsOf()).toBe((before ?? 0) + 3);
    const report = () =>
      ctx.app.inject({ method: 'POST', url: `/api/blog/${post.id}/view`, remoteAddress: '10.0.0.9' });
    expect(blogViewReplySchema.parse((await report()).json()).data).toEqual({
      total_views: (before ?? 0) + 4,
      counted: true,
    });
    expect(blogViewReplySchema.parse((await report()).json()).data.counted).toBe(false);
    expect(await viewsOf()).toBe((before ?? 0) + 4);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/blog/nope/view' })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or unpublished post', async () => {
    expect((await ctx.app.inject({ url: '/api/blog/no-such-post/details' })).statusCode).toBe(404);
    const [hidden] = await ctx.db.select().from(blogs).limit(1);
    if (!hidden) throw new Error('seeded');
    await ctx.db.update(blogs).set({ isActive: false }).where(eq(blogs.id, hidden.id));
    expect((await ctx.app.inject({ url: `/api/blog/${hidden.slug}/details` })).statusCode).toBe(404);
    await ctx.db.update(blogs).set({ isActive: true }).where(eq(blogs.id, hidden.id));
  });
});
