import { shopsReplySchema } from '@shop/contracts/shops';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('GET /api/shops', (ctx) => {
  it('lists shops', async () => {
    const res = await ctx.app.inject({ url: '/api/shops' });
    expect(res.statusCode, res.body).toBe(200);
    const data = shopsReplySchema.parse(res.json()).data;
    expect(data.total).toBeGreaterThan(0);
  });
});
