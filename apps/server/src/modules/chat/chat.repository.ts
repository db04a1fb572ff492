import { and, count, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditEntryInsert, type NewAuditEntry } from '../../db/queries/audit-entry';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { media } from '../../db/schema/common';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { type Executor, executeRows } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export type SenderType = 'user' | 'shop';

/** Whose side of a conversation a list or count is for. */
export type ChatSide = { userId: number } | { shopId: number };

const shopLogo = alias(media, 'chat_shop_logo');
const userPhoto = alias(media, 'chat_user_photo');
const productImage = alias(media, 'chat_product_image');
const lastMessage = alias(chatMessages, 'chat_last_message');
const lastProduct = alias(products, 'chat_last_product');

/** An active, approved shop a shopper may write to, with its seller; null otherwise. */
export async function findWritableShop(db: Executor, shopId: number) {
  const [row] = await db
    .select({ id: shops.id, userId: shops.userId })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.isActive, true), eq(shops.status, 'approved')))
    .limit(1);
  return row ?? null;
}

/** An active, approved product of the shop (one a shopper could buy), for a product card. */
export async function findShopProduct(db: Executor, shopId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.shopId, shopId),
        eq(products.isActive, true),
        eq(products.isApproved, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The conversation of the pair, made when missing. One statement on the unique pair, so two
 * concurrent calls end with one row; a product given becomes the one asked about.
 */
export async function upsertConversation(db: Executor, shopId: number, userId: number, productId: number | null) {
  const [row] = await db
    .insert(chatConversations)
    .values({ shopId, userId, productId })
    .onConflictDoUpdate({
      target: [chatConversations.shopId, chatConversations.userId],
      set: { productId: sql`coalesce(excluded.product_id, ${chatConversations.productId})` },
    })
    .returning({ id: chatConversations.id });
  if (!row) throw new Error('conversation upsert returned no row');
  return row.id;
}

/**
 * The product of the conversation's latest product card, or null when it has none. Read after
 * upsertConversation in the same transaction, whose row lock makes a concurrent store-message wait
 * and then see this one's card.
 */
export async function findLastCardProductId(db: Executor, conversationId: number): Promise<number | null> {
  const [row] = await db
    .select({ productId: chatMessages.productId })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), isNotNull(chatMessages.productId)))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row?.productId ?? null;
}

