import { expect, it } from 'vitest';
import { isAuditedRoute } from '../plugins/audit';
import { AUDIT_EXEMPT, AUDIT_WALK, auditCount, lastAuditEntry, walkActors } from './audit-walk';
import { testIp } from './auth';
import { describeEachDatabase } from './test-app';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const USER_AGENT = 'audit-walk/1.0 (test)';

describeEachDatabase('the audit walk: every seller and operator write records one entry', (ctx) => {
  /** Every write route of a seller or the operator, and the Seller Centre's and operator's own public ones. */
  const writeRoutes = () =>
    ctx.app.routeAccess.filter(
      (r) =>
        UNSAFE.has(r.method) &&
        (r.access === 'seller' ||
          r.access === 'admin' ||
          r.url.startsWith('/api/shop/') ||
          r.url.startsWith('/api/operator/') ||
          r.audit !== undefined),
    );

  it('has a request for every audited route and exempts only the listed ones', () => {
    const names = writeRoutes().map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(25);
    for (const route of writeRoutes()) {
      const name = `${route.method} ${route.url}`;
      if (AUDIT_EXEMPT.includes(name)) {
        expect(isAuditedRoute(route), `${name} is exempt but audited`).toBe(false);
        continue;
      }
      expect(isAuditedRoute(route), `${name} writes but is not audited (config.audit)`).toBe(true);
      expect(
        AUDIT_WALK[name],
        `${name} has no request in AUDIT_WALK (testing/audit-walk.ts): add one, and its audit entry`,
      ).toBeDefined();
    }
    const declared = new Set(ctx.app.routeAccess.map((r) => `${r.method} ${r.url}`));
    for (const name of [...Object.keys(AUDIT_WALK), ...AUDIT_EXEMPT]) expect(declared.has(name), name).toBe(true);
  });

  it('writes exactly one entry per successful write, naming who, from where and with which browser', async () => {
    const actors = await walkActors(ctx);
    for (const [name, build] of Object.entries(AUDIT_WALK)) {
      const request = await build(ctx, actors);
      const ip = testIp();
      const before = await auditCount(ctx);
      const res = await ctx.app.inject({
        method: request.method,
        url: request.url,
        remoteAddress: ip,
        headers: {
          'user-agent': USER_AGENT,
          ...(request.as ? request.as.bearerHeaders : {}),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(await auditCount(ctx), `${name} wrote no audit entry or more than one`).toBe(before + 1);
      const entry = await lastAuditEntry(ctx);
      expect(entry?.ip, name).toBe(ip);
      expect(entry?.userAgent, name).toBe(USER_AGENT);
      expect(entry?.kind, name).toMatch(/^[a-z_]+$/);
      if (request.as) {
        expect(entry?.actorUserId, name).toBe(request.as.user.id);
        expect(entry?.shopId, name).toBe(request.as === actors.seller ? actors.shopId : null);
      } else {
        expect(entry?.actorRole, name).toBe('seller');
        expect(entry?.shopId, name).not.toBeNull();
      }
    }
  });

  it('writes nothing for a refused write', async () => {
    const actors = await walkActors(ctx);
    const before = await auditCount(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/seller/vouchers/999999999',
      headers: actors.seller.bearerHeaders,
      payload: { code: 'X' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditCount(ctx)).toBe(before);
  });
});
