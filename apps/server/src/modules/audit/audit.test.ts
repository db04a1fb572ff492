import { Writable } from 'node:stream';
import { auditLogReplySchema } from '@shop/contracts/audit';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { type Tx, transaction } from '../../db/transaction';
import { type AuditContext, type AuditSink, changesBetween, MASK, maskSecrets } from '../../lib/audit';
import { auditPlugin } from '../../plugins/audit';
import { type SignedIn, signInNewCustomer, testIp } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { deliveredOrder, openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

describe('what an audit entry keeps of secrets', () => {
  it('masks passwords, tokens, gateway keys and TOTP secrets at any depth, and shows only the end of an account number', () => {
    const masked = maskSecrets({
      name: 'Toko',
      password: 'secret123',
      password_confirmation: 'secret123',
      access_token: 'abc',
      config: { secret_key: 'sk_live_1', publishable_key: 'pk_1', webhook_secret: 'whsec_1', api_key: 'k' },
      totp_secret: 'JBSWY3DPEHPK3PXP',
      bank_account_number: '1234567890',
      rows: [{ otp: '1234' }],
    });
    expect(masked).toEqual({
      name: 'Toko',
      password: MASK,
      password_confirmation: MASK,
      access_token: MASK,
      config: { secret_key: MASK, publishable_key: 'pk_1', webhook_secret: MASK, api_key: MASK },
      totp_secret: MASK,
      bank_account_number: '******7890',
      rows: [{ otp: MASK }],
    });
  });

  it('keeps only the changed fields, with before and after, masked', () => {
    expect(
      changesBetween({ price: 1, stock: 2, password: 'a' }, { price: 1, stock: 3, password: 'b', extra: 'x' }),
    ).toEqual({
      stock: { before: 2, after: 3 },
      password: { before: MASK, after: MASK },
      extra: { before: null, after: 'x' },
    });
    expect(changesBetween(null, { id: 1 })).toEqual({ id: { before: null, after: 1 } });
    // jsonb refuses a lone surrogate's escape: it is kept as U+FFFD, pairs stay.
    expect(changesBetween(null, { name: 'a\ud800b😀' })).toEqual({ name: { before: null, after: 'a\ufffdb😀' } });
    expect(changesBetween({ id: 1 }, null)).toEqual({ id: { before: 1, after: null } });
  });
});

describe('the count check', () => {
  it('logs an error when a successful audited request wrote no entry, and none for one entry', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    app.decorateRequest('user', null);
    app.decorateRequest('sellerShopId', null);
    app.decorateRequest('clientIp', '');
    app.addHook('onRequest', async (request) => {
      request.user = { id: 1, role: 'admin' };
      request.clientIp = request.ip;
    });
    await app.register(auditPlugin, { checkCount: true });
    app.post('/forgot', { config: { access: 'admin' } }, async () => ({ ok: true }));
    app.post('/counted', { config: { access: 'admin' } }, async (request) => {
      if (request.audit) request.audit.written++;
      return { ok: true };
    });
    app.post('/exempt', { config: { access: 'admin', audit: 'exempt' } }, async () => ({ ok: true }));
    await app.inject({ method: 'POST', url: '/counted' });
    await app.inject({ method: 'POST', url: '/exempt' });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    await app.inject({ method: 'POST', url: '/forgot' });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([
      'an audited write recorded no audit entry or more than one',
    ]);
    await app.close();
  });
});

