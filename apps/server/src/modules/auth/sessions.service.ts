import { createHash, randomBytes } from 'node:crypto';
import type { AuthResult, AuthUser } from '@shop/contracts/auth';
import { SESSION_COOKIE } from '@shop/contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { mediaUrl } from '../../lib/media-url';
import { findUserById, type UserRow } from './auth.repository';
import {
  findLiveSession,
  findLiveSessionsOfUser,
  insertSession,
  ownsLiveSession,
  revokeSessionByHash,
  revokeSessionOfUser,
  revokeSessionsOfUser,
  setSessionTwoStepAt,
  touchSession,
} from './sessions.repository';

const DAY_MS = 86_400_000;
/** Shoppers: absolute 30 days (the cookie's Max-Age and the bearer's expires_at), idle 14 days. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
export const SESSION_IDLE_MS = 14 * DAY_MS;
/** last_used_at is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 5 * 60_000;

/** 32 random bytes (256 bits), base64url; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** The sign-in gave a two-step code at this time. */
  twoStepAt?: Date | null;
}

export interface LiveSession {
  id: number;
  userId: number;
  role: UserRow['role'];
  /** A seller's shop in the Seller Centre (active and approved), read with the session; else null. */
  sellerShopId: number | null;
  tokenHash: string;
  /** When this session last gave a two-step code, or null. */
  twoStepAt: Date | null;
  /** Whether the account has two-step sign-in turned on. */
  twoStepOn: boolean;
}

/** One of the caller's sessions, as the sessions page lists them. */
export interface SessionListItem {
  id: number;
  created_at: string;
  last_used_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    phone_code: user.phoneCode,
    country: user.country,
    profile_photo: mediaUrl(user.photo),
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneVerifiedAt !== null,
  };
}

export class SessionsService {
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'config'>) {}

  private get db() {
    return this.deps.database.fixedPlans;
  }

  /** A new session on every sign-in (never a reused token). */
  async createSession(userId: number, meta: SessionMeta = {}): Promise<{ token: string; expiresAt: Date }> {
    const now = this.deps.clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    await insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      twoStepAt: meta.twoStepAt ?? null,
    });
    return { token, expiresAt };
  }

  /** The live session of a token, or null (unknown, revoked, expired, idle too long, user inactive). */
  async resolve(token: string): Promise<LiveSession | null> {
    if (token.length < 20 || token.length > 200) return null;
    const now = this.deps.clock.now();
    const tokenHash = hashToken(token);
    const row = await findLiveSession(this.db, tokenHash, now, new Date(now.getTime() - SESSION_IDLE_MS));
    if (!row) return null;
    if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touchSession(this.db, row.id, now);
    return {
      id: row.id,
      userId: row.userId,
      role: row.role,
      sellerShopId: row.sellerShopId,
      tokenHash,
      twoStepAt: row.twoStepAt,
      twoStepOn: row.twoStepEnabledAt !== null,
    };
  }

  /** Records that this session just gave a two-step code (sign-in, set-up or step-up). */
  async markTwoStep(sessionId: number, at: Date) {
    await setSessionTwoStepAt(this.db, sessionId, at);
  }

  /** The user's sessions that still work, the current one marked. */
  async list(userId: number, currentTokenHash: string | null): Promise<SessionListItem[]> {
    const now = this.deps.clock.now();
    const rows = await findLiveSessionsOfUser(this.db, userId, now, new Date(now.getTime() - SESSION_IDLE_MS));
    return rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      ip: row.ip,
      user_agent: row.userAgent,
      current: row.tokenHash === currentTokenHash,
    }));
  }

  /** For the `session` access check: the user's own session that has not ended. */
  owns(userId: number, sessionId: number): Promise<boolean> {
    return ownsLiveSession(this.db, userId, sessionId);
  }

  /** Ends one of the user's sessions (the access check made sure it is theirs). */
  async revokeOwn(userId: number, sessionId: number) {
    await revokeSessionOfUser(this.db, userId, sessionId, this.deps.clock.now());
  }

  async revokeSession(tokenHash: string) {
    await revokeSessionByHash(this.db, tokenHash, this.deps.clock.now());
  }

  /** Ends every session of the user (password reset), or every other one when a hash is given. */
  async revokeUserSessions(userId: number, exceptTokenHash?: string) {
    await revokeSessionsOfUser(this.db, userId, this.deps.clock.now(), exceptTokenHash);
  }

  /** Whether the session cookie needs `Secure`: when shoppers reach the site over https. */
  get secureCookie() {
    return this.deps.config.PUBLIC_URL.startsWith('https:');
  }

  setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookie,
      path: '/',
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  }

  clearCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.secureCookie, path: '/' });
  }

  /**
   * Signs the user in: a new session, the cookie for the web, and the reply's
   * `{ user, access }` for API clients. Social sign-in uses it too.
   */
  async signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    options: { twoStepAt?: Date } = {},
  ): Promise<AuthResult> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new Error(`user ${userId} vanished while signing in`);
    const { token, expiresAt } = await this.createSession(userId, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      twoStepAt: options.twoStepAt ?? null,
    });
    this.setCookie(reply, token);
    return {
      user: toAuthUser(user),
      access: { auth_type: 'Bearer', token, expires_at: expiresAt.toISOString() },
    };
  }
}
