import { legalPageReplySchema } from '@shop/contracts/content';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { pages } from '../../db/schema/settings';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('GET /api/legal-pages/{slug}', (ctx) => {
  it('serves each policy page and CMS page', async () => {
    for (const slug of ['about-us', 'privacy-policy', 'terms-and-conditions', 'return-policy', 'cara-belanja']) {
      const res = await ctx.app.inject({ url: `/api/legal-pages/${slug}` });
      expect(res.statusCode, slug).toBe(200);
      const { content } = legalPageReplySchema.parse(res.json()).data;
      expect(content.title).toBeTruthy();
      expect(content.description).toMatch(/<(p|h2|h3|ul)/);
    }
  });

  it("accepts the reference's return-and-refund-policy slug", async () => {
    const res = await ctx.app.inject({ url: '/api/legal-pages/return-and-refund-policy' });
    expect(legalPageReplySchema.parse(res.json()).data.content.title).toBe('Return Policy');
  });

  it('answers 404 for an unknown or inactive page', async () => {
    expect((await ctx.app.inject({ url: '/api/legal-pages/nope' })).statusCode).toBe(404);
    await ctx.db.update(pages).set({ isActive: false }).where(eq(pages.slug, 'karir'));
    expect((await ctx.app.inject({ url: '/api/legal-pages/karir' })).statusCode).toBe(404);
  });
});
