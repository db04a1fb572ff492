import type { LoginRequest } from '@shop/contracts/auth';
import type { AppDeps } from '../../app';
import { FieldErrors } from '../../lib/errors';
import { TooManyAttempts, waitText } from './auth.errors';
import {
  bumpCounter,
  clearCounter,
  findUserByEmail,
  findUserByPhoneDigits,
  setLastOnline,
  type UserRow,
} from './auth.repository';
import { verifyPassword } from './passwords';

/** Reliability plan T5: at most 10 evaluated failures per account per 15 minutes (so 40 an hour). */
export const LOGIN_MAX_ATTEMPTS = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** "Online" while last_online_at >= now (reference 2.3). */
export const LAST_SEEN_AHEAD_MS = 10 * 60_000;

export const INVALID_CREDENTIALS = 'Credential is invalid!';

const required = (field: string) => `The ${field} field is required.`;

/** An e-mail address or phone number as typed, reduced to what the lookup compares. */
export function parseIdentifier(
  raw: string,
): { kind: 'email'; value: string } | { kind: 'phone'; value: string } | null {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() };
  // Phone numbers come with spaces, dashes, brackets and a leading +; nothing else is a phone.
  if (!/^\+?[\d\s\-().]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 && digits.length <= 20 ? { kind: 'phone', value: digits } : null;
}

export class AuthService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async findByIdentifier(raw: string): Promise<UserRow | null> {
    const id = parseIdentifier(raw);
    if (!id) return null;
    return id.kind === 'email' ? findUserByEmail(this.db, id.value) : findUserByPhoneDigits(this.db, id.value);
  }

  /**
   * Checks the credentials of a customer and returns the user id. Every attempt is counted
   * before the password is evaluated, so concurrent guesses cannot exceed the cap. Unknown
   * accounts are counted by the identifier and cost the same hash work: the reply does not
   * tell whether an account exists.
   */
  async login(body: LoginRequest): Promise<number> {
    const phone = typeof body.phone === 'number' ? String(body.phone) : (body.phone ?? '').trim();
    const password = body.password ?? '';
    const errors: Record<string, string[]> = {};
    if (!phone) errors.phone = [required('phone')];
    if (!password) errors.password = [required('password')];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

    const user = await this.findByIdentifier(phone);
    const key = `login:${user ? `user:${user.id}` : `id:${parseIdentifier(phone)?.value ?? phone.toLowerCase()}`}`;
    const now = this.deps.clock.now();
    const counter = await bumpCounter(this.db, key, now, LOGIN_WINDOW_MS);
    if (counter.count > LOGIN_MAX_ATTEMPTS) {
      const wait = (counter.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000;
      throw new TooManyAttempts(`Too many login attempts. Please try again in ${waitText(wait)}.`, wait);
    }
    const valid = await verifyPassword(user?.passwordHash, password.slice(0, 200));
    // Only customers sign in here; sellers and admins have their own panels (upstream does the same).
    if (!user || !valid || user.role !== 'customer') {
      throw new FieldErrors({ phone: [INVALID_CREDENTIALS] }, INVALID_CREDENTIALS);
    }
    if (!user.isActive) throw new FieldErrors({ phone: ['Your account has been deactivated.'] });
    await clearCounter(this.db, key);
    return user.id;
  }

  /** The shopper is "online" for the next 10 minutes; the web pings every 10 minutes. */
  async updateLastSeen(userId: number): Promise<Date> {
    const until = new Date(this.deps.clock.now().getTime() + LAST_SEEN_AHEAD_MS);
    await setLastOnline(this.db, userId, until);
    return until;
  }
}
