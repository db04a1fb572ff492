import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { signInNewCustomer } from './auth';
import { describeEachDatabase } from './test-app';

/** Requests the OpenAPI fuzzer (openapi-fuzz.test.ts) found answered with a 500, now 422. */
describeEachDatabase('inputs the fuzzer found', (ctx) => {
  const expect422 = async (request: InjectOptions, field: string) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(validationErrorReplySchema.parse(res.json()).errors)).toEqual([field]);
  };

  it('refuses NUL characters, which PostgreSQL text cannot hold, in path values, queries and bodies', async () => {
    await expect422({ url: '/api/shops/%00/products' }, 'slugOrId');
    await expect422({ url: '/api/products?search=a%00b' }, 'search');
    await expect422({ method: 'POST', url: '/api/login', payload: { phone: 'a\u0000', password: 'x' } }, 'phone');
    await expect422(
      { method: 'POST', url: '/api/contact-us', payload: { subject: 'Hi', message: 'a', extra: { deep: ['\u0000'] } } },
      'extra.deep.0',
    );
  });

  it('refuses NUL characters in the multipart profile form, which no request hook sees', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const boundary = 'regressionboundary';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAni\u0000\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n81234567890\r\n--${boundary}--\r\n`;
    await expect422(
      {
        method: 'POST',
        url: '/api/update-profile',
        headers: { ...session.bearerHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      },
      'name',
    );
  });

  it('refuses ids beyond PostgreSQL integers instead of failing the query', async () => {
    const big = 2 ** 31;
    await expect422({ url: `/api/shop-categories?shop_id=${big}` }, 'shop_id');
    await expect422({ url: `/api/shops?province_id=${big}` }, 'province_id');
    await expect422({ url: `/api/shops/1/products?category_id=${big}` }, 'category_id');
    await expect422({ url: `/api/blogs?category_id=${big}` }, 'category_id');
  });

  it('looks a legal page slug up as text, not as a property of an object', async () => {
    for (const slug of ['__proto__', 'constructor', 'toString']) {
      const res = await ctx.app.inject({ url: `/api/legal-pages/${slug}` });
      expect(res.statusCode, slug).toBe(404);
    }
  });
});