describeEachDatabase('the operator’s audit log', (ctx) => {
  const list = (as: SignedIn, query = '') =>
    ctx.app.inject({ url: `/api/operator/audit-log${query}`, headers: as.bearerHeaders });

  it('keeps entries append-only: the database refuses to change or delete one', async () => {
    const operator = await signInOperator(ctx);
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/shop/profile',
      headers: seller.bearerHeaders,
      payload: { address: 'Jl. Tetap 1' },
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.actorUserId, seller.user.id));
    expect(entry).toBeDefined();
    await expect(
      ctx.db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toEqual(entry);
    expect((await list(operator, `?actor=${seller.user.id}`)).statusCode).toBe(200);
  });

  it('records a withdrawal with who, where and which browser, its bank account masked', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    await deliveredOrder(ctx, shopId, 10_000_000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/withdrawals',
      headers: { ...seller.bearerHeaders, 'user-agent': 'Mozilla/5.0 Test' },
      remoteAddress: '10.9.8.7',
      payload: { amount: 10_000, bank_name: 'BCA', bank_account_number: '1234567890', account_holder: 'Toko' },
    });
    expect(res.statusCode).toBe(200);
    const operator = await signInOperator(ctx);
    const body = auditLogReplySchema.parse((await list(operator, `?shop=${shopId}&kind=withdrawal`)).json());
    expect(body.data.total).toBe(1);
    const [entry] = body.data.entries;
    expect(entry).toMatchObject({
      actor: { id: seller.user.id, role: 'seller' },
      shop: { id: shopId },
      kind: 'withdrawal',
      action: 'create',
      ip: '10.9.8.7',
      user_agent: 'Mozilla/5.0 Test',
    });
    expect(entry?.changes.bank_account_number).toEqual({ before: null, after: '******7890' });
    expect(JSON.stringify(body)).not.toContain('1234567890');
  });

  it('records a product save in its own transaction: the changed fields, and nothing for a refused save', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const save = (url: string, method: 'POST' | 'PUT', payload: object) =>
      ctx.app.inject({ method, url, headers: seller.bearerHeaders, payload });
    const created = await save('/api/seller/products', 'POST', { texts: { en: { name: 'Audited lamp' } }, price: 100 });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().data.product as { id: number; updated_at: string };
    const saved = await save(`/api/seller/products/${product.id}`, 'PUT', {
      price: 250,
      updated_at: product.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Saved since: the stale save is refused, and its entry goes with it.
    const stale = await save(`/api/seller/products/${product.id}`, 'PUT', {
      price: 999,
      updated_at: product.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(product.id)));
    const mine = entries.filter((e) => e.kind === 'product' && e.actorUserId === seller.user.id);
    expect(mine.map((e) => e.action)).toEqual(['create', 'update']);
    expect(mine[1]?.changes.price).toEqual({ before: 100, after: 250 });
    expect(mine[1]?.changes.updated_at).toBeDefined();
    expect(Object.keys(mine[1]?.changes ?? {})).not.toContain('texts');
  });

  it('filters by person, shop, kind and time, sorts and pages', async () => {
    const operator = await signInOperator(ctx);
    const a = await openTestShop(ctx);
    const b = await openTestShop(ctx);
    const profile = (s: SignedIn, address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/seller/shop/profile',
        headers: s.bearerHeaders,
        remoteAddress: testIp(),
        payload: { address },
      });
    const start = new Date(ctx.clock.now().getTime() + 60_000);
    ctx.clock.set(start);
    await profile(a.seller, 'Jl. A 1');
    ctx.clock.set(new Date(start.getTime() + 60_000));
    await profile(a.seller, 'Jl. A 2');
    ctx.clock.set(new Date(start.getTime() + 120_000));
    await profile(b.seller, 'Jl. B 1');
    const entries = async (query: string) => auditLogReplySchema.parse((await list(operator, query)).json()).data;

    // Each shop's registration is an entry too (kind shop).
    const ofA = await entries(`?shop=${a.shopId}&kind=shop_profile`);
    expect(ofA.total).toBe(2);
    expect(ofA.entries.map((e) => e.changes.address?.after)).toEqual(['Jl. A 2', 'Jl. A 1']);
    expect(ofA.entries[1]?.changes.address?.before).not.toBe('Jl. A 1');
    expect(
      (await entries(`?shop=${a.shopId}&kind=shop_profile&sort=oldest`)).entries.map((e) => e.changes.address?.after),
    ).toEqual(['Jl. A 1', 'Jl. A 2']);
    expect((await entries(`?actor=${b.seller.user.id}&kind=shop_profile`)).total).toBe(1);
    expect((await entries(`?actor=${b.seller.user.id}&kind=voucher`)).total).toBe(0);
    const from = new Date(start.getTime() + 30_000).toISOString();
    const to = new Date(start.getTime() + 90_000).toISOString();
    const window = await entries(`?kind=shop_profile&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(window.entries.map((e) => e.changes.address?.after)).toEqual(['Jl. A 2']);
    const paged = await entries(`?shop=${a.shopId}&kind=shop_profile&per_page=1&page=2`);
    expect(paged.total).toBe(2);
    expect(paged.entries.map((e) => e.changes.address?.after)).toEqual(['Jl. A 1']);
    expect(ofA.kinds).toEqual(expect.arrayContaining(['shop', 'shop_profile']));
    expect((await entries(`?shop=${a.shopId}`)).total).toBe(3);
    expect((await list(operator, '?from=yesterday')).statusCode).toBe(422);
  });

  it('exports the filtered log as formula-safe CSV with a byte order mark', async () => {
    const operator = await signInOperator(ctx);
    const { shopId, seller } = await openTestShop(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/shop/profile',
      headers: { ...seller.bearerHeaders, 'user-agent': '=HYPERLINK("http://evil")' },
      payload: { address: '=1+1 Jl. Rumus' },
    });
    const res = await ctx.app.inject({
      url: `/api/operator/audit-log.csv?shop=${shopId}&kind=shop_profile`,
      headers: operator.bearerHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8').slice(1);
    const [header, row, ...rest] = text.trim().split('\r\n');
    expect(header).toBe('time,actor_id,actor,role,shop_id,shop,kind,record_id,action,changes,ip,user_agent');
    expect(rest).toEqual([]);
    expect(row).toContain(`,${shopId},`);
    expect(row).toContain('shop_profile');
    expect(row).toContain(`'=HYPERLINK`);
    expect(row).not.toMatch(/,=/);
  });

  const operatorContext = async (): Promise<AuditContext> => {
    const operator = await signInOperator(ctx);
    return {
      actor: { userId: operator.user.id, role: 'admin', shopId: null },
      ip: '10.0.0.1',
      userAgent: 't',
      written: 0,
    };
  };
  const entriesOf = (kind: string, recordId: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, kind), eq(auditLog.recordId, String(recordId))));

  it('refuses an entry written on the database itself rather than in the transaction of its write', async () => {
    const context = await operatorContext();
    const write = { kind: 'vat', action: 'update', recordId: 987_654, before: { name: 'a' }, after: { name: 'b' } };
    // The types already refuse it (a sink takes a Tx); a caller that casts its way past them is refused at run time.
    await expect(ctx.services.audit.record(context, write, ctx.db as unknown as Tx)).rejects.toThrow(
      'an audited write (vat update) must be recorded in its own transaction',
    );
    await expect(ctx.services.audit.sink(context)(ctx.db as unknown as Tx, write)).rejects.toThrow(/vat update/);
    expect(context.written).toBe(0);
    expect(await entriesOf('vat', 987_654)).toEqual([]);
    // In a transaction (a savepoint in one too) it is written.
    await transaction(ctx.db, (tx) =>
      transaction(tx, (savepoint) => ctx.services.audit.record(context, write, savepoint)),
    );
    expect(context.written).toBe(1);
    expect((await entriesOf('vat', 987_654)).map((e) => e.changes)).toEqual([{ name: { before: 'a', after: 'b' } }]);
  });

  it('rolls a write back with its entry when the entry cannot be written: a shop stays running, a delivery charge as it was', async () => {
    const context = await operatorContext();
    // The entry is inserted, then its sink fails: neither the entry nor the change it describes is kept.
    const failing: AuditSink = async (tx, write) => {
      await ctx.services.audit.sink(context)(tx, write);
      throw new Error('the audit log is unavailable');
    };
    const { shopId } = await openTestShop(ctx);
    const running = await ctx.services.operator.shopRow(shopId);
    await expect(ctx.services.operator.suspend(shopId, failing)).rejects.toThrow('the audit log is unavailable');
    expect(await ctx.services.operator.shopRow(shopId)).toEqual(running);
    expect(running.suspended_at).toBeNull();
    expect((await entriesOf('shop', shopId)).map((e) => e.action)).not.toContain('suspend');

    const tier = await ctx.services.settings.createDeliveryTier(
      { name: 'Audited tier', min_qty: 900, max_qty: 950, charge: 5 },
      ctx.services.audit.sink(context),
    );
    await expect(
      ctx.services.settings.updateDeliveryTier(
        tier.id,
        { name: 'Lost', min_qty: 900, max_qty: 950, charge: 7 },
        failing,
      ),
    ).rejects.toThrow('the audit log is unavailable');
    expect(await ctx.services.settings.deliveryTier(tier.id)).toEqual(tier);
    await expect(ctx.services.settings.deleteDeliveryTier(tier.id, failing)).rejects.toThrow();
    expect(await ctx.services.settings.deliveryTier(tier.id)).toEqual(tier);
    expect((await entriesOf('delivery_charge', tier.id)).map((e) => e.action)).toEqual(['create']);

    // With a working sink the same writes go through, each with its entry.
    await ctx.services.operator.suspend(shopId, ctx.services.audit.sink(context));
    expect((await ctx.services.operator.shopRow(shopId)).suspended_at).not.toBeNull();
    expect((await entriesOf('shop', shopId)).map((e) => e.action)).toContain('suspend');
  });

  it('reads the before under the write’s lock: a change made while another holds the record starts from its after', async () => {
    const context = await operatorContext();
    const sink = ctx.services.audit.sink(context);
    const tier = (charge: number) => ({ name: 'Locked tier', min_qty: 960, max_qty: 990, charge });
    const { id } = await ctx.services.settings.createDeliveryTier(tier(5), sink);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inFirst = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // The first change keeps its transaction open (and the tier locked) until released.
    const first = ctx.services.settings.updateDeliveryTier(id, tier(6), async (tx, write) => {
      await sink(tx, write);
      entered();
      await held;
    });
    await inFirst;
    const second = ctx.services.settings.updateDeliveryTier(id, tier(7), sink);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    const updates = (await entriesOf('delivery_charge', id))
      .filter((e) => e.action === 'update')
      .sort((a, b) => a.id - b.id);
    expect(updates.map((e) => e.changes.charge)).toEqual([
      { before: 5, after: 6 },
      { before: 6, after: 7 },
    ]);
    expect((await ctx.services.settings.deliveryTier(id)).charge).toBe(7);
  });

  it('is for the operator only', async () => {
    const { seller } = await openTestShop(ctx);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const url of ['/api/operator/audit-log', '/api/operator/audit-log.csv']) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url, headers: shopper.bearerHeaders })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url, headers: seller.bearerHeaders })).statusCode).toBe(403);
    }
  });
});
