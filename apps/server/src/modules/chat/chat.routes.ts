import {
  chatMessagesQuerySchema,
  chatMessagesReplySchema,
  chatShopsQuerySchema,
  chatShopsReplySchema,
  sellerConversationsQuerySchema,
  sellerMessagesQuerySchema,
  sellerSendMessageReplySchema,
  sellerSendMessageSchema,
  sellerUnreadQuerySchema,
  sendChatMessageReplySchema,
  sendChatMessageSchema,
  storeChatMessageReplySchema,
  storeChatMessageSchema,
  unreadMessagesQuerySchema,
  unreadMessagesReplySchema,
} from '@shop/contracts/chat';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { sellerShopOf, signedInUserId } from '../../plugins/access';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { AuditService } from '../audit/audit.service';
import type { ChatService } from './chat.service';

const errors = {
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
  429: errorReplySchema,
};

/**
 * Chat: the shopper's calls with the reference's
 * paths, and the Seller Centre's inbox under /api/seller. Sending is limited per account and per
 * shop (RATE_LIMITS.chatUser, chatShop).
 */
export async function chatRoutes(app: ZodApp, { chat: service, audit }: { chat: ChatService; audit: AuditService }) {
  app.get(
    '/api/get-shops',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['chat'],
        summary: "The shopper's conversations, latest message first (20 a page), searched by shop name",
        querystring: chatShopsQuerySchema,
        response: { 200: chatShopsReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.shopperConversations(signedInUserId(request), request.query, request.locale)),
  );

  app.get(
    '/api/get-message',
    {
      // It marks messages seen: a cross-site link must not do that with a cookie alone.
      config: { access: 'customer', changesState: true },
      schema: {
        tags: ['chat'],
        summary:
          "The shopper's messages with one shop, newest first (20 a page); the shop's messages become seen. Empty when there is no conversation",
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.shopperMessages(signedInUserId(request), request.query.shop_id, request.query)),
  );

  app.post(
    '/api/send-message',
    {
      config: { access: 'customer', rateLimit: RATE_LIMITS.chatUser },
      schema: {
        tags: ['chat'],
        summary:
          'A message to a shop the shopper has a conversation with (404 otherwise); stored, then published on private-chat_shop_{id} as send-message-to-shop',
        body: sendChatMessageSchema,
        response: { 200: sendChatMessageReplySchema, ...errors },
      },
    },
    async (request) =>
      ok(await service.shopperSend(signedInUserId(request), request.body.shop_id, request.body.message)),
  );

  app.post(
    '/api/store-message',
    {
      config: { access: 'customer', rateLimit: RATE_LIMITS.chatUser },
      schema: {
        tags: ['chat'],
        summary:
          "Opens the conversation with a shop (or finds it); with product_id also posts the product's card, with message also that text. user_id, when sent, must be the caller's",
        body: storeChatMessageSchema,
        response: { 200: storeChatMessageReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.shopperStore(signedInUserId(request), request.body)),
  );

  app.get(
    '/api/unread-messages',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['chat'],
        summary: "Messages from shops the shopper has not seen, over all conversations (or one shop's with shop_id)",
        querystring: unreadMessagesQuerySchema,
        response: { 200: unreadMessagesReplySchema, ...errors },
      },
    },
    async (request) =>
      ok({ unread_messages: await service.shopperUnread(signedInUserId(request), request.query.shop_id) }),
  );

  app.get(
    '/api/seller/conversations',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller chat'],
        summary: "The seller's shop's conversations, latest message first, searched by the shopper's name",
        querystring: sellerConversationsQuerySchema,
        response: { 200: chatShopsReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.sellerConversations(sellerShopOf(request), request.query, request.locale)),
  );

  app.get(
    '/api/seller/messages',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller chat'],
        summary:
          "The shop's thread with one shopper, newest first; the shopper's messages become seen. 404 when that shopper never wrote to the shop",
        querystring: sellerMessagesQuerySchema,
        response: { 200: chatMessagesReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.sellerMessages(sellerShopOf(request), request.query.user_id, request.query)),
  );

  app.post(
    '/api/seller/send-message',
    {
      config: { access: 'seller', rateLimit: RATE_LIMITS.chatShop },
      schema: {
        tags: ['seller chat'],
        summary:
          'Answers a shopper as the shop (404 when the shopper never wrote to it); published on private-chat_user_{id} and private-chat_shop_{id} as send-message-to-user',
        body: sellerSendMessageSchema,
        response: { 200: sellerSendMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const message = await service.sellerSend(
        sellerShopOf(request),
        signedInUserId(request),
        request.body.user_id,
        request.body.message,
        audit.statementSink(request.audit),
      );
      return ok(message);
    },
  );

  app.get(
    '/api/seller/unread-messages',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller chat'],
        summary: "Messages from shoppers the shop has not seen (one shopper's with user_id)",
        querystring: sellerUnreadQuerySchema,
        response: { 200: unreadMessagesReplySchema, ...errors },
      },
    },
    async (request) =>
      ok({ unread_messages: await service.sellerUnread(sellerShopOf(request), request.query.user_id) }),
  );
}
