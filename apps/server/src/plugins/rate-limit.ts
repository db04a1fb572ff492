import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@shop/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors';
import { msg, waitMessage } from '../lib/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-address sign-in limit (config SIGN_INS_PER_ADDRESS). */
    signInsPerAddress: number;
  }
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The visitor's address, also for calls the server-side render makes on the visitor's behalf. */
const clientKey = (request: FastifyRequest) => request.clientIp || request.ip;

/**
 * Per-address limits of the calls that cost money or invite guessing.
 * A route opts in with `config: { rateLimit: RATE_LIMITS.login }`; the groupId makes alias paths
 * (/verify-otp and /api/verify-otp) share one count. The per-account limits (login
 * failures, OTP guesses and sends) live in the database and hold across addresses.
 */
export const RATE_LIMITS = {
  /**
   * Sign-ins (shop, Seller Centre, operator) per address per 15 minutes: SIGN_INS_PER_ADDRESS
   * (config.ts). Raise it for shoppers behind one shared address (an office, a carrier's NAT);
   * guessing one account's password is stopped by the per-account lockout whatever the address.
   */
  login: {
    max: (request: FastifyRequest) => request.server.signInsPerAddress,
    timeWindow: 15 * MINUTE_MS,
    groupId: 'login',
  },
  registration: { max: 10, timeWindow: HOUR_MS, groupId: 'registration' },
  /** At most 10 codes an hour from one address: sending codes costs money and floods inboxes. */
  sendOtp: { max: 10, timeWindow: HOUR_MS, groupId: 'send-otp' },
  verifyOtp: { max: 30, timeWindow: 15 * MINUTE_MS, groupId: 'verify-otp' },
  resetPassword: { max: 10, timeWindow: 15 * MINUTE_MS, groupId: 'reset-password' },
  /** Two-step codes (sign-in, set-up, step-up); the account's own budget is in the database. */
  twoStep: { max: 30, timeWindow: 15 * MINUTE_MS, groupId: 'two-step' },
  /** The public contact form: each message lands in a person's inbox. */
  contact: { max: 5, timeWindow: 10 * MINUTE_MS, groupId: 'contact' },
  /** PLN customer look-ups: each one is a call to the provider (and would let a script list names). */
  plnInquiry: { max: 30, timeWindow: MINUTE_MS, groupId: 'pln-inquiry' },
  /**
   * Chat messages a shopper sends (send-message, store-message), counted per account whatever the
   * address. After the access check, so the user is known.
   */
  chatUser: {
    max: 30,
    timeWindow: MINUTE_MS,
    groupId: 'chat-user',
    hook: 'preHandler',
    keyGenerator: (request) => `user:${request.user?.id ?? clientKey(request)}`,
  },
  /** Chat messages a shop sends, over all the seller's tabs and devices. */
  chatShop: {
    max: 60,
    timeWindow: MINUTE_MS,
    groupId: 'chat-shop',
    hook: 'preHandler',
    keyGenerator: (request) => `shop:${request.sellerShopId ?? clientKey(request)}`,
  },
} satisfies Record<string, RateLimitOptions>;

/**
 * In-memory fixed windows shared by every route, so alias paths with one groupId share a count
 * (the package's own memory store keeps one store per route). Redis shares by key already.
 */
class SharedMemoryStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; start: number }>();
  private calls = 0;

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    if (++this.calls % 1000 === 0) this.prune(now, timeWindow);
    let entry = this.windows.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      entry = { count: 0, start: now };
      this.windows.set(key, entry);
    }
    entry.count++;
    callback(null, { current: entry.count, ttl: entry.start + timeWindow - now });
  }

  child() {
    return this;
  }

  /** Forgets finished windows (all windows here are at most a few hours long). */
  private prune(now: number, timeWindow: number) {
    const horizon = Math.max(timeWindow, 24 * HOUR_MS);
    for (const [key, entry] of this.windows) if (entry.start + horizon <= now) this.windows.delete(key);
  }
}

/**
 * @fastify/rate-limit, counted in Redis when REDIS_URL is set (so every process shares one
 * count), in memory otherwise. Replies over the limit are 429 `{message, code}` with Retry-After.
 * If Redis is unreachable the address limits are skipped rather than failing every call; the
 * database-backed per-account limits still apply.
 */
/** A fixed window in Redis: the first hit of a window sets its expiry. */
const FIXED_WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

/**
 * Counts in Redis by key alone, shared by every route and process. The package's own Redis store
 * puts the route's path into each key, so alias paths (and the routes of one groupId, such as
 * send-message and store-message) would each have their own count there.
 */
class SharedRedisStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.redis.eval(FIXED_WINDOW_SCRIPT, 1, `${this.prefix}${key}`, timeWindow).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        callback(null, { current, ttl: Math.max(0, ttl) });
      },
      (error: Error) => callback(error),
    );
  }

  child() {
    return this;
  }
}

/** The package constructs its store with `new`; hand it one instance per app. */
function sharedStore(instance: FastifyRateLimitStore) {
  return function SharedStore() {
    return instance;
  } as unknown as new () => FastifyRateLimitStore;
}

/** Each shop's counters sit under its own prefix (REDIS_PREFIX), so shops sharing a Redis never share a count. */
export const rateLimitKeyPrefix = (redisPrefix: string) => `${redisPrefix}rate-limit:`;

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redis: Redis | null; redisPrefix: string; signInsPerAddress: number }) => {
    const { redis } = options;
    app.decorate('signInsPerAddress', options.signInsPerAddress);
    await app.register(fastifyRateLimit, {
      global: false,
      keyGenerator: clientKey,
      skipOnError: true,
      store: sharedStore(
        redis ? new SharedRedisStore(redis, rateLimitKeyPrefix(options.redisPrefix)) : new SharedMemoryStore(),
      ),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          context.statusCode,
          ErrorCode.RateLimited,
          msg('Too many requests. Please try again in {{wait}}.', { wait: waitMessage(context.ttl / 1000) }),
        ),
    });
  },
);
