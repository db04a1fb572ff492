import { z } from 'zod';
import { CHAT_PAGE_SIZE, CHAT_SHOP_LIST_PAGE_SIZE } from './constants';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, optionalIdField } from './fields';

/**
 * Chat between a shopper and a shop (get-shops, get-message, send-message, store-message,
 * unread-messages, with the mobile clients' call shapes). The seller side
 * uses the same shapes with the roles swapped (`type: 'shop'`, `user_id` instead of `shop_id`).
 */
export const CHAT_MESSAGE_MAX = 2000;
/**
 * The longest last-message preview a conversation list is sent. Longer messages are cut at a word
 * and end in an ellipsis; the list itself fits the preview to its width (CSS text-overflow), so a
 * fixed count of characters never cuts mid-word where there is room.
 */
export const CHAT_LAST_MESSAGE_CHARS = 80;
export const CHAT_SENDER_TYPES = ['user', 'shop'] as const;
export type ChatSenderType = (typeof CHAT_SENDER_TYPES)[number];

/** Realtime events: private channels, with the event names the mobile clients listen for. */
export const CHAT_EVENT_TO_USER = 'send-message-to-user';
export const CHAT_EVENT_TO_SHOP = 'send-message-to-shop';
export const chatUserChannel = (userId: number) => `private-chat_user_${userId}`;
export const chatShopChannel = (shopId: number) => `private-chat_shop_${shopId}`;

const chatText = z
  .string({ error: 'The message field is required.' })
  .trim()
  .min(1, 'The message field is required.')
  .max(CHAT_MESSAGE_MAX, `The message may not be greater than ${CHAT_MESSAGE_MAX} characters.`);

/** A product shown as a card in a message: thumbnail, name, price, discount price, rating, reviews. */
export const chatProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  price: z.number(),
  discount_price: z.number(),
  rating: z.number(),
  total_reviews: z.number().int(),
});
export type ChatProduct = z.infer<typeof chatProductSchema>;

export const chatShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  rating: z.number(),
  /** Presence: a heartbeat (update-last-seen) within the last 10 minutes. */
  last_online: z.boolean(),
});
export type ChatShop = z.infer<typeof chatShopSchema>;

export const chatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_photo: z.string().nullable(),
  last_online: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  shop: chatShopSchema.pick({ id: true, name: true, logo: true }),
  user: chatUserSchema.pick({ id: true, name: true, profile_photo: true }),
  product: chatProductSchema.nullable(),
  /** `user`: written by the shopper; `shop`: by the shop's seller. */
  type: z.enum(CHAT_SENDER_TYPES),
  message: z.string().nullable(),
  is_seen: z.boolean(),
  /** ISO date-time. */
  created_at: z.string(),
  shop_active_status: z.boolean(),
  user_active_status: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The realtime event's payload on both channels. */
export const chatEventSchema = z.object({ message: chatMessageSchema });
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** One conversation in a list (the shopper's /massages list, or a seller's inbox). */
export const chatConversationSchema = z.object({
  id: z.number().int(),
  shop: chatShopSchema,
  user: chatUserSchema,
  product: chatProductSchema.nullable(),
  /** At most CHAT_LAST_MESSAGE_CHARS characters, cut at a word; a product card reads as the product's name. */
  last_message: z.string().nullable(),
  /** Relative, in the request's language (e.g. "5 minutes ago"). */
  last_message_time: z.string().nullable(),
  /** ISO date-time of the last message. */
  last_message_at: z.string().nullable(),
  /** True when the reader has seen every message of the other side. */
  is_read: z.boolean(),
  /** Messages from the shop the shopper has not seen. */
  unread_message_user: z.number().int(),
  /** Messages from the shopper the shop has not seen. */
  unread_message_shop: z.number().int(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** GET /api/get-shops (the shopper's conversations, newest first). */
export const chatShopsQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  per_page: pagingQuerySchema.shape.per_page.default(CHAT_SHOP_LIST_PAGE_SIZE),
});
export const chatShopsReplySchema = envelope(
  z.object({ total: z.number().int(), data: z.array(chatConversationSchema) }),
);

/** GET /api/get-message (newest first; marks the shop's messages seen). */
export const chatMessagesQuerySchema = pagingQuerySchema.extend({
  shop_id: idField('shop id'),
  per_page: pagingQuerySchema.shape.per_page.default(CHAT_PAGE_SIZE),
});
export const chatMessagesReplySchema = envelope(
  z.object({ total: z.number().int(), data: z.array(chatMessageSchema) }),
);

/** POST /api/send-message (404 when no conversation exists). */
export const sendChatMessageSchema = z.object({
  shop_id: idField('shop id'),
  message: chatText,
  type: z.literal('user').default('user'),
});
export const sendChatMessageReplySchema = envelope(chatMessageSchema);

/** POST /api/store-message: upserts the conversation; with a product, posts its card. */
export const storeChatMessageSchema = z.object({
  shop_id: idField('shop id'),
  /** Sent by the reference's client; the signed-in user is used, another id is refused. */
  user_id: optionalIdField('user id'),
  product_id: optionalIdField('product id'),
  type: z.literal('user').default('user'),
  message: z.preprocess((v) => (v === '' ? undefined : v), chatText.optional()),
});

/**
 * POST /api/store-message's reply: the conversation and the messages this call posted (the
 * product card, then the text), oldest first; empty when it only opened the conversation.
 */
export const storeChatMessageReplySchema = envelope(
  z.object({ conversation_id: z.number().int(), messages: z.array(chatMessageSchema) }),
);

/** GET /api/unread-messages: messages from shops the shopper has not seen, over all conversations. */
export const unreadMessagesQuerySchema = z.object({
  user_id: optionalIdField('user id'),
  shop_id: optionalIdField('shop id'),
});
export const unreadMessagesReplySchema = envelope(z.object({ unread_messages: z.number().int() }));

/** Seller Centre inbox: the shop's conversations and threads, answered as the shop. */
export const sellerConversationsQuerySchema = chatShopsQuerySchema;
export const sellerMessagesQuerySchema = pagingQuerySchema.extend({
  user_id: idField('user id'),
  per_page: pagingQuerySchema.shape.per_page.default(CHAT_PAGE_SIZE),
});
export const sellerSendMessageSchema = z.object({
  user_id: idField('user id'),
  message: chatText,
});
export const sellerSendMessageReplySchema = sendChatMessageReplySchema;
/** GET /api/seller/unread-messages: messages from shoppers the shop has not seen. */
export const sellerUnreadQuerySchema = z.object({ user_id: optionalIdField('user id') });
