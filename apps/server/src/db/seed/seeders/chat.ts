import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../client';
import { chatConversations, chatMessages } from '../../schema/chat';
import { products } from '../../schema/products';
import { users } from '../../schema/users';
import { DEMO_CUSTOMER } from '../demo-accounts';

const MINUTE_MS = 60_000;

interface DemoLine {
  from: 'user' | 'shop';
  /** A product card of the shop's first product instead of text. */
  product?: true;
  text?: string;
  /** Minutes before the seed ran. */
  ago: number;
  seen: boolean;
}

/** The demo customer's conversations with the first three shops (text both ways, one product card). */
const CONVERSATIONS: DemoLine[][] = [
  [
    { from: 'user', product: true, ago: 180, seen: true },
    { from: 'user', text: 'Hi, is this still in stock in size M?', ago: 179, seen: true },
    { from: 'shop', text: 'Hello! Yes, size M is in stock. We ship the same day before 3 pm.', ago: 170, seen: true },
    { from: 'user', text: 'Great, thank you. I will order tonight.', ago: 165, seen: true },
    { from: 'shop', text: 'You are welcome. Your voucher also applies to it.', ago: 12, seen: false },
  ],
  [
    { from: 'user', text: 'Do you deliver to Bandung?', ago: 60 * 26, seen: true },
    { from: 'shop', text: 'Yes, to all of Java in 2-3 days.', ago: 60 * 25, seen: false },
  ],
  [{ from: 'user', text: 'Can I pick up my order at the store?', ago: 60 * 50, seen: false }],
];

export async function seedChat(tx: Database, shopRows: readonly { id: number; userId: number }[], now: number) {
  const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  if (!customer) throw new Error('seedChat: the demo customer is missing');
  for (const [i, lines] of CONVERSATIONS.entries()) {
    const shop = shopRows[i];
    if (!shop) break;
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shop.id), eq(products.isActive, true), eq(products.isApproved, true)))
      .orderBy(asc(products.id))
      .limit(1);
    const productId = lines.some((l) => l.product) ? (product?.id ?? null) : null;
    const [conversation] = await tx
      .insert(chatConversations)
      .values({ shopId: shop.id, userId: customer.id, productId, createdAt: new Date(now - lines[0]!.ago * MINUTE_MS) })
      .returning({ id: chatConversations.id });
    if (!conversation) throw new Error('seedChat: conversation insert returned no row');
    const stored = await tx
      .insert(chatMessages)
      .values(
        lines
          .filter((l) => !l.product || productId !== null)
          .map((l) => ({
            conversationId: conversation.id,
            type: l.from,
            senderId: l.from === 'user' ? customer.id : shop.userId,
            message: l.product ? null : (l.text ?? ''),
            productId: l.product ? productId : null,
            isSeen: l.seen,
            createdAt: new Date(now - l.ago * MINUTE_MS),
          })),
      )
      .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
    const last = stored.at(-1);
    // The counts follow the messages, as the chat service keeps them.
    await tx
      .update(chatConversations)
      .set({
        unreadByUser: sql`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${conversation.id} and m.type = 'shop' and not m.is_seen)`,
        unreadByShop: sql`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${conversation.id} and m.type = 'user' and not m.is_seen)`,
        lastMessageId: last?.id ?? null,
        ...(last ? { lastMessageAt: last.createdAt } : {}),
      })
      .where(eq(chatConversations.id, conversation.id));
  }
}
