import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  createSupportTicketReplySchema,
  supportTicketReplySchema,
  supportTicketsReplySchema,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_MESSAGE_MAX,
  ticketIssueTypesReplySchema,
  ticketMessagesReplySchema,
} from '@shop/contracts/support';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ticketIssueTypes } from '../../db/schema/support';
import { createCustomer, type SignedIn, signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, seededShops } from '../../testing/commerce';
import { multipart } from '../../testing/multipart';
import { postTicket, SAMPLE_FILES } from '../../testing/support';
import { createTestApp, describeEachDatabase, type TestApp } from '../../testing/test-app';

async function placeOrder(ctx: TestApp, session: SignedIn): Promise<string> {
  const [shop] = await seededShops(ctx.db, 1);
  if (!shop) throw new Error('no shop');
  const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 50_000, stock: 5 });
  const calls = cartCalls(ctx.app, session.bearerHeaders);
  await calls.add({ product_id: product.id });
  const addressId = await createTestAddress(ctx.app, session.bearerHeaders);
  const res = await calls.placeOrder(
    { shop_ids: [shop.id], address_id: addressId, payment_method: 'cash' },
    randomUUID(),
  );
  expect(res.statusCode, res.body).toBe(200);
  const orders = await ctx.app.inject({ url: '/api/orders', headers: session.bearerHeaders });
  const code = (orders.json() as { data: { orders: { order_code: string }[] } }).data.orders[0]?.order_code;
  if (!code) throw new Error('no order code');
  return code;
}

async function openTicket(ctx: TestApp, session: SignedIn, fields: Record<string, string> = {}) {
  const res = await postTicket(ctx.app, session.bearerHeaders, fields);
  expect(res.statusCode, res.body).toBe(200);
  return createSupportTicketReplySchema.parse(res.json()).data.support_ticket;
}

const reply = (ctx: TestApp, session: SignedIn, ticketNumber: string, message: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/support-ticket-message',
    headers: session.bearerHeaders,
    payload: { ticket_number: ticketNumber, message },
  });

