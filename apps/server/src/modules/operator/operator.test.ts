import { authReplySchema } from '@shop/contracts/auth';
import {
  operatorShopReplySchema,
  operatorShopsReplySchema,
  operatorTicketReplySchema,
  operatorTicketsReplySchema,
} from '@shop/contracts/operator';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/accounts';
import { DEMO_CUSTOMER, DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { type SignedIn, signIn, signInNewCustomer, testIp } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { registerShop, signInOperator, signInSeller } from '../../testing/seller-centre';
import { postTicket, SAMPLE_FILES } from '../../testing/support';
import { describeEachDatabase } from '../../testing/test-app';
import { CreateOperatorError, createOperator } from './create-operator';

describeEachDatabase('the operator screen', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });

  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('signs in the operator only, and refuses customers and sellers on every operator route', async () => {
    const customerLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { phone: DEMO_CUSTOMER.email, password: DEMO_PASSWORD },
      remoteAddress: testIp(),
    });
    expect(customerLogin.statusCode).toBe(422);
    expect(customerLogin.json().message).toBe('These credentials do not match an operator account.');

    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const customer = await signIn(ctx.app);
    const routes = ctx.app.routeAccess.filter((r) => r.access === 'admin');
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      const url = route.url.replace(':id', String(shop!.id)).replace(':number', '123456');
      const method = route.method as 'GET' | 'POST' | 'PUT';
      // A valid body: the body is checked before the policy, and this is about the policy.
      const body =
        method === 'GET'
          ? undefined
          : url.endsWith('/user-chat')
            ? { enabled: true }
            : url.endsWith('/status')
              ? { status: 'cancel' }
              : url.endsWith('/reply')
                ? { message: 'Hi' }
                : url.endsWith('/pay')
                  ? { reference: 'TRF-1' }
                  : url.endsWith('/refuse')
                    ? { reason: 'No' }
                    : url.endsWith('/commission')
                      ? { commission_rate: 5 }
                      : url.endsWith('/products/approve')
                        ? { ids: [1] }
                        : {};
      for (const who of [customer, seller]) {
        const res = await call(who.bearerHeaders, method, url, body);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
      const visitor = await ctx.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lists pending shops; approving opens the shop, rejecting keeps it closed; the seller is told once', async () => {
    const first = await registerShop(ctx.app, { shop_name: '<img src=x onerror=alert(1)> Toko' });
    const second = await registerShop(ctx.app);
    const pending = operatorShopsReplySchema.parse(
      (await call(operator.bearerHeaders, 'GET', '/api/operator/shops?status=pending&per_page=100')).json(),
    ).data;
    const names = pending.shops.map((s) => s.name);
    expect(names).toContain('<img src=x onerror=alert(1)> Toko');
    expect(pending.shops.every((s) => s.status === 'pending')).toBe(true);
    const firstShop = pending.shops.find((s) => s.owner.email === first.body.email);
    const secondShop = pending.shops.find((s) => s.owner.email === second.body.email);
    expect(firstShop).toBeDefined();

    const approved = await call(operator.cookieHeaders, 'POST', `/api/operator/shops/${firstShop!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(operatorShopReplySchema.parse(approved.json()).data.shop).toMatchObject({
      status: 'approved',
      is_active: true,
    });
    // Approving again changes nothing and tells nobody again.
    expect(
      (await call(operator.bearerHeaders, 'POST', `/api/operator/shops/${firstShop!.id}/approve`)).statusCode,
    ).toBe(200);
    const toFirst = await ctx.db
      .select({ subject: notificationOutbox.subject })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.to, first.body.email));
    expect(toFirst).toHaveLength(1);
    expect((await call(first.session.bearerHeaders, 'GET', '/api/seller/dashboard')).statusCode).toBe(200);

    const rejected = await call(operator.bearerHeaders, 'POST', `/api/operator/shops/${secondShop!.id}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(operatorShopReplySchema.parse(rejected.json()).data.shop).toMatchObject({
      status: 'rejected',
      is_active: false,
    });
    expect((await call(second.session.bearerHeaders, 'GET', '/api/seller/dashboard')).statusCode).toBe(403);
    const own = await call(second.session.bearerHeaders, 'GET', '/api/seller/shop');
    expect(own.json().data.shop.status).toBe('rejected');
    const [told] = await ctx.db
      .select({ text: notificationOutbox.text })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.to, second.body.email))
      .orderBy(desc(notificationOutbox.id));
    expect(told?.text).toContain('was not approved');

    expect((await call(operator.bearerHeaders, 'POST', '/api/operator/shops/999999999/approve')).statusCode).toBe(404);
    expect((await call(operator.bearerHeaders, 'POST', '/api/operator/shops/x/approve')).statusCode).toBe(404);
    expect((await call(operator.bearerHeaders, 'GET', '/api/operator/shops?status=closed')).statusCode).toBe(422);
  });

  it('answers support tickets: user chat on and off, status, reply', async () => {
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const opened = await postTicket(ctx.app, session.bearerHeaders, { subject: '<script>alert(1)</script>' });
    expect(opened.statusCode, opened.body).toBe(200);
    const number = opened.json().data.support_ticket.ticket_no as string;

    const list = operatorTicketsReplySchema.parse(
      (await call(operator.bearerHeaders, 'GET', '/api/operator/support-tickets?per_page=100')).json(),
    ).data;
    expect(list.support_tickets.find((t) => t.ticket_no === number)).toMatchObject({
      customer_name: customer.name,
      subject: '<script>alert(1)</script>',
      user_chat: false,
    });
    const send = () =>
      call(session.bearerHeaders, 'POST', '/api/support-ticket-message', { ticket_number: number, message: 'Hello?' });
    expect((await send()).statusCode).toBe(422);

    const on = await call(operator.bearerHeaders, 'POST', `/api/operator/support-tickets/${number}/user-chat`, {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const replied = await call(operator.bearerHeaders, 'POST', `/api/operator/support-tickets/${number}/reply`, {
      message: 'We are on it.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const ticket = operatorTicketReplySchema.parse(replied.json()).data.support_ticket;
    expect(ticket.messages.map((m) => [m.message, m.is_mine])).toEqual([
      ['Where is my parcel?', false],
      ['Hello?', false],
      ['We are on it.', true],
    ]);
    expect(ticket.customer_name).toBe(customer.name);

    const done = await call(operator.bearerHeaders, 'POST', `/api/operator/support-tickets/${number}/status`, {
      status: 'completed',
    });
    expect(done.statusCode).toBe(200);
    expect((await send()).statusCode).toBe(422);
    const shown = operatorTicketReplySchema.parse(
      (await call(operator.bearerHeaders, 'GET', `/api/operator/support-tickets/${number}`)).json(),
    ).data.support_ticket;
    expect(shown).toMatchObject({ status: 'completed', user_chat: true });
    const off = await call(operator.bearerHeaders, 'POST', `/api/operator/support-tickets/${number}/user-chat`, {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);

    const bad = await call(operator.bearerHeaders, 'POST', `/api/operator/support-tickets/${number}/status`, {
      status: 'lost',
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await call(operator.bearerHeaders, 'POST', `/api/operator/support-tickets/${number}/reply`, { message: ' ' }))
        .statusCode,
    ).toBe(422);
    expect((await call(operator.bearerHeaders, 'GET', '/api/operator/support-tickets/000000x')).statusCode).toBe(404);
    expect(
      (await call(operator.bearerHeaders, 'POST', '/api/operator/support-tickets/000000x/status', { status: 'cancel' }))
        .statusCode,
    ).toBe(404);
  });

  it("shows the shopper's attachments to the operator, and serves them to the operator only", async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const opened = await postTicket(ctx.app, session.bearerHeaders, {}, [
      { name: 'attachments[]', filename: 'receipt.png', type: 'image/png', data: SAMPLE_FILES.png },
      { name: 'attachments[]', filename: 'invoice.pdf', type: 'application/pdf', data: SAMPLE_FILES.pdf },
    ]);
    expect(opened.statusCode, opened.body).toBe(200);
    const number = opened.json().data.support_ticket.ticket_no as string;
    const other = await postTicket(ctx.app, session.bearerHeaders);
    const otherNumber = other.json().data.support_ticket.ticket_no as string;

    const shown = operatorTicketReplySchema.parse(
      (await call(operator.bearerHeaders, 'GET', `/api/operator/support-tickets/${number}`)).json(),
    ).data.support_ticket;
    expect(shown.attachments.map((a) => [a.name, a.mime])).toEqual([
      ['receipt.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
    ]);
    for (const [index, file] of [SAMPLE_FILES.png, SAMPLE_FILES.pdf].entries()) {
      const url = shown.attachments[index]!.url;
      const res = await call(operator.bearerHeaders, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.rawPayload.equals(file)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
      // Only the operator: the shopper who owns the file reads it at their own address.
      expect((await call(session.bearerHeaders, 'GET', url)).statusCode).toBe(403);
    }
    const id = shown.attachments[0]!.id;
    // The file is found through its own ticket only.
    expect(
      (await call(operator.bearerHeaders, 'GET', `/api/operator/support-tickets/${otherNumber}/attachments/${id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(operator.bearerHeaders, 'GET', `/api/operator/support-tickets/${number}/attachments/abc`)).statusCode,
    ).toBe(404);
  });

  it('create-operator makes an operator who can sign in, and never promotes another account', async () => {
    const email = `ops-${Date.now()}@test.example`;
    const made = await createOperator(ctx.db, { email, password: 'longsecret1' });
    expect(made.created).toBe(true);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { phone: email, password: 'longsecret1' },
      remoteAddress: testIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(authReplySchema.parse(login.json()).data.user.email).toBe(email);
    expect(await createOperator(ctx.db, { email, password: 'newsecret22' })).toEqual({ id: made.id, created: false });
    await signInOperator(ctx, email, 'newsecret22');
    await expect(createOperator(ctx.db, { email: DEMO_CUSTOMER.email, password: 'longsecret1' })).rejects.toThrow(
      CreateOperatorError,
    );
    await expect(createOperator(ctx.db, { email: 'not-an-email', password: 'longsecret1' })).rejects.toThrow(
      CreateOperatorError,
    );
    await expect(createOperator(ctx.db, { email: 'x@test.example', password: '1' })).rejects.toThrow(
      CreateOperatorError,
    );
  });
});
