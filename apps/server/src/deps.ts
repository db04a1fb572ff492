import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { NotificationStatus } from './db/schema/accounts';
import type { Clock } from './lib/clock';

/**
 * The types of the composition root (DESIGN section 2). This file imports no module and no
 * plugin, so every module can take its types from here without a cycle through app.ts.
 */

export interface Notification {
  channel: 'email' | 'sms';
  /** An e-mail address, or a phone number in international form (+6281234567890). */
  to: string;
  subject?: string;
  text: string;
  /**
   * A one-time secret inside the text (an OTP). Once a real transport delivered the message,
   * the stored copy shows it masked, so the outbox is no plaintext store of codes. In outbox
   * mode (no transport) the stored copy is the delivery and keeps it.
   */
  secret?: string;
}

/** The one way the server sends messages (DESIGN section 8); built in modules/notifications. */
export interface Notifier {
  send(notification: Notification): Promise<NotificationStatus>;
}

/** What the server logs through (the app's pino logger; a test may hand a silent one). */
export type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/**
 * What a service may be handed. Built once per app by `buildApp` (app.ts) and handed to the
 * services by `buildServices` (services.ts); a test swaps one of them through
 * `buildApp({ deps: { notifier } })`. Realtime, payments and file storage join this list with
 * the issues that bring them (chat, checkout, the Seller Centre's uploads).
 */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  notifier: Notifier;
  /** Shared by every process when REDIS_URL is set (rate-limit counts; realtime fan-out later). */
  redis: Redis | null;
}

export type App = FastifyInstance;
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A module registers its routes on the app with the services it needs, declared as a record of
 * the services it uses (`{ wishlist }: { wishlist: WishlistService }`); app.ts hands it all.
 */
export type Module<Needs = never> = (app: ZodApp, services: Needs) => Promise<void>;

/** What most services use: configuration, the database and the clock. */
export type CoreDeps = Pick<AppDeps, 'config' | 'database' | 'clock'>;
