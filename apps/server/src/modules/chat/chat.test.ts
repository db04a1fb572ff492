import {
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  CHAT_LAST_MESSAGE_CHARS,
  CHAT_MESSAGE_MAX,
  chatMessagesReplySchema,
  chatShopChannel,
  chatShopsReplySchema,
  chatUserChannel,
  sendChatMessageReplySchema,
  storeChatMessageReplySchema,
  unreadMessagesReplySchema,
} from '@shop/contracts/chat';
import { ErrorCode } from '@shop/contracts/errors';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { shops } from '../../db/schema/shops';
import type { HostedPusher } from '../../deps';
import { signIn, signInNewCustomer } from '../../testing/auth';
import { chatCalls, signInSeller } from '../../testing/chat';
import { createTestProduct, seededShops } from '../../testing/commerce';
import { createTestApp, describeEachDatabase, type TestApp } from '../../testing/test-app';
import { preview, relativeTime } from './chat.service';

/** Every event the app publishes, as the realtime service was asked to send it. */
function recordPublished(ctx: TestApp) {
  const published: { channel: string; event: string; data: unknown }[] = [];
  const realtime = ctx.services.realtime;
  const original = realtime.publish.bind(realtime);
  realtime.publish = async (channel, event, data) => {
    published.push({ channel, event, data });
    await original(channel, event, data);
  };
  return {
    published,
    restore: () => {
      realtime.publish = original;
    },
  };
}

async function shopper(ctx: TestApp) {
  const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
  return { customer, session, calls: chatCalls(ctx.app, session.bearerHeaders) };
}

async function seller(ctx: TestApp, slug: string) {
  const session = await signInSeller(ctx, slug);
  return { session, calls: chatCalls(ctx.app, session.bearerHeaders) };
}

const unreadOf = (res: { json(): unknown }) => unreadMessagesReplySchema.parse(res.json()).data.unread_messages;

