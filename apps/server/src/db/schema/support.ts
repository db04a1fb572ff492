import { boolean, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { users } from './users';

/** Issue types shoppers choose when opening a ticket; translations by locale. */
export const ticketIssueTypes = pgTable('ticket_issue_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const ticketStatuses = ['pending', 'confirm', 'completed', 'cancel'] as const;

/** A support ticket; the number is 6 random digits followed by the id. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ticketNumber: varchar('ticket_number', { length: 40 }).notNull().unique(),
    /** "#" + prefix + code of one of the shopper's orders, when the ticket is about one. */
    orderNumber: varchar('order_number', { length: 40 }),
    issueTypeId: integer('issue_type_id')
      .notNull()
      .references(() => ticketIssueTypes.id),
    subject: text('subject'),
    message: text('message').notNull(),
    status: varchar('status', { length: 12, enum: ticketStatuses }).notNull().default('pending'),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 20 }),
    /** The operator lets the shopper write in the thread. */
    userChat: boolean('user_chat').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.createdAt)],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    isHighlighted: boolean('is_highlighted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** A file sent with a ticket, stored outside the web root under `storedName`; served to its owner only. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    storedName: varchar('stored_name', { length: 80 }).notNull(),
    originalName: text('original_name').notNull(),
    /** From the file's content: image/jpeg, image/png or application/pdf. */
    mime: varchar('mime', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_attachments_ticket_idx').on(t.ticketId)],
);
