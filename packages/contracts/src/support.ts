import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, normalizePhone } from './fields';

/** Support tickets: a shopper's questions to the marketplace, with replies and attachments. */
export const TICKET_STATUSES = ['pending', 'confirm', 'completed', 'cancel'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** The list's tabs: `running` holds pending and confirmed tickets. */
export const TICKET_TABS = ['running', 'completed', 'cancel'] as const;
export type TicketTab = (typeof TICKET_TABS)[number];
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_SUBJECT_MAX = 255;
export const TICKET_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 5;
/** Judged by the file's first bytes, never by its name or declared type. */
export const TICKET_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const TICKET_PHONE_MIN_DIGITS = 8;
export const TICKET_PHONE_MAX_DIGITS = 16;
export const TICKETS_PER_PAGE = 10;

const messageField = z
  .string({ error: 'The message field is required.' })
  .trim()
  .min(1, 'The message field is required.')
  .max(TICKET_MESSAGE_MAX, `The message may not be greater than ${TICKET_MESSAGE_MAX} characters.`);

/** A ticket number is digits only (6 random ones, then the id). */
const ticketNumberField = z
  .string({ error: 'The ticket number field is required.' })
  .trim()
  .min(1, 'The ticket number field is required.')
  .max(40, 'The selected ticket number is invalid.')
  .regex(/^\d+$/, 'The selected ticket number is invalid.');

export const ticketIssueTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type TicketIssueType = z.infer<typeof ticketIssueTypeSchema>;
export const ticketIssueTypesReplySchema = envelope(z.object({ issue_types: z.array(ticketIssueTypeSchema) }));

export const supportTicketsQuerySchema = pagingQuerySchema.extend({
  status: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(TICKET_TABS, { error: 'The selected status is invalid.' }).optional(),
    )
    .optional(),
});

export const supportTicketSummarySchema = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  order_number: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  subject: z.string().nullable(),
  /** The issue type's name in the request's language. */
  issue_type: z.string(),
  /** ISO date-time. */
  created_at: z.string(),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

export const supportTicketsReplySchema = envelope(
  z.object({
    total: z.number().int(),
    running: z.number().int(),
    completed: z.number().int(),
    cancel: z.number().int(),
    support_tickets: z.array(supportTicketSummarySchema),
  }),
);
export type SupportTicketsReply = z.infer<typeof supportTicketsReplySchema>;

/** The text fields of POST /api/support-ticket (multipart: the attachments come as `attachments[]`). */
export const createSupportTicketSchema = z.object({
  issue_type: idField('issue type'),
  subject: z
    .string({ error: 'The subject must be a string.' })
    .trim()
    .max(TICKET_SUBJECT_MAX, `The subject may not be greater than ${TICKET_SUBJECT_MAX} characters.`)
    .nullish()
    .transform((v) => (v ? v : null)),
  message: messageField,
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email may not be greater than 254 characters.')
    .pipe(z.email('The email must be a valid email address.')),
  phone: z
    .string({ error: 'The phone must be a string.' })
    .transform(normalizePhone)
    .pipe(
      z
        .string()
        .regex(/^\d*$/, 'The phone must contain only digits.')
        .refine(
          (v) => v === '' || (v.length >= TICKET_PHONE_MIN_DIGITS && v.length <= TICKET_PHONE_MAX_DIGITS),
          `The phone must be between ${TICKET_PHONE_MIN_DIGITS} and ${TICKET_PHONE_MAX_DIGITS} digits.`,
        ),
    )
    .nullish()
    .transform((v) => (v ? v : null)),
  order_number: z
    .string({ error: 'The order number must be a string.' })
    .trim()
    .max(40, 'The selected order number is invalid.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateSupportTicketInput = z.input<typeof createSupportTicketSchema>;

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** Served to the ticket's owner only. */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  /** ISO date-time. */
  created_at: z.string(),
  sender_id: z.number().int(),
  sender_name: z.string(),
  profile_photo: z.string().nullable(),
  is_highlighted: z.boolean(),
  /** Written by the caller (the other messages are the support team's). */
  is_mine: z.boolean(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const supportTicketSchema = supportTicketSummarySchema.extend({
  message: z.string(),
  user_chat: z.boolean(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The shopper may write in the thread now: chat is on and the ticket is still open. */
  can_reply: z.boolean(),
  attachments: z.array(ticketAttachmentSchema),
  messages: z.array(ticketMessageSchema),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketReplySchema = envelope(
  z.object({ support_ticket: supportTicketSchema, highlighted_messages: z.array(ticketMessageSchema) }),
);
export type SupportTicketReply = z.infer<typeof supportTicketReplySchema>;

export const createSupportTicketReplySchema = envelope(z.object({ support_ticket: supportTicketSchema }));

export const ticketNumberQuerySchema = z.object({ ticket_number: ticketNumberField });

export const ticketMessagesReplySchema = envelope(z.object({ messages: z.array(ticketMessageSchema) }));
export type TicketMessagesReply = z.infer<typeof ticketMessagesReplySchema>;

export const sendTicketMessageSchema = z.object({ ticket_number: ticketNumberField, message: messageField });
export type SendTicketMessageInput = z.input<typeof sendTicketMessageSchema>;
