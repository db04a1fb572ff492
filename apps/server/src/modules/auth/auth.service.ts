import type { LoginInput, RegistrationInput } from '@shop/contracts/auth';
import { normalizePhone } from '@shop/contracts/fields';
import { z } from 'zod';
import { DEMO_CUSTOMER, DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { uniqueViolation } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import { FieldErrors, type FieldMessages, requiredMessage, tooLongMessage } from '../../lib/errors';
import { msg, waitMessage } from '../../lib/messages';
import type { SettingsService } from '../settings/settings.service';
import { bumpCounter, clearCounter } from './attempt-counters.repository';
import { TooManyAttempts } from './auth.errors';
import {
  emailTaken,
  findUserByEmail,
  findUserByPhoneDigits,
  insertCustomer,
  isAccountVerified,
  phoneTaken,
  setLastOnline,
  setPasswordHash,
  type UserRow,
} from './auth.repository';
import { hashPassword, needsRehash, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from './passwords';

/**
 * The lock: at most 10 evaluated failures per account from one address per
 * 15 minutes (so 40 an hour). Counted per account and address, so a stranger who guesses wrong
 * locks out only themselves, never the owner signing in from elsewhere.
 */
export const LOGIN_MAX_ATTEMPTS = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/**
 * The softer limit over all addresses: past 10 failures on one account in the window, each
 * attempt waits one more second before it is evaluated (at most 10), which slows a guesser
 * spread over many addresses without refusing the owner.
 */
export const LOGIN_SLOW_AFTER = 10;
export const LOGIN_SLOW_STEP_MS = 1000;
export const LOGIN_SLOW_MAX_MS = 10_000;
export const INVALID_CREDENTIALS = msg('Credential is invalid!');
/** What a sign-in page answers to credentials of an account of another role, or wrong ones. */
const WRONG_ROLE: Record<'customer' | 'seller' | 'admin', typeof INVALID_CREDENTIALS> = {
  customer: INVALID_CREDENTIALS,
  seller: msg('These credentials do not match a seller account.'),
  admin: msg('These credentials do not match an operator account.'),
};

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

const NAME_MAX_LENGTH = 100;
const emailFormat = z.email();
const GENDERS = ['male', 'female', 'other'] as const;

/** A checked account, ready to be stored. */
export type NewAccount = Parameters<typeof insertCustomer>[1];

/** Two registrations with the same e-mail or phone at once: the unique index decides (422). */
export function accountTakenError(error: unknown): unknown {
  const text = uniqueViolation(error);
  if (text === null) return error;
  return new FieldErrors(
    text.includes('email')
      ? { email: [msg('The email has already been taken.')] }
      : { phone: [msg('The phone has already been taken.')] },
  );
}

export class AuthService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly settings: SettingsService,
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  /** What the login form comes filled with for the person at the machine (APP_ENV=local), else null. */
  get demoLogin(): { phone: string; password: string } | null {
    return this.deps.config.APP_ENV === 'local' ? { phone: DEMO_CUSTOMER.email, password: DEMO_PASSWORD } : null;
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
   * tell whether an account exists. `clientIp` is the caller's address (the lock's other half).
   */
  async login(body: LoginInput, clientIp: string, role: 'customer' | 'seller' | 'admin' = 'customer'): Promise<number> {
    const phone = typeof body.phone === 'number' ? String(body.phone) : (body.phone ?? '').trim();
    const password = body.password ?? '';
    const errors: FieldMessages = {};
    if (!phone) errors.phone = [requiredMessage('phone')];
    if (!password) errors.password = [requiredMessage('password')];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

    const user = await this.findByIdentifier(phone);
    const accountKey = `login:${user ? `user:${user.id}` : `id:${parseIdentifier(phone)?.value ?? phone.toLowerCase()}`}`;
    const pairKey = `${accountKey}:from:${clientIp}`;
    const now = this.deps.clock.now();
    const pair = await bumpCounter(this.db, pairKey, now, LOGIN_WINDOW_MS);
    if (pair.count > LOGIN_MAX_ATTEMPTS) {
      const wait = (pair.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000;
      throw new TooManyAttempts(
        msg('Too many login attempts. Please try again in {{wait}}.', { wait: waitMessage(wait) }),
        wait,
      );
    }
    const account = await bumpCounter(this.db, accountKey, now, LOGIN_WINDOW_MS);
    if (account.count > LOGIN_SLOW_AFTER) {
      await this.deps.clock.sleep(Math.min((account.count - LOGIN_SLOW_AFTER) * LOGIN_SLOW_STEP_MS, LOGIN_SLOW_MAX_MS));
    }
    const valid = await verifyPassword(user?.passwordHash, password.slice(0, 200));
    // Each role signs in on its own page: /login for customers, the Seller Centre, the operator screen.
    if (!user || !valid || user.role !== role) {
      throw new FieldErrors({ phone: [WRONG_ROLE[role]] }, WRONG_ROLE[role]);
    }
    if (!user.isActive) throw new FieldErrors({ phone: [msg('Your account has been deactivated.')] });
    await Promise.all([clearCounter(this.db, pairKey), clearCounter(this.db, accountKey)]);
    // Hashes made with older, cheaper parameters are raised while the password is at hand.
    if (user.passwordHash && needsRehash(user.passwordHash)) {
      await setPasswordHash(this.db, user.id, await hashPassword(password.slice(0, 200)), now);
    }
    return user.id;
  }

  /** Whether the user has a verified e-mail or phone (what order_place_account_verify asks). */
  isVerified(userId: number): Promise<boolean> {
    return isAccountVerified(this.db, userId);
  }

  /** Stores a checked account (in the caller's transaction, with the shop a seller registers). */
  insertAccount(db: Parameters<typeof insertCustomer>[0], values: NewAccount, role?: 'seller'): Promise<number> {
    return insertCustomer(db, values, role);
  }

  /**
   * Creates a customer and returns its id. All field errors come
   * back together. With register_otp_verify on, the account starts unverified; the web then
   * sends a code and the shopper confirms it (verify-otp), while already signed in.
   */
  async register(body: RegistrationInput): Promise<number> {
    const { values, errors } = await this.checkAccount(body, { seller: false });
    if (Object.keys(errors).length > 0 || !values) throw new FieldErrors(errors);
    try {
      return await insertCustomer(this.db, values);
    } catch (error) {
      throw accountTakenError(error);
    }
  }

  /**
   * The account fields of a registration, checked with the registration rules (a seller's
   * also needs an e-mail address, the country is optional then): the values to store, or the
   * field errors (values undefined), so the Seller Centre adds its shop's errors to the same 422.
   */
  async checkAccount(
    body: RegistrationInput,
    options: { seller: boolean },
  ): Promise<{ values: NewAccount | undefined; errors: FieldMessages }> {
    const master = await this.settings.getMaster();
    const errors: FieldMessages = {};
    const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

    const name = str(body.name);
    if (!name) errors.name = [requiredMessage('name')];
    else if (name.length > NAME_MAX_LENGTH) errors.name = [tooLongMessage('name', NAME_MAX_LENGTH)];

    const country = str(body.country);
    if (!country) {
      if (!options.seller) errors.country = [requiredMessage('country')];
    } else if (country.length > 100) errors.country = [tooLongMessage('country', 100)];

    // Separators people type are dropped; letters are an error, not silently removed.
    const rawPhone = normalizePhone(str(body.phone));
    let phone = '';
    if (rawPhone) {
      if (!/^\d+$/.test(rawPhone)) errors.phone = [msg('The phone must contain only digits.')];
      // The trunk zero (0812...) is not part of the national number stored with the dial code.
      else phone = rawPhone.replace(/^0/, '');
    }
    if (!errors.phone) {
      const min = master.phone_min_length;
      const max = master.phone_max_length;
      if (!phone && master.phone_required) errors.phone = [requiredMessage('phone')];
      else if (phone && (phone.length < min || phone.length > max))
        errors.phone = [msg('The phone must be between {{min}} and {{max}} digits.', { min, max })];
      else if (phone && (await phoneTaken(this.db, phone))) errors.phone = [msg('The phone has already been taken.')];
    }

    const rawCode = str(body.phone_code);
    let phoneCode: string | null = null;
    if (rawCode) {
      if (/^\+?\d{1,4}$/.test(rawCode)) phoneCode = `+${rawCode.replace(/^\+/, '')}`;
      else errors.phone_code = [msg('The phone code must be a dial code such as +62.')];
    }

    const email = str(body.email).toLowerCase();
    const emailNeeded = options.seller || master.register_otp_type === 'email' || !phone;
    if (!email) {
      if (emailNeeded) errors.email = [requiredMessage('email')];
    } else if (email.length > 254 || !emailFormat.safeParse(email).success) {
      errors.email = [msg('The email must be a valid email address.')];
    } else if (await emailTaken(this.db, email)) {
      errors.email = [msg('The email has already been taken.')];
    }

    const password = body.password === null || body.password === undefined ? '' : String(body.password);
    if (!password) errors.password = [requiredMessage('password')];
    else if (password.length < PASSWORD_MIN_LENGTH)
      errors.password = [
        msg('The {{field}} must be at least {{min}} characters.', { field: msg('password'), min: PASSWORD_MIN_LENGTH }),
      ];
    else if (password.length > PASSWORD_MAX_LENGTH) errors.password = [tooLongMessage('password', PASSWORD_MAX_LENGTH)];

    const gender = str(body.gender).toLowerCase();
    if (gender && !(GENDERS as readonly string[]).includes(gender))
      errors.gender = [msg('The selected gender is invalid.')];

    if (Object.keys(errors).length > 0) return { values: undefined, errors };
    return {
      errors,
      values: {
        name,
        email: email || null,
        phone: phone || null,
        phoneCode,
        country: country || null,
        gender: (gender || null) as (typeof GENDERS)[number] | null,
        passwordHash: await hashPassword(password),
        now: this.deps.clock.now(),
      },
    };
  }

  /**
   * The heartbeat the web sends every 10 minutes: the user (and a seller's shop) counts as online
   * while the last one is at most 10 minutes old (catalog's isOnline).
   */
  async updateLastSeen(userId: number): Promise<Date> {
    const at = this.deps.clock.now();
    await setLastOnline(this.db, userId, at);
    return at;
  }
}
