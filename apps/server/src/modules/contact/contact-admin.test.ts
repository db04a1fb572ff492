import { contactMessageReplySchema, contactMessagesReplySchema } from '@shop/contracts/operator-content';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('the operator’s contact messages', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const send = async (subject: string, name: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { name, email: 'sender@example.com', subject, message: `About ${subject}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { content: { id: number } } }).data.content.id;
  };
  const list = async (query: string) => {
    const res = await asOperator('GET', `/api/operator/contact-messages?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return contactMessagesReplySchema.parse(res.json()).data;
  };
  const auditEntries = (id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'contact_message'), eq(auditLog.recordId, String(id))));

  it('lists the messages searched, sorted and paged, and marks one read then handled, each with its audit entry', async () => {
    const tag = `q${Date.now()}`;
    const first = await send(`${tag} parcel late`, 'Budi');
    const second = await send(`${tag} refund`, 'Ani');

    const all = await list(`q=${tag}&sort=name&direction=asc`);
    expect(all.total).toBe(2);
    expect(all.messages.map((m) => m.id)).toEqual([second, first]);
    expect(all.messages[0]).toMatchObject({ read_at: null, handled_at: null, email: 'sender@example.com' });
    const unreadBefore = all.unread;
    expect(unreadBefore).toBeGreaterThanOrEqual(2);
    const paged = await list(`q=${tag}&per_page=1&page=2`);
    expect(paged.total).toBe(2);
    expect(paged.messages.map((m) => m.id)).toEqual([first]);
    // The text of the message is searched too.
    expect((await list(`q=About%20${tag}%20refund`)).messages.map((m) => m.id)).toEqual([second]);

    const read = await asOperator('POST', `/api/operator/contact-messages/${first}/read`, { read: true });
    expect(read.statusCode, read.body).toBe(200);
    const readMessage = contactMessageReplySchema.parse(read.json()).data.contact_message;
    expect(readMessage.read_at).not.toBeNull();
    expect(readMessage.handled_at).toBeNull();
    expect((await list(`q=${tag}&status=unread`)).messages.map((m) => m.id)).toEqual([second]);
    expect((await list('')).unread).toBe(unreadBefore - 1);

    const handled = await asOperator('POST', `/api/operator/contact-messages/${second}/handled`, { handled: true });
    expect(handled.statusCode, handled.body).toBe(200);
    const handledMessage = contactMessageReplySchema.parse(handled.json()).data.contact_message;
    expect(handledMessage.handled_at).not.toBeNull();
    expect(handledMessage.read_at).not.toBeNull();
    expect((await list(`q=${tag}&status=handled`)).messages.map((m) => m.id)).toEqual([second]);
    expect((await list(`q=${tag}&status=open`)).messages.map((m) => m.id)).toEqual([first]);

    const reopened = await asOperator('POST', `/api/operator/contact-messages/${second}/handled`, { handled: false });
    expect(contactMessageReplySchema.parse(reopened.json()).data.contact_message.handled_at).toBeNull();

    const [entry] = await auditEntries(first);
    expect(entry).toMatchObject({ action: 'read' });
    expect(Object.keys(entry!.changes)).toEqual(['read_at']);
    expect((await auditEntries(second)).map((e) => e.action)).toEqual(['handled', 'handled']);
  });

  it('refuses a bad request and an unknown message', async () => {
    expect((await asOperator('GET', '/api/operator/contact-messages?status=nope')).statusCode).toBe(422);
    expect((await asOperator('GET', '/api/operator/contact-messages?sort=nope')).statusCode).toBe(422);
    expect((await asOperator('POST', '/api/operator/contact-messages/999999/read', { read: true })).statusCode).toBe(
      404,
    );
    expect((await asOperator('POST', '/api/operator/contact-messages/abc/handled', { handled: true })).statusCode).toBe(
      404,
    );
    const id = await send('Bad body', 'Cici');
    expect((await asOperator('POST', `/api/operator/contact-messages/${id}/read`, { read: 'yes' })).statusCode).toBe(
      422,
    );
  });

  it('is the operator’s only: a seller and a shopper get 403', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    const id = await send('Not yours', 'Dodi');
    for (const who of [seller, shopper]) {
      for (const [method, url] of [
        ['GET', '/api/operator/contact-messages'],
        ['POST', `/api/operator/contact-messages/${id}/read`],
        ['POST', `/api/operator/contact-messages/${id}/handled`],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: who.bearerHeaders,
          payload: { read: true, handled: true },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});
