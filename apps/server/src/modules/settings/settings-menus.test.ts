import { validationErrorReplySchema } from '@shop/contracts/errors';
import { operatorMenusReplySchema } from '@shop/contracts/operator-settings';
import { masterReplySchema } from '@shop/contracts/settings';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { signInNewCustomer } from '../../testing/auth';
import { signInOperator } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('the operator’s storefront menu', (ctx) => {
  type Operator = Awaited<ReturnType<typeof signInOperator>>;
  const read = async (operator: Operator) => {
    const res = await ctx.app.inject({ url: '/api/operator/settings/menus', headers: operator.bearerHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return operatorMenusReplySchema.parse(res.json()).data.items.map(({ id: _id, ...item }) => item);
  };
  const save = (headers: Record<string, string>, items: object[]) =>
    ctx.app.inject({ method: 'PUT', url: '/api/operator/settings/menus', headers, payload: { items } });
  const masterMenus = async () =>
    masterReplySchema.parse((await ctx.app.inject({ url: '/api/master' })).json()).data.menus;

  it('replaces the menu in the order given; /api/master shows the active items at once; one audit entry', async () => {
    const operator = await signInOperator(ctx);
    const before = await read(operator);
    const items = [
      { name: 'Deals', url: '/flash-sales', is_external: false, target: '_self', is_active: true },
      { name: 'Blog', url: 'https://blog.example.com', is_external: true, target: '_blank', is_active: true },
      { name: 'Hidden', url: '/hidden', is_external: false, target: '_self', is_active: false },
    ];
    const res = await save(operator.bearerHeaders, items);
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(operator)).toEqual(items);
    const seen = await masterMenus();
    expect(seen.map((m) => m.name)).toEqual(['Deals', 'Blog']);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'settings'), eq(auditLog.recordId, 'menus')));
    expect(entries).toHaveLength(1);
    expect(await save(operator.bearerHeaders, before)).toMatchObject({ statusCode: 200 });
  });

  it('refuses bad links with field errors and changes nothing', async () => {
    const operator = await signInOperator(ctx);
    const before = await read(operator);
    const res = await save(operator.bearerHeaders, [
      { name: ' ', url: '/ok', is_external: false, target: '_self', is_active: true },
      { name: 'X', url: 'javascript:alert(1)', is_external: true, target: '_self', is_active: true },
      { name: 'Y', url: '//evil.example', is_external: false, target: '_top', is_active: true },
    ]);
    expect(res.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(res.json()).errors).toEqual({
      'items.0.name': ['The menu name field is required.'],
      'items.1.url': ['An external link must start with https://.'],
      'items.2.target': ['The selected target is invalid.'],
    });
    expect(await read(operator)).toEqual(before);
  });

  it('is for the operator only', async () => {
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    expect(
      (await ctx.app.inject({ url: '/api/operator/settings/menus', headers: shopper.bearerHeaders })).statusCode,
    ).toBe(403);
    expect((await save(shopper.bearerHeaders, [])).statusCode).toBe(403);
  });
});
