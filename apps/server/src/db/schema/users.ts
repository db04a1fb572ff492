import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, media, updatedAt } from './common';

export const userRoles = ['customer', 'seller', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 20 }),
    phoneCode: varchar('phone_code', { length: 12 }),
    country: text('country'),
    /** argon2id hash; null for accounts that only sign in socially. */
    passwordHash: text('password_hash'),
    role: varchar('role', { length: 10, enum: userRoles }).notNull().default('customer'),
    gender: varchar('gender', { length: 10, enum: ['male', 'female', 'other'] }),
    dateOfBirth: date('date_of_birth'),
    photoId: integer('photo_id').references(() => media.id),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_role_idx').on(t.role),
  ],
);