export async function findConversationId(db: Executor, shopId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.shopId, shopId), eq(chatConversations.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findUnreadCounts(db: Executor, shopId: number, userId: number) {
  const [row] = await db
    .select({ unreadByUser: chatConversations.unreadByUser, unreadByShop: chatConversations.unreadByShop })
    .from(chatConversations)
    .where(and(eq(chatConversations.shopId, shopId), eq(chatConversations.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface NewChatMessage {
  conversationId: number;
  type: SenderType;
  senderId: number;
  message: string | null;
  productId: number | null;
}

/**
 * Stores a message and counts it unread for the other side, as the conversation's last message,
 * in one statement (a message is a chat's busiest write: each round trip to the database is CPU
 * on both ends). Run inside the caller's transaction with what else it writes.
 */
export async function insertMessage(tx: Executor, input: NewChatMessage): Promise<number> {
  const unread = input.type === 'user' ? sql.raw('unread_by_shop') : sql.raw('unread_by_user');
  const [row] = await executeRows<{ id: number }>(
    tx,
    sql`with stored as (
        insert into ${chatMessages} (conversation_id, type, sender_id, message, product_id)
        values (${input.conversationId}, ${input.type}, ${input.senderId}, ${input.message}, ${input.productId})
        returning id, conversation_id, created_at),
      counted as (
        update ${chatConversations} c set ${unread} = c.${unread} + 1, last_message_id = stored.id,
          last_message_at = stored.created_at
        from stored where c.id = stored.conversation_id)
      select id from stored`,
  );
  if (!row) throw new Error('message insert returned no row');
  return Number(row.id);
}

export interface NewTextMessage {
  shopId: number;
  userId: number;
  type: SenderType;
  senderId: number;
  message: string;
  /** The audit entry written with the message (its record id is the message's), for a seller's. */
  audit?: Omit<NewAuditEntry, 'recordId'> | undefined;
}

/**
 * A text message into the pair's conversation, in one statement (a message is a chat's busiest
 * write; each round trip is CPU on both ends, and a statement needs no transaction around it):
 * finds the conversation (a shopper's only while the shop takes messages: active and approved),
 * stores the message, counts it unread for the other side as the conversation's last message,
 * writes its audit entry when given one, and reads it back as its reply shows it. Null when nothing
 * was stored: no conversation, or (for a shopper) a shop that cannot be written to.
 */
export async function storeTextMessage(db: Executor, input: NewTextMessage): Promise<MessageRow | null> {
  const unread = input.type === 'user' ? sql.raw('unread_by_shop') : sql.raw('unread_by_user');
  const writableShop =
    input.type === 'user'
      ? sql`and exists (select 1 from ${shops} s where s.id = c.shop_id and s.is_active and s.status = 'approved')`
      : sql``;
  const audited = input.audit
    ? sql`, audited as (${auditEntryInsert(input.audit, sql`stored.id`, sql`stored`)})`
    : sql``;
  const [row] = await executeRows<MessageRow>(
    db,
    sql`with conversation as (
        select c.id from ${chatConversations} c
        where c.shop_id = ${input.shopId} and c.user_id = ${input.userId} ${writableShop}),
      stored as (
        insert into ${chatMessages} (conversation_id, type, sender_id, message, product_id)
        select id, ${input.type}, ${input.senderId}, ${input.message}, null from conversation
        returning id, conversation_id, type, message, is_seen, created_at),
      counted as (
        update ${chatConversations} c set ${unread} = c.${unread} + 1, last_message_id = stored.id,
          last_message_at = stored.created_at
        from stored where c.id = stored.conversation_id)${audited}
      select stored.id, stored.type, stored.message, stored.is_seen as "isSeen", stored.created_at as "createdAt",
        s.id as "shopId", s.name as "shopName", logo.path as "shopLogo", s.last_online_at as "shopLastOnlineAt",
        u.id as "userId", u.name as "userName", photo.path as "userPhoto", u.last_online_at as "userLastOnlineAt",
        null::int as "productId", null as "productName", null as "productSlug", null as "productImage",
        null::int as "productPrice", null::int as "productDiscountPrice", null::real as "productRating",
        null::int as "productReviews"
      from stored
      join ${shops} s on s.id = ${input.shopId}
      join ${users} u on u.id = ${input.userId}
      left join ${media} logo on logo.id = s.logo_id
      left join ${media} photo on photo.id = u.photo_id`,
  );
  if (!row) return null;
  // Raw rows come back as the driver reads them: timestamps as Dates on node-postgres, strings may
  // be ISO text elsewhere.
  return {
    ...row,
    createdAt: asDate(row.createdAt) as Date,
    shopLastOnlineAt: asDate(row.shopLastOnlineAt),
    userLastOnlineAt: asDate(row.userLastOnlineAt),
  };
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * Marks the messages of the other side seen for `reader` and takes exactly that many off the
 * reader's unread count, in one statement: a message stored meanwhile stays counted.
 */
export async function markSeen(db: Executor, conversationId: number, reader: SenderType): Promise<number> {
  const writer: SenderType = reader === 'user' ? 'shop' : 'user';
  const counter = reader === 'user' ? sql.raw('unread_by_user') : sql.raw('unread_by_shop');
  const rows = await executeRows<{ seen: number }>(
    db,
    sql`
    with seen as (
      update ${chatMessages} set is_seen = true
      where conversation_id = ${conversationId} and type = ${writer} and not is_seen
      returning 1
    )
    update ${chatConversations}
    set ${counter} = greatest(${counter} - (select count(*) from seen)::int, 0)
    where id = ${conversationId}
    returning (select count(*) from seen)::int as seen`,
  );
  return Number(rows[0]?.seen ?? 0);
}

const productColumns = {
  productId: products.id,
  productName: products.name,
  productSlug: products.slug,
  productImage: productImage.path,
  productPrice: products.price,
  productDiscountPrice: products.discountPrice,
  productRating: products.ratingAvg,
  productReviews: products.reviewsCount,
};

/** The shop and the shopper of a conversation, with their presence: a message's and a list row's. */
const partyColumns = {
  shopId: shops.id,
  shopName: shops.name,
  shopLogo: shopLogo.path,
  shopLastOnlineAt: shops.lastOnlineAt,
  userId: users.id,
  userName: users.name,
  userPhoto: userPhoto.path,
  userLastOnlineAt: users.lastOnlineAt,
};

/** One message with what its reply shows: shop, shopper, product card and presence. */
export async function findMessageRows(db: Executor, conversationId: number, limit: number, offset: number) {
  return messageQuery(db)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
}

export async function findMessageRow(db: Executor, messageId: number) {
  const [row] = await messageQuery(db).where(eq(chatMessages.id, messageId)).limit(1);
  return row ?? null;
}

function messageQuery(db: Executor) {
  return db
    .select({
      id: chatMessages.id,
      type: chatMessages.type,
      message: chatMessages.message,
      isSeen: chatMessages.isSeen,
      createdAt: chatMessages.createdAt,
      ...partyColumns,
      ...productColumns,
    })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .innerJoin(shops, eq(shops.id, chatConversations.shopId))
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .leftJoin(userPhoto, eq(userPhoto.id, users.photoId))
    .leftJoin(products, eq(products.id, chatMessages.productId))
    .leftJoin(productImage, eq(productImage.id, products.mediaId))
    .$dynamic();
}
export type MessageRow = Awaited<ReturnType<typeof findMessageRows>>[number];

export async function countMessages(db: Executor, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return row?.total ?? 0;
}

function sideFilter(side: ChatSide, search: string | undefined) {
  const own = 'userId' in side ? eq(chatConversations.userId, side.userId) : eq(chatConversations.shopId, side.shopId);
  if (!search) return own;
  // The shopper looks for a shop by name, the seller for a shopper.
  return and(own, ilike('userId' in side ? shops.name : users.name, containsPattern(search)));
}

/** The conversations of one side, the latest message first. */
export async function findConversationRows(
  db: Executor,
  side: ChatSide,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: chatConversations.id,
      unreadByUser: chatConversations.unreadByUser,
      unreadByShop: chatConversations.unreadByShop,
      lastMessageAt: chatConversations.lastMessageAt,
      lastMessageId: chatConversations.lastMessageId,
      lastText: lastMessage.message,
      lastProductName: lastProduct.name,
      ...partyColumns,
      shopSlug: shops.slug,
      shopRating: shops.ratingAvg,
      ...productColumns,
    })
    .from(chatConversations)
    .innerJoin(shops, eq(shops.id, chatConversations.shopId))
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .leftJoin(userPhoto, eq(userPhoto.id, users.photoId))
    .leftJoin(products, eq(products.id, chatConversations.productId))
    .leftJoin(productImage, eq(productImage.id, products.mediaId))
    .leftJoin(lastMessage, eq(lastMessage.id, chatConversations.lastMessageId))
    .leftJoin(lastProduct, eq(lastProduct.id, lastMessage.productId))
    .where(sideFilter(side, search))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit)
    .offset(offset);
}
export type ConversationRow = Awaited<ReturnType<typeof findConversationRows>>[number];

export async function countConversations(db: Executor, side: ChatSide, search: string | undefined) {
  const [row] = await db
    .select({ total: count() })
    .from(chatConversations)
    .innerJoin(shops, eq(shops.id, chatConversations.shopId))
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .where(sideFilter(side, search));
  return row?.total ?? 0;
}

/** Unseen messages of the other side over every conversation of one side. */
export async function sumUnread(db: Executor, side: ChatSide): Promise<number> {
  const [row] =
    'userId' in side
      ? await db
          .select({ total: sql<number>`coalesce(sum(${chatConversations.unreadByUser}), 0)::int` })
          .from(chatConversations)
          .where(eq(chatConversations.userId, side.userId))
      : await db
          .select({ total: sql<number>`coalesce(sum(${chatConversations.unreadByShop}), 0)::int` })
          .from(chatConversations)
          .where(eq(chatConversations.shopId, side.shopId));
  return Number(row?.total ?? 0);
}
