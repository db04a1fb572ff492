import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { users } from './users';

/**
 * Sign-in state. Secrets are never stored as such: sessions and reset
 * tokens by SHA-256 (they carry 256 random bits), OTPs by HMAC-SHA-256 with a server key
 * (10^4 values would fall to a plain hash).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the opaque token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute limit; the idle limit is counted from last_used_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    /**
     * When a two-step code (or recovery code) was last given in this session: at sign-in, at
     * set-up, or when a step-up asked for it again. Null: the session never gave one.
     */
    twoStepAt: timestamp('two_step_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Two-step sign-in with time-based codes (RFC 6238). The shared secret is kept encrypted
 * (AES-256-GCM, lib/secret-box.ts) and never leaves the server after set-up. A row without
 * enabled_at is a set-up waiting for its first code.
 */
export const twoStepSecrets = pgTable('two_step_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use codes for a lost phone, kept as HMACs with a server key. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_step_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A password accepted for an account with two-step sign-in on: the short-lived token the code
 * step completes (by SHA-256, like sessions). It is no session; it opens nothing else.
 */
export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_step_challenges_token_hash_key').on(t.tokenHash),
    index('two_step_challenges_user_idx').on(t.userId),
  ],
);

export const otpPurposes = ['register', 'forgot'] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 10, enum: otpPurposes }).notNull(),
    channel: varchar('channel', { length: 10, enum: ['email', 'sms'] }).notNull(),
    /** hex HMAC-SHA-256 of (id-independent) user, purpose and code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** Guesses evaluated against this code; raised by one conditional UPDATE per guess. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('otp_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash)],
);

/**
 * Fixed-window counters (login failures per account, OTP failures per account per day). One
 * upsert both counts and reads, so concurrent attempts cannot all slip under the limit.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: varchar('key', { length: 200 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

/** Server-wide secrets shared by every process (the OTP HMAC key when APP_KEY is not set). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
});

export const notificationStatuses = ['stored', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** Every message the notifier handled; in the outbox mode this is the delivery itself. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 10, enum: ['email', 'sms'] }).notNull(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    status: varchar('status', { length: 10, enum: notificationStatuses }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_outbox_to_idx').on(t.to, t.id)],
);