describeEachDatabase('support tickets', (ctx) => {
  it('GET /api/ticket-issue-types lists the active types in the request’s language', async () => {
    const en = ticketIssueTypesReplySchema.parse((await ctx.app.inject({ url: '/api/ticket-issue-types' })).json());
    expect(en.data.issue_types.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Order', 'Payment', 'Delivery', 'Return and refund', 'Account', 'Other']),
    );
    const id = await ctx.app.inject({ url: '/ticket-issue-types', headers: { 'accept-language': 'id' } });
    expect(id.statusCode).toBe(200);
    expect(id.json().data.issue_types.map((t: { name: string }) => t.name)).toContain('Pembayaran');
    const [other] = await ctx.db.select().from(ticketIssueTypes).where(eq(ticketIssueTypes.name, 'Other'));
    await ctx.db
      .update(ticketIssueTypes)
      .set({ isActive: false })
      .where(eq(ticketIssueTypes.id, other?.id ?? 0));
    const after = (await ctx.app.inject({ url: '/api/ticket-issue-types' })).json();
    expect(after.data.issue_types.map((t: { name: string }) => t.name)).not.toContain('Other');
    // An inactive type cannot be chosen either.
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await postTicket(ctx.app, session.bearerHeaders, { issue_type: String(other?.id) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.issue_type).toEqual(['The selected issue type is invalid.']);
    await ctx.db
      .update(ticketIssueTypes)
      .set({ isActive: true })
      .where(eq(ticketIssueTypes.id, other?.id ?? 0));
  });

  it('POST /api/support-ticket opens a ticket: number = 6 random digits + id, first message stored, pending', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const orderNumber = await placeOrder(ctx, session);
    const ticket = await openTicket(ctx, session, { order_number: orderNumber, phone: '0812-3456-789' });
    expect(ticket.ticket_no).toMatch(new RegExp(`^\\d{6}${ticket.id}$`));
    expect(ticket).toMatchObject({
      status: 'pending',
      order_number: orderNumber,
      subject: 'Parcel late',
      email: 'me@test.example',
      phone: '08123456789',
      user_chat: false,
      can_reply: false,
      issue_type: 'Order',
    });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({
      message: 'Where is my parcel?',
      is_mine: true,
      sender_id: session.user.id,
    });

    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/support-ticket', payload: {} });
    expect(visitor.statusCode).toBe(401);
    // JSON without attachments works too (API clients).
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/support-ticket',
      headers: session.bearerHeaders,
      payload: { issue_type: 2, message: 'Paid twice', email: 'me@test.example' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data.support_ticket.subject).toBeNull();
  });

  it('refuses bad fields with 422: required, email, phone 8-16 digits, another user’s order number', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const stranger = (await signInNewCustomer(ctx.app, ctx.db)).session;
    const foreignOrder = await placeOrder(ctx, stranger);
    const blankForm = multipart({ subject: '' });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/support-ticket',
      headers: { ...session.bearerHeaders, 'content-type': blankForm.contentType },
      payload: blankForm.payload,
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'issue_type', 'message']);
    const bad = await postTicket(ctx.app, session.bearerHeaders, {
      email: 'not-an-email',
      phone: '1234567',
      order_number: foreignOrder,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['The email must be a valid email address.']);
    expect(bad.json().errors.phone).toEqual(['The phone must be between 8 and 16 digits.']);
    const long = await postTicket(ctx.app, session.bearerHeaders, { phone: '12345678901234567' });
    expect(long.json().errors.phone).toEqual(['The phone must be between 8 and 16 digits.']);
    const foreign = await postTicket(ctx.app, session.bearerHeaders, { order_number: foreignOrder });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ order_number: ['The selected order number is invalid.'] });
    const tooLong = await postTicket(ctx.app, session.bearerHeaders, { message: 'x'.repeat(TICKET_MESSAGE_MAX + 1) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.message).toEqual(['The message may not be greater than 5000 characters.']);
    const ar = await ctx.app.inject({
      method: 'POST',
      url: '/api/support-ticket',
      headers: { ...session.bearerHeaders, 'accept-language': 'ar' },
      payload: { issue_type: 1, message: 'x', email: 'me@test.example', order_number: foreignOrder },
    });
    expect(ar.json().errors.order_number).toEqual(['رقم الطلب المحدد غير صالح.']);
    const list = supportTicketsReplySchema.parse(
      (await ctx.app.inject({ url: '/api/support-tickets', headers: session.bearerHeaders })).json(),
    );
    expect(list.data.total).toBe(0);
  });

  it('keeps attachments (jpg, png, pdf judged by content, at most 2 MB) outside the web root, for the owner only', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await postTicket(ctx.app, session.bearerHeaders, {}, [
      { name: 'attachments[]', filename: 'photo.jpg', type: 'image/jpeg', data: SAMPLE_FILES.jpg },
      { name: 'attachments[]', filename: 'screen.png', type: 'application/octet-stream', data: SAMPLE_FILES.png },
      { name: 'attachments[]', filename: '../../invoice.pdf', type: 'image/png', data: SAMPLE_FILES.pdf },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ticket = createSupportTicketReplySchema.parse(res.json()).data.support_ticket;
    expect(ticket.attachments.map((a) => [a.name, a.mime])).toEqual([
      ['photo.jpg', 'image/jpeg'],
      ['screen.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
    ]);
    const privateDir = path.join(ctx.config.DATA_DIR, 'private', 'tickets');
    const stored = readdirSync(privateDir);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f]{32}\.(jpg|png|pdf)$/);
    expect(path.relative(ctx.config.UPLOADS_DIR, privateDir).startsWith('..')).toBe(true);

    const pdf = ticket.attachments[2];
    const served = await ctx.app.inject({ url: pdf?.url ?? '', headers: session.bearerHeaders });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    const image = await ctx.app.inject({ url: ticket.attachments[0]?.url ?? '', headers: session.bearerHeaders });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toMatch(/^inline/);

    const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
    const foreign = await ctx.app.inject({ url: pdf?.url ?? '', headers: intruder.bearerHeaders });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('%PDF');
    expect((await ctx.app.inject({ url: pdf?.url ?? '' })).statusCode).toBe(401);
    // Nothing under the statically served uploads folder names them.
    const listed = await ctx.app.inject({ url: `/uploads/../private/tickets/${stored[0]}` });
    expect(listed.statusCode).toBe(404);
  });

  it('refuses files by content and size: a renamed text file, 2 MB + 1 byte, a 20 MB upload, too many files', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const privateDir = path.join(ctx.config.DATA_DIR, 'private', 'tickets');
    const storedBefore = existsSync(privateDir) ? readdirSync(privateDir).length : 0;
    const fake = await postTicket(ctx.app, session.bearerHeaders, {}, [
      {
        name: 'attachments[]',
        filename: 'photo.png',
        type: 'image/png',
        data: Buffer.from('<script>alert(1)</script>'),
      },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.attachments).toEqual(['Each attachment must be a file of type: jpg, jpeg, png, pdf.']);
    const exact = await postTicket(ctx.app, session.bearerHeaders, {}, [
      {
        name: 'attachments[]',
        filename: 'max.pdf',
        type: 'application/pdf',
        data: Buffer.concat([
          SAMPLE_FILES.pdf,
          Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES - SAMPLE_FILES.pdf.length, 32),
        ]),
      },
    ]);
    expect(exact.statusCode, exact.body).toBe(200);
    for (const size of [TICKET_ATTACHMENT_MAX_BYTES + 1, 20 * 1024 * 1024]) {
      const big = await postTicket(ctx.app, session.bearerHeaders, {}, [
        {
          name: 'attachments[]',
          filename: 'big.pdf',
          type: 'application/pdf',
          data: Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(size - SAMPLE_FILES.pdf.length, 32)]),
        },
      ]);
      expect(big.statusCode, big.body).toBe(422);
      expect(big.json().errors.attachments).toEqual(['Each attachment may not be greater than 2048 kilobytes.']);
    }
    const many = await postTicket(
      ctx.app,
      session.bearerHeaders,
      {},
      Array.from({ length: 6 }, (_, i) => ({
        name: 'attachments[]',
        filename: `${i}.png`,
        type: 'image/png',
        data: SAMPLE_FILES.png,
      })),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.attachments).toEqual(['You may attach at most 5 files.']);
    const list = (await ctx.app.inject({ url: '/api/support-tickets', headers: session.bearerHeaders })).json();
    expect(list.data.running).toBe(1);
    // Only the 2 MB pdf was kept: nothing of the refused uploads.
    expect(readdirSync(privateDir)).toHaveLength(storedBefore + 1);
  });

  it('GET /api/support-tickets: tabs running (pending+confirm), completed, cancel with counts, newest first, paged', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const a = await openTicket(ctx, session, { subject: 'A' });
    const b = await openTicket(ctx, session, { subject: 'B' });
    const c = await openTicket(ctx, session, { subject: 'C' });
    const d = await openTicket(ctx, session, { subject: 'D' });
    await ctx.services.support.setStatus(b.id, 'confirm');
    await ctx.services.support.setStatus(c.id, 'completed');
    await ctx.services.support.setStatus(d.id, 'cancel');
    const get = async (query: string) =>
      supportTicketsReplySchema.parse(
        (await ctx.app.inject({ url: `/api/support-tickets${query}`, headers: session.bearerHeaders })).json(),
      ).data;
    const running = await get('');
    expect(running).toMatchObject({ total: 2, running: 2, completed: 1, cancel: 1 });
    expect(running.support_tickets.map((t) => t.subject)).toEqual(['B', 'A']);
    expect((await get('?status=completed')).support_tickets.map((t) => t.id)).toEqual([c.id]);
    expect((await get('?status=cancel')).support_tickets.map((t) => t.id)).toEqual([d.id]);
    const page2 = await get('?status=running&per_page=1&page=2');
    expect(page2.support_tickets.map((t) => t.id)).toEqual([a.id]);
    expect(page2.total).toBe(2);
    const bad = await ctx.app.inject({ url: '/api/support-tickets?status=open', headers: session.bearerHeaders });
    expect(bad.statusCode).toBe(422);
    // Another user's tickets are not counted or listed.
    const other = (await signInNewCustomer(ctx.app, ctx.db)).session;
    const empty = (await ctx.app.inject({ url: '/api/support-tickets', headers: other.bearerHeaders })).json();
    expect(empty.data).toMatchObject({ total: 0, running: 0, completed: 0, cancel: 0, support_tickets: [] });
  });

  it('the thread: replies only while chat is on and the ticket open; 5000 characters; operator replies', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const ticket = await openTicket(ctx, session);
    const chatOff = await reply(ctx, session, ticket.ticket_no, 'Hello?');
    expect(chatOff.statusCode).toBe(422);
    expect(chatOff.json().message).toBe('You can reply once the support team has opened the chat for this ticket.');

    const operator = await createCustomer(ctx.db, { name: 'Support Agent' });
    await ctx.services.support.reply(ticket.id, operator.id, 'We are looking into it.');
    await ctx.services.support.setUserChat(ticket.id, true);
    const shown = supportTicketReplySchema.parse(
      (
        await ctx.app.inject({
          url: `/api/support-ticket/show?ticket_number=${ticket.ticket_no}`,
          headers: session.bearerHeaders,
        })
      ).json(),
    ).data.support_ticket;
    expect(shown).toMatchObject({ user_chat: true, can_reply: true });
    expect(shown.messages.map((m) => [m.sender_name, m.is_mine])).toEqual([
      [session.user.name, true],
      ['Support Agent', false],
    ]);

    const sent = await reply(ctx, session, ticket.ticket_no, '  Thanks!  ');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(ticketMessagesReplySchema.parse(sent.json()).data.messages.map((m) => m.message)).toEqual([
      'Where is my parcel?',
      'We are looking into it.',
      'Thanks!',
    ]);
    const limit = await reply(ctx, session, ticket.ticket_no, 'é'.repeat(TICKET_MESSAGE_MAX));
    expect(limit.statusCode).toBe(200);
    const over = await reply(ctx, session, ticket.ticket_no, 'x'.repeat(TICKET_MESSAGE_MAX + 1));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.message).toEqual(['The message may not be greater than 5000 characters.']);
    const blank = await reply(ctx, session, ticket.ticket_no, '   ');
    expect(blank.statusCode).toBe(422);

    await ctx.services.support.setStatus(ticket.id, 'confirm');
    expect((await reply(ctx, session, ticket.ticket_no, 'Still open')).statusCode).toBe(200);
    for (const status of ['completed', 'cancel'] as const) {
      await ctx.services.support.setStatus(ticket.id, status);
      const closed = await reply(ctx, session, ticket.ticket_no, 'Closed?');
      expect(closed.statusCode).toBe(422);
      expect(closed.json().message).toBe('This ticket is closed: no more messages can be sent.');
    }
    const messages = ticketMessagesReplySchema.parse(
      (
        await ctx.app.inject({
          url: `/support-ticket-messages?ticket_number=${ticket.ticket_no}`,
          headers: session.bearerHeaders,
        })
      ).json(),
    ).data.messages;
    expect(messages).toHaveLength(5);
  });

  it('T6: another user’s ticket number answers 404 on every call, and nothing is written', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const ticket = await openTicket(ctx, session, { subject: 'Private matter' });
    await ctx.services.support.setUserChat(ticket.id, true);
    const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
    for (const url of [
      `/api/support-ticket/show?ticket_number=${ticket.ticket_no}`,
      `/api/support-ticket-messages?ticket_number=${ticket.ticket_no}`,
      '/api/support-ticket/show?ticket_number=999999999',
    ]) {
      const res = await ctx.app.inject({ url, headers: intruder.bearerHeaders });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Private matter');
    }
    const write = await reply(ctx, intruder, ticket.ticket_no, 'Mine now');
    expect(write.statusCode).toBe(404);
    const thread = await ctx.app.inject({
      url: `/api/support-ticket-messages?ticket_number=${ticket.ticket_no}`,
      headers: session.bearerHeaders,
    });
    expect(thread.json().data.messages).toHaveLength(1);
    const badNumber = await ctx.app.inject({
      url: '/api/support-ticket/show?ticket_number=12ab',
      headers: session.bearerHeaders,
    });
    expect(badNumber.statusCode).toBe(422);
  });

  it('T9: hostile subjects and messages are stored and returned as the text they are', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const payloads = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '{{7*7}}'];
    for (const text of payloads) {
      const ticket = await openTicket(ctx, session, { subject: text, message: text });
      expect(ticket.subject).toBe(text);
      expect(ticket.messages[0]?.message).toBe(text);
    }
  });

  it('the development route opens the chat only with APP_ENV=local', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const ticket = await openTicket(ctx, session);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/support-tickets/${ticket.ticket_no}/open-chat`,
      headers: session.bearerHeaders,
    });
    expect(missing.statusCode).toBe(404);
  });
});

it('POST /api/dev/support-tickets/:ticketNumber/open-chat lets the owner reply (APP_ENV=local)', async () => {
  const ctx = await createTestApp({ env: { APP_ENV: 'local' } });
  try {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const ticket = await openTicket(ctx, session);
    const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
    const url = `/api/dev/support-tickets/${ticket.ticket_no}/open-chat`;
    expect((await ctx.app.inject({ method: 'POST', url, headers: intruder.bearerHeaders })).statusCode).toBe(404);
    const opened = await ctx.app.inject({ method: 'POST', url, headers: session.bearerHeaders });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.support_ticket.can_reply).toBe(true);
    expect((await reply(ctx, session, ticket.ticket_no, 'Now I can write')).statusCode).toBe(200);
  } finally {
    await ctx.close();
  }
});
