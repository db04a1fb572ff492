import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

/** Messages sent from the contact-us and support forms, read by the shop's staff. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 20 }),
    subject: varchar('subject', { length: 255 }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** When the operator first opened it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the operator marked it dealt with; null while open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