describeEachDatabase('chat', (ctx) => {
  it('store-message opens a conversation and posts the product card; both sides read, answer and count unread', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const product = await createTestProduct(ctx.db, {
      shopId: shop.id,
      price: 150_000,
      discountPrice: 120_000,
      stock: 3,
    });
    const { customer, session, calls } = await shopper(ctx);
    const shopSide = await seller(ctx, shop.slug);
    const recorder = recordPublished(ctx);
    try {
      const stored = await calls.store({
        shop_id: shop.id,
        user_id: customer.id,
        product_id: product.id,
        type: 'user',
      });
      expect(stored.statusCode, stored.body).toBe(200);
      const { data } = storeChatMessageReplySchema.parse(stored.json());
      expect(data.messages).toHaveLength(1);
      const card = data.messages[0]!;
      expect(card).toMatchObject({
        type: 'user',
        message: null,
        is_seen: false,
        shop: { id: shop.id, name: shop.name },
        user: { id: customer.id },
        product: { id: product.id, price: 1500, discount_price: 1200, total_reviews: 0 },
      });
      // Stored first, then published on the shop's channel with the contract's payload.
      expect(recorder.published).toEqual([
        { channel: chatShopChannel(shop.id), event: CHAT_EVENT_TO_SHOP, data: { message: card } },
      ]);

      // A second call finds the same conversation; text is posted as a message.
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/store-message',
        headers: session.cookieHeaders,
        payload: { shop_id: shop.id, message: 'Is it waterproof?' },
      });
      expect(storeChatMessageReplySchema.parse(again.json()).data.conversation_id).toBe(data.conversation_id);
      // The spec's paths without /api answer too.
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/send-message',
        headers: session.bearerHeaders,
        payload: { shop_id: shop.id, message: 'And the size?', type: 'user' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sendChatMessageReplySchema.parse(sent.json()).data).toMatchObject({
        type: 'user',
        message: 'And the size?',
      });

      const list = chatShopsReplySchema.parse((await calls.shops()).json()).data;
      expect(list.total).toBe(1);
      expect(list.data[0]).toMatchObject({
        id: data.conversation_id,
        shop: { id: shop.id, slug: shop.slug },
        product: { id: product.id },
        last_message: 'And the size?',
        unread_message_shop: 3,
        unread_message_user: 0,
        is_read: true,
      });
      expect(list.data[0]?.last_message_time).toBeTruthy();

      // The seller sees three unread messages from this shopper, reads them, and answers.
      expect(unreadOf(await shopSide.calls.sellerUnread(`?user_id=${customer.id}`))).toBe(3);
      const inbox = chatShopsReplySchema.parse((await shopSide.calls.sellerConversations()).json()).data;
      expect(inbox.data.find((c) => c.user.id === customer.id)).toMatchObject({
        unread_message_shop: 3,
        is_read: false,
      });
      const thread = chatMessagesReplySchema.parse(
        (await shopSide.calls.sellerMessages(`?user_id=${customer.id}`)).json(),
      ).data;
      expect(thread.total).toBe(3);
      expect(thread.data.map((m) => m.message)).toEqual(['And the size?', 'Is it waterproof?', null]);
      expect(unreadOf(await shopSide.calls.sellerUnread(`?user_id=${customer.id}`))).toBe(0);

      recorder.published.length = 0;
      const answer = await shopSide.calls.sellerSend({ user_id: customer.id, message: 'Yes, fully waterproof.' });
      expect(answer.statusCode, answer.body).toBe(200);
      const answered = sendChatMessageReplySchema.parse(answer.json()).data;
      expect(answered).toMatchObject({ type: 'shop', message: 'Yes, fully waterproof.', user: { id: customer.id } });
      expect(recorder.published).toEqual(
        expect.arrayContaining([
          { channel: chatUserChannel(customer.id), event: CHAT_EVENT_TO_USER, data: { message: answered } },
          { channel: chatShopChannel(shop.id), event: CHAT_EVENT_TO_USER, data: { message: answered } },
        ]),
      );
      expect(recorder.published).toHaveLength(2);

      // The shopper has one unread; reading the thread marks the shop's message seen.
      expect(unreadOf(await calls.unread(`?user_id=${customer.id}`))).toBe(1);
      expect(unreadOf(await calls.unread(`?shop_id=${shop.id}`))).toBe(1);
      const mine = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${shop.id}`)).json()).data;
      expect(mine.data[0]).toMatchObject({ type: 'shop', message: 'Yes, fully waterproof.' });
      expect(unreadOf(await calls.unread())).toBe(0);
      const reread = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${shop.id}`)).json()).data;
      expect(reread.data[0]?.is_seen).toBe(true);
      // The shopper's own messages were seen by the seller.
      expect(reread.data.slice(1).every((m) => m.is_seen)).toBe(true);
      const [row] = await ctx.db.select().from(chatConversations).where(eq(chatConversations.id, data.conversation_id));
      expect(row).toMatchObject({ unreadByUser: 0, unreadByShop: 0 });
    } finally {
      recorder.restore();
    }
  });

  it('pages messages 20 at a time, newest first, and searches conversations by shop name', async () => {
    const [first, second] = await seededShops(ctx.db, 2);
    if (!first || !second) throw new Error('no shops');
    const { calls } = await shopper(ctx);
    await calls.store({ shop_id: first.id });
    await calls.store({ shop_id: second.id });
    for (let i = 1; i <= 25; i++) {
      expect((await calls.send({ shop_id: first.id, message: `Message ${i}` })).statusCode).toBe(200);
    }
    const page1 = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${first.id}`)).json()).data;
    expect(page1.total).toBe(25);
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]?.message).toBe('Message 25');
    const page2 = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${first.id}&page=2`)).json()).data;
    expect(page2.data.map((m) => m.message)).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1']);
    const empty = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${first.id}&page=3`)).json()).data;
    expect(empty.data).toEqual([]);

    // Newest first: the shop written to last leads; a conversation without messages has no preview.
    const all = chatShopsReplySchema.parse((await calls.shops()).json()).data;
    expect(all.data.map((c) => c.shop.id)).toEqual([first.id, second.id]);
    expect(all.data[0]?.last_message).toBe('Message 25');
    expect(all.data[1]).toMatchObject({ last_message: null, last_message_time: null, last_message_at: null });
    const found = chatShopsReplySchema.parse(
      (await calls.shops(`?search=${encodeURIComponent(second.name.slice(0, 5).toUpperCase())}`)).json(),
    ).data;
    expect(found.data.map((c) => c.shop.id)).toContain(second.id);
    expect(found.data.map((c) => c.shop.id)).not.toContain(first.id);
    const none = chatShopsReplySchema.parse((await calls.shops('?search=%25')).json()).data;
    expect(none).toEqual({ total: 0, data: [] });
    const paged = chatShopsReplySchema.parse((await calls.shops('?per_page=1&page=2')).json()).data;
    expect(paged).toMatchObject({ total: 2, data: [{ shop: { id: second.id } }] });
    // No conversation yet: an empty thread, not an error (the sidebar opens before store-message).
    const [, , third] = await seededShops(ctx.db, 3);
    const nothing = await calls.messages(`?shop_id=${third!.id}`);
    expect(nothing.json()).toMatchObject({ data: { total: 0, data: [] } });
  });

  it('refuses bad input with 422 and unknown, closed or foreign things with 404, never 500', async () => {
    const [shop, other] = await seededShops(ctx.db, 2);
    if (!shop || !other) throw new Error('no shops');
    const { customer, calls } = await shopper(ctx);

    const noMessage = await calls.send({ shop_id: shop.id });
    expect(noMessage.statusCode).toBe(422);
    expect(noMessage.json().errors.message).toEqual(['The message field is required.']);
    expect((await calls.send({ shop_id: shop.id, message: '   ' })).statusCode).toBe(422);
    const long = await calls.send({ shop_id: shop.id, message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['message']);
    expect((await calls.send({ shop_id: 'abc', message: 'hi' })).json().errors).toHaveProperty('shop_id');
    expect((await calls.store({})).json().errors).toHaveProperty('shop_id');
    expect((await calls.messages('')).statusCode).toBe(422);
    expect((await calls.messages('?shop_id=1&per_page=101')).statusCode).toBe(422);
    expect((await calls.send({ shop_id: shop.id, message: 'hi', type: 'shop' })).statusCode).toBe(422);

    // Another user's id in store-message is refused.
    const spoof = await calls.store({ shop_id: shop.id, user_id: customer.id + 1 });
    expect(spoof.statusCode).toBe(422);
    expect(spoof.json().errors).toHaveProperty('user_id');

    // No conversation yet: send-message is 404.
    const early = await calls.send({ shop_id: shop.id, message: 'hi' });
    expect(early.statusCode).toBe(404);
    expect(early.json().code).toBe(ErrorCode.NotFound);
    expect((await calls.store({ shop_id: 2_000_000_000 })).statusCode).toBe(404);
    // A product of another shop does not become a card here.
    const foreign = await createTestProduct(ctx.db, { shopId: other.id, price: 10_000, stock: 1 });
    expect((await calls.store({ shop_id: shop.id, product_id: foreign.id })).statusCode).toBe(404);

    // Shops that are not active and approved cannot be written to.
    expect((await calls.store({ shop_id: shop.id })).statusCode).toBe(200);
    try {
      await ctx.db.update(shops).set({ status: 'pending' }).where(eq(shops.id, shop.id));
      expect((await calls.store({ shop_id: shop.id })).statusCode).toBe(404);
      expect((await calls.send({ shop_id: shop.id, message: 'hi' })).statusCode).toBe(404);
      await ctx.db.update(shops).set({ status: 'approved', isActive: false }).where(eq(shops.id, shop.id));
      expect((await calls.send({ shop_id: shop.id, message: 'hi' })).statusCode).toBe(404);
    } finally {
      await ctx.db.update(shops).set({ status: 'approved', isActive: true }).where(eq(shops.id, shop.id));
    }
    expect((await calls.send({ shop_id: shop.id, message: 'hi' })).statusCode).toBe(200);

    // Visitors get 401 on every call; shoppers 403 on the seller's.
    const visitor = chatCalls(ctx.app, {});
    for (const res of [
      await visitor.shops(),
      await visitor.messages(`?shop_id=${shop.id}`),
      await visitor.send({ shop_id: shop.id, message: 'hi' }),
      await visitor.store({ shop_id: shop.id }),
      await visitor.unread(),
      await visitor.sellerConversations(),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    for (const res of [
      await calls.sellerConversations(),
      await calls.sellerMessages(`?user_id=${customer.id}`),
      await calls.sellerSend({ user_id: customer.id, message: 'hi' }),
      await calls.sellerUnread(),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it("keeps each shop's sellers to their own conversations (404 for another shop's shopper)", async () => {
    const [shop, other] = await seededShops(ctx.db, 2);
    if (!shop || !other) throw new Error('no shops');
    const { customer, calls } = await shopper(ctx);
    await calls.store({ shop_id: shop.id, message: 'Only for the first shop' });
    const otherSeller = await seller(ctx, other.slug);
    const peek = await otherSeller.calls.sellerMessages(`?user_id=${customer.id}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('Only for the first shop');
    expect((await otherSeller.calls.sellerSend({ user_id: customer.id, message: 'Hello?' })).statusCode).toBe(404);
    expect(unreadOf(await otherSeller.calls.sellerUnread(`?user_id=${customer.id}`))).toBe(0);
    const inbox = chatShopsReplySchema.parse((await otherSeller.calls.sellerConversations()).json()).data;
    expect(inbox.data.some((c) => c.user.id === customer.id)).toBe(false);
    // Nothing was stored for the other shop, and the first shop's count is untouched.
    const own = await seller(ctx, shop.slug);
    expect(unreadOf(await own.calls.sellerUnread(`?user_id=${customer.id}`))).toBe(1);
    const search = chatShopsReplySchema.parse(
      (await own.calls.sellerConversations(`?search=${encodeURIComponent(customer.name)}`)).json(),
    ).data;
    expect(search.data.map((c) => c.user.id)).toEqual([customer.id]);
    expect(search.data[0]?.last_message).toBe('Only for the first shop');
    expect((await own.calls.sellerMessages('?user_id=abc')).statusCode).toBe(422);
    expect((await own.calls.sellerSend({ user_id: customer.id })).statusCode).toBe(422);
  });

  it("stores a seller's answer with its audit entry in one statement; a refused message writes neither", async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const { customer, calls } = await shopper(ctx);
    const own = await seller(ctx, shop.slug);
    const entriesOf = async () =>
      (await ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'chat_message'))).filter(
        (entry) => entry.actorUserId === own.session.userId,
      );
    const before = (await entriesOf()).length;

    // No conversation with this shopper yet: 404, no message and no entry.
    const early = await own.calls.sellerSend({ user_id: customer.id, message: 'Hello?' });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('Conversation not found.');
    expect(await entriesOf()).toHaveLength(before);

    await calls.store({ shop_id: shop.id, message: 'Do you ship to Bali?' });
    const answer = await own.calls.sellerSend({ user_id: customer.id, message: 'Yes, in two days.' });
    expect(answer.statusCode, answer.body).toBe(200);
    const sent = sendChatMessageReplySchema.parse(answer.json()).data;
    expect(sent).toMatchObject({
      type: 'shop',
      message: 'Yes, in two days.',
      is_seen: false,
      product: null,
      shop: { id: shop.id, name: shop.name },
      user: { id: customer.id, name: customer.name },
    });
    expect(Number.isNaN(Date.parse(sent.created_at))).toBe(false);
    const entries = await entriesOf();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorRole: 'seller',
      shopId: shop.id,
      action: 'create',
      recordId: String(sent.id),
      changes: { user_id: { before: null, after: customer.id }, message: { before: null, after: 'Yes, in two days.' } },
    });
    // The stored row is the one the reply describes, counted unread for the shopper.
    const [stored] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(stored).toMatchObject({ type: 'shop', senderId: own.session.userId, message: 'Yes, in two days.' });
    expect(new Date(sent.created_at).getTime()).toBe(stored?.createdAt.getTime());
    expect(unreadOf(await calls.unread(`?shop_id=${shop.id}`))).toBe(1);

    // A shopper's message to a shop that stopped taking messages: "Shop not found.", nothing stored.
    const count = async () =>
      (
        await ctx.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, stored?.conversationId ?? 0))
      ).length;
    const messages = await count();
    try {
      await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, shop.id));
      const closed = await calls.send({ shop_id: shop.id, message: 'Hello?' });
      expect(closed.statusCode).toBe(404);
      expect(closed.json().message).toBe('Shop not found.');
    } finally {
      await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, shop.id));
    }
    expect(await count()).toBe(messages);
    const [conversation] = await ctx.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, stored?.conversationId ?? 0));
    expect(conversation).toMatchObject({ unreadByShop: 1, unreadByUser: 1, lastMessageId: sent.id });
  });

  it('store-message posts a product card once: again only after the shopper asked about another product', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const first = await createTestProduct(ctx.db, { shopId: shop.id, price: 10_000, stock: 5 });
    const second = await createTestProduct(ctx.db, { shopId: shop.id, price: 20_000, stock: 5 });
    const { customer, calls } = await shopper(ctx);
    const cardsPosted = async (productId: number) => {
      const res = await calls.store({ shop_id: shop.id, product_id: productId });
      expect(res.statusCode, res.body).toBe(200);
      return storeChatMessageReplySchema.parse(res.json()).data.messages.map((m) => m.product?.id);
    };
    expect(await cardsPosted(first.id)).toEqual([first.id]);
    // The chat opened from the same product page again: nothing new for the shop to read.
    expect(await cardsPosted(first.id)).toEqual([]);
    // Words in between do not make the same card news again.
    expect((await calls.send({ shop_id: shop.id, message: 'Still there?' })).statusCode).toBe(200);
    expect(await cardsPosted(first.id)).toEqual([]);
    // Another product is; and coming back to the first one after it is too.
    expect(await cardsPosted(second.id)).toEqual([second.id]);
    expect(await cardsPosted(first.id)).toEqual([first.id]);
    const thread = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${shop.id}`)).json()).data;
    expect(thread.data.map((m) => m.product?.id ?? m.message).reverse()).toEqual([
      first.id,
      'Still there?',
      second.id,
      first.id,
    ]);
    const [conversation] = await ctx.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.userId, customer.id));
    expect(conversation?.unreadByShop).toBe(4);
  });

  it('the conversation list previews the last message on one line, cut at a word with an ellipsis', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const { calls } = await shopper(ctx);
    const long = `Hello,\nI would like to know whether this batik shirt comes in a larger size before ordering two pieces for my family`;
    await calls.store({ shop_id: shop.id, message: long });
    const [item] = chatShopsReplySchema.parse((await calls.shops()).json()).data.data;
    const text = item?.last_message ?? '';
    expect(text.endsWith('…')).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(CHAT_LAST_MESSAGE_CHARS);
    expect(text).not.toContain('\n');
    // Every word shown is whole.
    const shown = text.slice(0, -1).split(' ');
    expect(long.replace(/\s+/g, ' ').split(' ').slice(0, shown.length)).toEqual(shown);
    expect(preview('Short and sweet')).toBe('Short and sweet');
    expect(preview('x'.repeat(CHAT_LAST_MESSAGE_CHARS + 5))).toBe(`${'x'.repeat(CHAT_LAST_MESSAGE_CHARS - 1)}…`);
  });

  it('T9: markup and template syntax are stored and returned verbatim, as JSON text', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const { customer, calls } = await shopper(ctx);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose.
    const payloads = ['<img src=x onerror=alert(1)>', '{{7*7}}', '<script>alert(1)</script>', '${7*7} #{7*7}'];
    await calls.store({ shop_id: shop.id });
    for (const text of payloads) {
      const res = await calls.send({ shop_id: shop.id, message: text });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().data.message).toBe(text);
    }
    const answer = await (await seller(ctx, shop.slug)).calls.sellerSend({
      user_id: customer.id,
      message: payloads[0],
    });
    expect(answer.json().data.message).toBe(payloads[0]);
    const thread = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${shop.id}`)).json()).data;
    expect(thread.data.map((m) => m.message).reverse()).toEqual([...payloads, payloads[0]]);
    const stored = await ctx.db.select({ message: chatMessages.message }).from(chatMessages);
    expect(stored.map((m) => m.message)).toEqual(expect.arrayContaining(payloads));
    const list = chatShopsReplySchema.parse((await calls.shops()).json()).data;
    expect(list.data[0]?.last_message).toBe('<img src=x onerror=alert(1)>');
  });

  it('store-message is safe when called many times at once: one conversation, one card, counts in step', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 10_000, stock: 1 });
    const { customer, calls } = await shopper(ctx);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => calls.store({ shop_id: shop.id, product_id: product.id })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(replies.map((r) => storeChatMessageReplySchema.parse(r.json()).data.conversation_id));
    expect(ids.size).toBe(1);
    const rows = await ctx.db.select().from(chatConversations).where(eq(chatConversations.userId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.unreadByShop).toBe(1);
    // Reading while the shopper writes: the count always equals the unseen messages.
    const shopSide = await seller(ctx, shop.slug);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => calls.send({ shop_id: shop.id, message: `m${i}` })),
      shopSide.calls.sellerMessages(`?user_id=${customer.id}`),
      shopSide.calls.sellerMessages(`?user_id=${customer.id}`),
    ]);
    const [after] = await ctx.db.select().from(chatConversations).where(eq(chatConversations.userId, customer.id));
    const unseen = (await ctx.db.select().from(chatMessages).where(eq(chatMessages.conversationId, after!.id))).filter(
      (m) => m.type === 'user' && !m.isSeen,
    ).length;
    expect(after?.unreadByShop).toBe(unseen);
  });

  it("presence: a seller's heartbeat shows the shop online for 10 minutes; the shopper's likewise", async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const { session, calls } = await shopper(ctx);
    await calls.store({ shop_id: shop.id, message: 'Anyone there?' });
    const shopSide = await seller(ctx, shop.slug);
    const ping = (s: { bearerHeaders: Record<string, string> }, method: 'GET' | 'POST') =>
      ctx.app.inject({ method, url: '/api/update-last-seen', headers: s.bearerHeaders });
    expect((await ping(shopSide.session, 'POST')).statusCode).toBe(200);
    expect((await ping(session, 'GET')).statusCode).toBe(200);
    const thread = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${shop.id}`)).json()).data;
    expect(thread.data[0]).toMatchObject({ shop_active_status: true, user_active_status: true });
    expect(chatShopsReplySchema.parse((await calls.shops()).json()).data.data[0]?.shop.last_online).toBe(true);

    ctx.clock.advance(11 * 60_000);
    try {
      const later = chatMessagesReplySchema.parse((await calls.messages(`?shop_id=${shop.id}`)).json()).data;
      expect(later.data[0]).toMatchObject({ shop_active_status: false, user_active_status: false });
      const inbox = chatShopsReplySchema.parse((await shopSide.calls.sellerConversations()).json()).data;
      expect(inbox.data.find((c) => c.user.id === session.user.id)?.user.last_online).toBe(false);
    } finally {
      ctx.clock.advance(-11 * 60_000);
    }
  });

  it('limits sending per shopper and per shop: a flood gets 429 with the error shape', async () => {
    const [, , shop] = await seededShops(ctx.db, 3);
    if (!shop) throw new Error('no shop');
    const { customer, calls } = await shopper(ctx);
    await calls.store({ shop_id: shop.id });
    let status = 200;
    let sent = 0;
    while (status === 200 && sent < 100) {
      const res = await calls.send({ shop_id: shop.id, message: `flood ${sent}` });
      status = res.statusCode;
      if (status === 429) {
        expect(res.json()).toMatchObject({ code: ErrorCode.RateLimited, message: expect.any(String) });
        expect(res.headers['retry-after']).toBeTruthy();
      } else sent++;
    }
    // store-message counts too (1) and the limit is 30 a minute.
    expect(status).toBe(429);
    expect(sent).toBe(29);
    // Another shopper is not affected.
    const other = await shopper(ctx);
    expect((await other.calls.store({ shop_id: shop.id, message: 'Hello' })).statusCode).toBe(200);

    const shopSide = await seller(ctx, shop.slug);
    let answered = 0;
    let last = 200;
    while (last === 200 && answered < 100) {
      last = (await shopSide.calls.sellerSend({ user_id: customer.id, message: `answer ${answered}` })).statusCode;
      if (last === 200) answered++;
    }
    expect(last).toBe(429);
    expect(answered).toBe(60);
    // Another tab of the same shop shares the count; another shop has its own.
    const secondTab = await seller(ctx, shop.slug);
    expect((await secondTab.calls.sellerSend({ user_id: customer.id, message: 'again' })).statusCode).toBe(429);
    const [otherShop] = await seededShops(ctx.db, 1);
    expect((await other.calls.store({ shop_id: otherShop!.id, message: 'Hi there' })).statusCode).toBe(200);
    const otherSeller = await seller(ctx, otherShop!.slug);
    expect((await otherSeller.calls.sellerSend({ user_id: other.customer.id, message: 'Hello!' })).statusCode).toBe(
      200,
    );
  });

  it('the demo seed gives customer@example.com conversations with three shops, counts in step', async () => {
    const demo = chatCalls(ctx.app, (await signIn(ctx.app)).bearerHeaders);
    const list = chatShopsReplySchema.parse((await demo.shops()).json()).data;
    const shopsInSeed = await seededShops(ctx.db, 3);
    expect(list.data.map((c) => c.shop.id).sort()).toEqual(shopsInSeed.map((s) => s.id).sort());
    expect(list.data.some((c) => c.product !== null)).toBe(true);
    const unread = list.data.reduce((sum, c) => sum + c.unread_message_user, 0);
    expect(unread).toBeGreaterThan(0);
    expect(unreadOf(await demo.unread())).toBe(unread);
    for (const conversation of list.data) {
      const thread = chatMessagesReplySchema.parse(
        (await demo.messages(`?shop_id=${conversation.shop.id}`)).json(),
      ).data;
      expect(thread.total).toBeGreaterThan(0);
      const unseenByShop = thread.data.filter((m) => m.type === 'user' && !m.is_seen).length;
      expect(unseenByShop).toBe(conversation.unread_message_shop);
    }
    expect(unreadOf(await demo.unread())).toBe(0);
  });

  it('writes the time of the last message in the reader’s language', async () => {
    const now = new Date('2026-01-15T03:00:00Z');
    expect(relativeTime(new Date('2026-01-15T02:55:00Z'), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(new Date('2026-01-14T03:00:00Z'), now, 'en')).toBe('yesterday');
    expect(relativeTime(new Date('2026-01-15T02:55:00Z'), now, 'id')).toBe('5 menit yang lalu');
    expect(relativeTime(now, now, 'en')).toBe('now');
    const [shop] = await seededShops(ctx.db, 1);
    const { calls } = await shopper(ctx);
    await calls.store({ shop_id: shop!.id, message: 'Halo' });
    ctx.clock.advance(5 * 60_000);
    try {
      const list = chatShopsReplySchema.parse((await calls.shops('', { 'accept-language': 'id' })).json()).data;
      expect(list.data[0]?.last_message_time).toMatch(/menit yang lalu$/);
    } finally {
      ctx.clock.advance(-5 * 60_000);
    }
  });
});

describe('chat with hosted Pusher', () => {
  it('publishes through the pusher client, signs with its secret and tells the web its key and cluster', async () => {
    const triggered: { channel: string; event: string; data: unknown }[] = [];
    const fake: HostedPusher = {
      async trigger(channel, event, data) {
        triggered.push({ channel, event, data });
        return {};
      },
    };
    const ctx = await createTestApp({
      env: {
        PUSHER_APP_ID: '123456',
        PUSHER_APP_KEY: 'hosted-key-1234',
        PUSHER_APP_SECRET: 'hosted-secret-0123456789',
        PUSHER_APP_CLUSTER: 'ap1',
      },
      deps: { hostedPusher: fake },
    });
    try {
      const master = (await ctx.app.inject({ url: '/api/master' })).json().data;
      expect(master).toMatchObject({
        pusher_app_key: 'hosted-key-1234',
        pusher_app_cluster: 'ap1',
        pusher_host: 'ws-ap1.pusher.com',
        pusher_port: 443,
        pusher_force_tls: true,
      });
      const [shop] = await seededShops(ctx.db, 1);
      const { customer, calls } = await shopper(ctx);
      const res = await calls.store({ shop_id: shop!.id, message: 'Through Pusher' });
      expect(res.statusCode).toBe(200);
      const message = storeChatMessageReplySchema.parse(res.json()).data.messages[0];
      expect(triggered).toEqual([{ channel: chatShopChannel(shop!.id), event: CHAT_EVENT_TO_SHOP, data: { message } }]);

      // Pusher's documented signature: HMAC-SHA256 of "socket_id:channel" with the app secret.
      const { createHmac } = await import('node:crypto');
      const channel = chatUserChannel(customer.id);
      const auth = await ctx.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: (await signInNewCustomer(ctx.app, ctx.db)).session.bearerHeaders,
        payload: { socket_id: '1234.5678', channel_name: channel },
      });
      expect(auth.statusCode).toBe(403);
      const own = await ctx.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: (await signInSeller(ctx, shop!.slug)).bearerHeaders,
        payload: { socket_id: '1234.5678', channel_name: chatShopChannel(shop!.id) },
      });
      const signature = createHmac('sha256', 'hosted-secret-0123456789')
        .update(`1234.5678:${chatShopChannel(shop!.id)}`)
        .digest('hex');
      expect(own.json()).toEqual({ auth: `hosted-key-1234:${signature}` });
    } finally {
      await ctx.close();
    }
  });

  it('refuses a partial hosted Pusher configuration at start', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ PUSHER_APP_ID: '1', PUSHER_APP_KEY: 'k' })).toThrow(/PUSHER_APP_ID/);
    expect(loadConfig({}).HOSTED_PUSHER).toBeNull();
  });
});
