import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';
import { SHOP_STATUSES, sellerShopSchema } from './sellers';
import {
  supportTicketSchema,
  supportTicketSummarySchema,
  TICKET_MESSAGE_MAX,
  TICKET_STATUSES,
  TICKET_TABS,
} from './support';

/**
 * The operator screen: an account with role admin approves or rejects the shops that
 * registered and answers support tickets.
 */

export const OPERATOR_PAGE_SIZE = 20;

export const operatorShopsQuerySchema = pagingQuerySchema.extend({
  status: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(SHOP_STATUSES, { error: 'The selected status is invalid.' }).optional(),
    )
    .optional(),
});
export type OperatorShopsQuery = z.input<typeof operatorShopsQuerySchema>;

export const operatorShopSchema = sellerShopSchema.extend({
  owner: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** ISO date-time. */
  created_at: z.string(),
});
export type OperatorShop = z.infer<typeof operatorShopSchema>;
export const operatorShopsReplySchema = envelope(
  z.object({ total: z.number().int(), shops: z.array(operatorShopSchema) }),
);
export type OperatorShopsReply = z.infer<typeof operatorShopsReplySchema>;
export const operatorShopReplySchema = envelope(z.object({ shop: operatorShopSchema }));

export const operatorTicketsQuerySchema = pagingQuerySchema.extend({
  status: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(TICKET_TABS, { error: 'The selected status is invalid.' }).optional(),
    )
    .optional(),
});
export type OperatorTicketsQuery = z.input<typeof operatorTicketsQuerySchema>;

export const operatorTicketSummarySchema = supportTicketSummarySchema.extend({
  customer_name: z.string(),
  user_chat: z.boolean(),
});
export type OperatorTicketSummary = z.infer<typeof operatorTicketSummarySchema>;
export const operatorTicketsReplySchema = envelope(
  z.object({
    total: z.number().int(),
    running: z.number().int(),
    completed: z.number().int(),
    cancel: z.number().int(),
    support_tickets: z.array(operatorTicketSummarySchema),
  }),
);
export type OperatorTicketsReply = z.infer<typeof operatorTicketsReplySchema>;

export const operatorTicketSchema = supportTicketSchema.extend({ customer_name: z.string() });
export type OperatorTicket = z.infer<typeof operatorTicketSchema>;
export const operatorTicketReplySchema = envelope(z.object({ support_ticket: operatorTicketSchema }));
export type OperatorTicketReply = z.infer<typeof operatorTicketReplySchema>;

export const ticketNumberParamsSchema = z.object({
  number: z.string().trim().min(1).max(40, 'The selected ticket number is invalid.'),
});

export const userChatRequestSchema = z.object({
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }),
});
export const ticketStatusRequestSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'The selected status is invalid.' }),
});
export const ticketReplyRequestSchema = z.object({
  message: z
    .string({ error: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(TICKET_MESSAGE_MAX, `The message may not be greater than ${TICKET_MESSAGE_MAX} characters.`),
});
export type TicketReplyRequest = z.input<typeof ticketReplyRequestSchema>;
