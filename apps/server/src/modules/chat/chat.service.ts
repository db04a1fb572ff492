import {
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  CHAT_LAST_MESSAGE_CHARS,
  type ChatConversation,
  type ChatEvent,
  type ChatMessage,
  type ChatProduct,
  chatShopChannel,
  chatUserChannel,
} from '@shop/contracts/chat';
import { CHAT_PAGE_SIZE, CHAT_SHOP_LIST_PAGE_SIZE } from '@shop/contracts/constants';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditStatementSink } from '../../lib/audit';
import { FieldErrors, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { roundTo, toMoney } from '../../lib/money';
import { isOnline } from '../../lib/online';
import { offsetOf } from '../../lib/paging';
import {
  type ChatSide,
  type ConversationRow,
  countConversations,
  countMessages,
  findConversationId,
  findConversationRows,
  findLastCardProductId,
  findMessageRow,
  findMessageRows,
  findShopProduct,
  findUnreadCounts,
  findWritableShop,
  insertMessage,
  type MessageRow,
  markSeen,
  type NewChatMessage,
  type SenderType,
  storeTextMessage,
  sumUnread,
  upsertConversation,
} from './chat.repository';

/** What the chat publishes through: the realtime service (local hub, Redis fan-out or hosted Pusher). */
export interface ChatPublisher {
  publish(channel: string, event: string, data: unknown): Promise<void>;
}

export const SHOP_NOT_FOUND = msg('Shop not found.');
export const CONVERSATION_NOT_FOUND = msg('Conversation not found.');

interface ProductColumns {
  productId: number | null;
  productName: string | null;
  productSlug: string | null;
  productImage: string | null;
  productPrice: number | null;
  productDiscountPrice: number | null;
  productRating: number | null;
  productReviews: number | null;
}

function toChatProduct(row: ProductColumns): ChatProduct | null {
  if (row.productId === null || row.productName === null) return null;
  return {
    id: row.productId,
    name: row.productName,
    slug: row.productSlug ?? '',
    thumbnail: mediaUrl(row.productImage) ?? '',
    price: toMoney(row.productPrice ?? 0),
    discount_price: toMoney(row.productDiscountPrice ?? 0),
    rating: roundTo(row.productRating ?? 0, 1),
    total_reviews: row.productReviews ?? 0,
  };
}

export function toChatMessage(row: MessageRow, now: Date): ChatMessage {
  return {
    id: row.id,
    shop: { id: row.shopId, name: row.shopName, logo: mediaUrl(row.shopLogo) ?? '' },
    user: { id: row.userId, name: row.userName, profile_photo: mediaUrl(row.userPhoto) },
    product: toChatProduct(row),
    type: row.type,
    message: row.message,
    is_seen: row.isSeen,
    created_at: row.createdAt.toISOString(),
    shop_active_status: isOnline(row.shopLastOnlineAt, now),
    user_active_status: isOnline(row.userLastOnlineAt, now),
  };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago" in the reader's language (the reference's last_message_time). */
export function relativeTime(at: Date, now: Date, locale: string): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/**
 * One line of at most CHAT_LAST_MESSAGE_CHARS characters: line breaks become spaces, and a longer
 * message is cut at the last word that fits (whole code points, so no emoji is cut in half) and
 * ends in an ellipsis, so a cut never reads as a typo.
 */
export function preview(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= CHAT_LAST_MESSAGE_CHARS) return chars.join('');
  const cut = chars.slice(0, CHAT_LAST_MESSAGE_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  // One very long word (a link) is cut where it must be.
  const words = space > 0 && chars[CHAT_LAST_MESSAGE_CHARS - 1] !== ' ' ? cut.slice(0, space) : cut;
  return `${words.join('').trimEnd()}…`;
}

function toConversation(row: ConversationRow, reader: SenderType, now: Date, locale: string): ChatConversation {
  const last = row.lastMessageId === null ? null : (row.lastText ?? row.lastProductName);
  const lastAt = row.lastMessageId === null ? null : row.lastMessageAt;
  return {
    id: row.id,
    shop: {
      id: row.shopId,
      name: row.shopName,
      slug: row.shopSlug,
      logo: mediaUrl(row.shopLogo) ?? '',
      rating: roundTo(row.shopRating, 1),
      last_online: isOnline(row.shopLastOnlineAt, now),
    },
    user: {
      id: row.userId,
      name: row.userName,
      profile_photo: mediaUrl(row.userPhoto),
      last_online: isOnline(row.userLastOnlineAt, now),
    },
    product: toChatProduct(row),
    last_message: last === null ? null : preview(last),
    last_message_time: lastAt === null ? null : relativeTime(lastAt, now, locale),
    last_message_at: lastAt === null ? null : lastAt.toISOString(),
    is_read: reader === 'user' ? row.unreadByUser === 0 : row.unreadByShop === 0,
    unread_message_user: row.unreadByUser,
    unread_message_shop: row.unreadByShop,
  };
}

export interface ListQuery {
  page: number;
  per_page?: number;
  search?: string;
}

/**
 * Chat between shoppers and shops. A
 * message is stored, with the unread counts, in one transaction, and only then published: a
 * shopper's on the shop's channel (send-message-to-shop), a shop's on the shopper's channel and on
 * the shop's own (send-message-to-user), so the seller's other tabs follow.
 */
export class ChatService {
  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'log'>,
    private readonly realtime: ChatPublisher,
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  // -------------------------------------------------------------------------------------------
  // The shopper's side

  /** GET /api/get-shops: the shopper's conversations, latest message first, searched by shop name. */
  async shopperConversations(userId: number, query: ListQuery, locale: string) {
    return this.conversations({ userId }, 'user', query, locale);
  }

  /** GET /api/get-message: newest first; the shop's messages become seen. */
  async shopperMessages(userId: number, shopId: number, query: { page: number; per_page?: number }) {
    const conversationId = await findConversationId(this.db, shopId, userId);
    if (conversationId === null) return { total: 0, data: [] };
    return this.thread(conversationId, 'user', query);
  }

  /** POST /api/send-message: 404 for a shop that cannot be written to, or with no conversation. */
  async shopperSend(userId: number, shopId: number, text: string): Promise<ChatMessage> {
    const row = await storeTextMessage(this.db, { shopId, userId, type: 'user', senderId: userId, message: text });
    if (!row) {
      // Nothing stored: which of the two it was, read only on this path.
      if (!(await findWritableShop(this.db, shopId))) throw notFound(SHOP_NOT_FOUND);
      throw notFound(CONVERSATION_NOT_FOUND);
    }
    return this.published(row);
  }

  /**
   * POST /api/store-message: opens (or finds) the conversation; a product posts its card, a text
   * its message. `claimedUserId` is the reference client's user_id: another user's is refused.
   */
  async shopperStore(
    userId: number,
    input: { shop_id: number; user_id?: number | null; product_id?: number | null; message?: string },
  ): Promise<{ conversation_id: number; messages: ChatMessage[] }> {
    if (input.user_id != null && input.user_id !== userId) {
      throw new FieldErrors({ user_id: [msg('The selected user id is invalid.')] });
    }
    let conversationId = 0;
    const messages = await this.store(async (tx) => {
      const shop = await findWritableShop(tx, input.shop_id);
      if (!shop) throw notFound(SHOP_NOT_FOUND);
      const productId = input.product_id ?? null;
      if (productId !== null && !(await findShopProduct(tx, input.shop_id, productId))) {
        throw notFound(msg('Product not found.'));
      }
      conversationId = await upsertConversation(tx, input.shop_id, userId, productId);
      const posts: NewChatMessage[] = [];
      // Opening the chat from the same product page again repeats nothing: the shop already has
      // this card (and one unread alert for it) unless the shopper asked about another one since.
      if (productId !== null && (await findLastCardProductId(tx, conversationId)) !== productId) {
        posts.push({ conversationId, type: 'user', senderId: userId, message: null, productId });
      }
      if (input.message) {
        posts.push({ conversationId, type: 'user', senderId: userId, message: input.message, productId: null });
      }
      return posts;
    });
    return { conversation_id: conversationId, messages };
  }

  /** GET /api/unread-messages: unseen messages from shops (from one shop with shop_id). */
  async shopperUnread(userId: number, shopId: number | null | undefined): Promise<number> {
    if (shopId == null) return sumUnread(this.db, { userId });
    return (await findUnreadCounts(this.db, shopId, userId))?.unreadByUser ?? 0;
  }

  // -------------------------------------------------------------------------------------------
  // The seller's side (the shop is the one the `seller` policy found for the caller)

  async sellerConversations(shopId: number, query: ListQuery, locale: string) {
    return this.conversations({ shopId }, 'shop', query, locale);
  }

  /** The thread with one shopper; 404 when that shopper never wrote to this shop. */
  async sellerMessages(shopId: number, userId: number, query: { page: number; per_page?: number }) {
    const conversationId = await findConversationId(this.db, shopId, userId);
    if (conversationId === null) throw notFound(CONVERSATION_NOT_FOUND);
    return this.thread(conversationId, 'shop', query);
  }

  /** The shop answers a shopper: stored with its audit entry in one statement, then published. */
  async sellerSend(
    shopId: number,
    sellerId: number,
    userId: number,
    text: string,
    audited?: AuditStatementSink,
  ): Promise<ChatMessage> {
    const audit = audited?.({ kind: 'chat_message', action: 'create', after: { user_id: userId, message: text } });
    const row = await storeTextMessage(this.db, {
      shopId,
      userId,
      type: 'shop',
      senderId: sellerId,
      message: text,
      audit: audit?.entry,
    });
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    audit?.recorded();
    return this.published(row);
  }

  /** Unseen messages from shoppers (from one shopper with user_id). */
  async sellerUnread(shopId: number, userId: number | null | undefined): Promise<number> {
    if (userId == null) return sumUnread(this.db, { shopId });
    return (await findUnreadCounts(this.db, shopId, userId))?.unreadByShop ?? 0;
  }

  // -------------------------------------------------------------------------------------------

  private async conversations(side: ChatSide, reader: SenderType, query: ListQuery, locale: string) {
    const perPage = query.per_page ?? CHAT_SHOP_LIST_PAGE_SIZE;
    const search = query.search?.trim() || undefined;
    const [total, rows] = await Promise.all([
      countConversations(this.db, side, search),
      findConversationRows(this.db, side, search, perPage, offsetOf(query.page, perPage)),
    ]);
    const now = this.deps.clock.now();
    return { total, data: rows.map((row) => toConversation(row, reader, now, locale)) };
  }

  private async thread(conversationId: number, reader: SenderType, query: { page: number; per_page?: number }) {
    const perPage = query.per_page ?? CHAT_PAGE_SIZE;
    await markSeen(this.db, conversationId, reader);
    const [total, rows] = await Promise.all([
      countMessages(this.db, conversationId),
      findMessageRows(this.db, conversationId, perPage, offsetOf(query.page, perPage)),
    ]);
    const now = this.deps.clock.now();
    return { total, data: rows.map((row) => toChatMessage(row, now)) };
  }

  /** Stores the messages `plan` gives in one transaction, then publishes each once it committed; returns them. */
  private async store(plan: (tx: Executor) => Promise<NewChatMessage[]>): Promise<ChatMessage[]> {
    const messages = await transaction(this.db, async (tx) => {
      const posts = await plan(tx);
      const ids: number[] = [];
      for (const post of posts) ids.push(await insertMessage(tx, post));
      const rows: MessageRow[] = [];
      for (const id of ids) {
        const row = await findMessageRow(tx, id);
        if (row) rows.push(row);
      }
      const now = this.deps.clock.now();
      return rows.map((row) => toChatMessage(row, now));
    });
    for (const message of messages) await this.publish(message);
    return messages;
  }

  /** A message stored by one statement, as its reply shows it, once published. */
  private async published(row: MessageRow): Promise<ChatMessage> {
    const message = toChatMessage(row, this.deps.clock.now());
    await this.publish(message);
    return message;
  }

  private async publish(message: ChatMessage): Promise<void> {
    const event: ChatEvent = { message };
    if (message.type === 'user') {
      await this.realtime.publish(chatShopChannel(message.shop.id), CHAT_EVENT_TO_SHOP, event);
    } else {
      await Promise.all([
        this.realtime.publish(chatUserChannel(message.user.id), CHAT_EVENT_TO_USER, event),
        this.realtime.publish(chatShopChannel(message.shop.id), CHAT_EVENT_TO_USER, event),
      ]);
    }
  }
}
