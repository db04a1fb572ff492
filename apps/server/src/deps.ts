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
import type { MediaStore } from './lib/media-store';

/**
 * The types of the composition root. This file imports no module and no
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

/** The one way the server sends messages; built in modules/notifications. */
export interface Notifier {
  send(notification: Notification): Promise<NotificationStatus>;
}

// ---------------------------------------------------------------------------------------------
// Payment gateways. Each is one file in modules/payments/gateways and one
// entry of its payment-gateways.ts; its credentials are the `config` of its payment_gateways row.

export interface PaymentToStart {
  /** Our payment's uuid. */
  id: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** What the shopper sees on the gateway's page, e.g. "Orders #RC000012, #TS000013". */
  description: string;
  /** The storefront's public address, for return links. */
  publicUrl: string;
  /**
   * The storefront page the shopper comes back to from a hosted payment page (default
   * `/payment/{id}`; a digital order's is `/digital-payment/{orderId}`).
   */
  returnPath?: string;
}

/** A paid payment to give back (a digital top-up the provider could not deliver). */
export interface PaymentToRefund {
  id: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The gateway's reference kept at start. */
  reference: string | null;
}

export interface StartedPayment {
  /** Where the shopper goes to pay; null when nothing is paid online (cash on delivery). */
  url: string | null;
  /** The gateway's own reference (a Stripe Checkout Session id), kept on the payment. */
  reference: string | null;
}

/** A verified notice from a gateway that a payment was paid. */
export interface PaidNotice {
  /** The gateway's event id: a notice handled once is ignored after (delivery is at least once). */
  eventId: string;
  /** Our payment's uuid, as the gateway carried it back. */
  paymentId: string;
  /** The gateway's reference of the payment (must match the one kept at start). */
  reference: string;
  /** Minor units paid, checked against the payment. */
  amount: number;
  currency: string;
}

export type GatewayConfig = Record<string, unknown>;

export interface PaymentGateway {
  readonly name: string;
  /** Paid online: the payment waits for the gateway's confirmation. False for cash on delivery. */
  readonly online: boolean;
  start(payment: PaymentToStart, config: GatewayConfig): Promise<StartedPayment>;
  /**
   * Checks a webhook's signature over its raw body and returns the paid notice it carries, null
   * for a genuine event that is not a payment (ignored), or throws when it is not genuine.
   */
  verifyWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    config: GatewayConfig,
  ): PaidNotice | null | Promise<PaidNotice | null>;
  /**
   * Gives a paid payment back in full; throws when the gateway refused. Gateways without it
   * cannot refund: the shop does it by hand (the order is marked for refund).
   */
  refund?(payment: PaymentToRefund, config: GatewayConfig): Promise<void>;
}

/** Every gateway the server knows, by name; whether each is on is a setting. */
export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;

/**
 * Hosted Pusher Channels' server API (the `pusher` package's client): what the realtime service
 * publishes through when HOSTED_PUSHER is configured. A test hands a fake (no network).
 */
export interface HostedPusher {
  trigger(channel: string, event: string, data: unknown): Promise<unknown>;
}

/** What the server logs through (the app's pino logger; a test may hand a silent one). */
export type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/**
 * What a service may be handed. Built once per app by `buildApp` (app.ts) and handed to the
 * services by `buildServices` (services.ts); a test swaps one of them through
 * `buildApp({ deps: { notifier } })`. Anything a service needs from outside the process (a
 * transport, a gateway, a store) joins this list, so a test can swap it.
 */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  notifier: Notifier;
  /** Shared by every process when REDIS_URL is set (rate-limit counts; realtime fan-out later). */
  redis: Redis | null;
  /** The payment gateways by name (cash, sandbox, stripe); a test swaps Stripe's host here. */
  payments: PaymentGateways;
  /** Hosted Pusher's client when PUSHER_APP_ID and friends are set, else null (our own socket server). */
  hostedPusher: HostedPusher | null;
  /** Uploaded and generated files: DATA_DIR, or the S3 bucket when S3_BUCKET is set. */
  media: MediaStore;
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
