import { validationErrorReplySchema } from '@shop/contracts/errors';
import { operatorPaymentGatewaysReplySchema } from '@shop/contracts/operator-settings';
import { masterReplySchema } from '@shop/contracts/settings';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { paymentGateways } from '../../db/schema/settings';
import { DEMO_ADMIN_EMAIL } from '../../db/seed/demo-accounts';
import { signInNewCustomer } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';
import { totpCode, twoStepKeysOf } from '../../testing/two-step';

const SECRET = 'sk_live_VERY_s3cret_4242';

describeEachDatabase('the operator’s payment gateways', (ctx) => {
  type Operator = Awaited<ReturnType<typeof signInOperator>>;
  const list = async (operator: Operator) => {
    const res = await ctx.app.inject({
      url: '/api/operator/settings/payment-gateways',
      headers: operator.bearerHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(SECRET);
    return operatorPaymentGatewaysReplySchema.parse(res.json()).data.payment_gateways;
  };
  const save = (operator: { bearerHeaders: Record<string, string> }, name: string, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/operator/settings/payment-gateways/${name}`,
      headers: operator.bearerHeaders,
      payload,
    });
  const master = async () =>
    masterReplySchema.parse((await ctx.app.inject({ url: '/api/master', headers: { 'accept-language': 'en' } })).json())
      .data;

  it('saves a gateway: the key is write-only (never in a reply, nor in the audit entry), /api/master sees the switch', async () => {
    const operator = await signInOperator(ctx);
    const stripe = (await list(operator)).find((g) => g.name === 'stripe');
    expect(stripe).toBeDefined();
    const saved = await save(operator, 'stripe', {
      is_active: true,
      mode: 'test',
      title: 'Stripe Cards',
      keys: { secret_key: SECRET, publishable_key: 'pk_test_1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    const after = operatorPaymentGatewaysReplySchema
      .parse(saved.json())
      .data.payment_gateways.find((g) => g.name === 'stripe');
    expect(after).toMatchObject({ is_active: true, title: 'Stripe Cards' });
    expect(after?.keys_set.secret_key).toBe(true);
    const [row] = await ctx.db.select().from(paymentGateways).where(eq(paymentGateways.name, 'stripe'));
    expect((row!.config as Record<string, string>).secret_key).toBe(SECRET);
    expect(JSON.stringify((await master()).payment_gateways)).not.toContain(SECRET);
    expect(JSON.stringify(await master())).toContain('Stripe Cards');

    // Nothing sent keeps the key, '' removes it.
    await save(operator, 'stripe', { is_active: true, mode: 'test', title: 'Stripe Cards', keys: {} });
    expect((await list(operator)).find((g) => g.name === 'stripe')?.keys_set.secret_key).toBe(true);
    await save(operator, 'stripe', { is_active: false, mode: 'test', title: 'Stripe', keys: { secret_key: '' } });
    expect((await list(operator)).find((g) => g.name === 'stripe')?.keys_set.secret_key).toBeUndefined();
    expect(JSON.stringify(await master())).not.toContain('Stripe Cards');

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'settings'), eq(auditLog.recordId, 'payment_gateway:stripe')));
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it('refuses bad values with field errors, an unknown gateway with 404', async () => {
    const operator = await signInOperator(ctx);
    const before = await list(operator);
    const bad = await save(operator, 'stripe', { is_active: 'yes', mode: 'prod', title: ' ', keys: {} });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(validationErrorReplySchema.parse(bad.json()).errors).sort()).toEqual([
      'is_active',
      'mode',
      'title',
    ]);
    const missing = await save(operator, 'nope', { is_active: true, mode: 'test', title: 'X', keys: {} });
    expect(missing.statusCode).toBe(404);
    expect(await list(operator)).toEqual(before);
  });

  it('is for the operator only', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      const get = await ctx.app.inject({ url: '/api/operator/settings/payment-gateways', headers: who.bearerHeaders });
      expect(get.statusCode).toBe(403);
      const put = await save(who, 'stripe', {
        is_active: true,
        mode: 'test',
        title: 'Hacked',
        keys: { secret_key: 'x' },
      });
      expect(put.statusCode).toBe(403);
    }
  });

  it('asks for a fresh two-step code before changing keys', async () => {
    const operator = await signInOperator(ctx);
    ctx.clock.advance(10 * 60_000 + 1000);
    const form = { is_active: false, mode: 'test', title: 'Stripe', keys: { secret_key: 'sk_step' } };
    const stale = await save(operator, 'stripe', form);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('TWO_STEP_REQUIRED');
    const keys = twoStepKeysOf(ctx, DEMO_ADMIN_EMAIL);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/two-step/verify',
      headers: operator.bearerHeaders,
      payload: { code: totpCode(keys.secret, ctx.clock.now()) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const ok = await save(operator, 'stripe', form);
    expect(ok.statusCode, ok.body).toBe(200);
    await save(operator, 'stripe', { ...form, keys: { secret_key: '' } });
  });
});
