import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { products } from './products';
import { shops } from './shops';
import { users } from './users';

/**
 * A conversation between a shopper and a shop (the reference's shop_user): one per pair, upserted
 * by store-message. `productId` is the product the shopper last asked about. The unread counts are
 * kept in step with the messages (atomic updates) so the lists never count rows.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id').references(() => products.id),
    /** Messages from the shop the shopper has not seen. */
    unreadByUser: integer('unread_by_user').notNull().default(0),
    /** Messages from the shopper the shop has not seen. */
    unreadByShop: integer('unread_by_shop').notNull().default(0),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_pair_key').on(t.shopId, t.userId),
    index('chat_conversations_user_idx').on(t.userId, t.lastMessageAt),
    index('chat_conversations_shop_idx').on(t.shopId, t.lastMessageAt),
    check('chat_conversations_unread_nonnegative', sql`${t.unreadByUser} >= 0 AND ${t.unreadByShop} >= 0`),
  ],
);

export const chatSenderTypes = ['user', 'shop'] as const;

/**
 * One message (the reference's shop_user_chats): text, or a product card (`productId`, message
 * null), from the shopper (`user`) or the shop (`shop`). Stored before it is broadcast.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 4, enum: chatSenderTypes }).notNull(),
    /** The account that wrote it (the shopper, or the seller answering for the shop). */
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    message: text('message'),
    productId: integer('product_id').references(() => products.id),
    isSeen: boolean('is_seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_has_content', sql`${t.message} IS NOT NULL OR ${t.productId} IS NOT NULL`),
  ],
);
