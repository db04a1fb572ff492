import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ResetPasswordRequest, SendOtpInput, VerifyOtpInput } from '@shop/contracts/auth';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@shop/contracts/constants';
import type { OtpPurpose } from '../../db/schema/accounts';
import type { AppDeps } from '../../deps';
import { badRequest, FieldErrors, type FieldMessages, requiredMessage, tooLongMessage } from '../../lib/errors';
import { msg, waitMessage } from '../../lib/messages';
import type { SettingsService } from '../settings/settings.service';
import { bumpCounter, clearCounterAndItsAddresses, unbumpCounter } from './attempt-counters.repository';
import { TooManyAttempts } from './auth.errors';
import { markVerified, setPasswordHash, type UserRow } from './auth.repository';
import { type AuthService, parseIdentifier } from './auth.service';
import {
  claimOtpGuess,
  consumeOtp,
  consumeResetToken,
  insertOtp,
  insertResetToken,
  latestOtp,
  serverSecret,
} from './otp.repository';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';
import { hashToken, newToken, type SessionsService } from './sessions.service';

const MINUTE_MS = 60_000;
/**
 * A code lives 10 minutes and takes 5 guesses; an account gets 10 failed codes a day: guessing 4
 * digits stays hopeless.
 */
export const OTP_TTL_MS = 10 * MINUTE_MS;
export const OTP_MAX_GUESSES = 5;
export const OTP_MAX_DAILY_FAILURES = 10;
export const OTP_DAY_MS = 24 * 60 * MINUTE_MS;
/** A hard stop at 30 failures in 30 days (slow guessing over weeks ends too); the holder is told. */
export const OTP_MAX_MONTHLY_FAILURES = 30;
export const OTP_MONTH_MS = 30 * OTP_DAY_MS;
export const OTP_RESEND_MS = OTP_RESEND_SECONDS * 1000;
export const OTP_MAX_SENDS_PER_HOUR = 5;
const HOUR_MS = 60 * MINUTE_MS;
/** The reset token from a forgot-password code is good for one use within 15 minutes. */
export const RESET_TOKEN_TTL_MS = 15 * MINUTE_MS;

export const INVALID_OTP = msg('Invalid otp');

/** Draws an integer in [min, max): crypto's CSPRNG; tests hand in a seeded one to replay a run. */
export type DrawInteger = (min: number, max: number) => number;

/** A code of `length` digits drawn uniformly (leading zeros included). */
export function generateOtp(length: number = OTP_LENGTH, draw: DrawInteger = randomInt): string {
  return String(draw(0, 10 ** length)).padStart(length, '0');
}

/**
 * One-time codes for verification and password reset, and the reset itself. Codes are kept as
 * HMACs bound to the user and purpose; each guess is one conditional UPDATE, so at most five
 * guesses are ever evaluated against a code however many arrive at once.
 */
export class OtpService {
  private hmacKey: Promise<Buffer> | undefined;
  constructor(
    private readonly deps: AppDeps,
    private readonly services: { auth: AuthService; sessions: SessionsService; settings: SettingsService },
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  private key(): Promise<Buffer> {
    this.hmacKey ??= serverSecret(this.db, 'otp_hmac_key', () => randomBytes(32).toString('base64url')).then((v) =>
      Buffer.from(v, 'base64url'),
    );
    return this.hmacKey;
  }

  private async codeHash(userId: number, purpose: OtpPurpose, code: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`${userId}:${purpose}:${code}`)
      .digest('hex');
  }

  /**
   * Sends a code to the account's e-mail or phone, per the verify settings. The reply is the
   * same whether or not the account exists; limits are counted per account (or per identifier).
   */
  async send(body: SendOtpInput) {
    const identifier = String(body.phone ?? '').trim();
    if (!identifier) throw new FieldErrors({ phone: [requiredMessage('phone')] });
    if (!parseIdentifier(identifier))
      throw new FieldErrors({ phone: [msg('Enter a valid e-mail address or phone number.')] });
    const purpose: OtpPurpose = body.forgot_password ? 'forgot' : 'register';
    const now = this.deps.clock.now();
    const user = await this.services.auth.findByIdentifier(identifier);
    const subject = user ? `user:${user.id}` : `id:${parseIdentifier(identifier)?.value}`;

    const spacing = await bumpCounter(this.db, `otp-send:${purpose}:${subject}`, now, OTP_RESEND_MS);
    if (spacing.count > 1) {
      const wait = (spacing.windowStart.getTime() + OTP_RESEND_MS - now.getTime()) / 1000;
      throw new TooManyAttempts(
        msg('Please wait {{wait}} before requesting a new code.', { wait: waitMessage(wait) }),
        wait,
      );
    }
    const hourly = await bumpCounter(this.db, `otp-send-hour:${subject}`, now, HOUR_MS);
    if (hourly.count > OTP_MAX_SENDS_PER_HOUR) {
      const wait = (hourly.windowStart.getTime() + HOUR_MS - now.getTime()) / 1000;
      throw new TooManyAttempts(
        msg('Too many codes requested. Please try again in {{wait}}.', { wait: waitMessage(wait) }),
        wait,
      );
    }

    // The code goes only to the account's owner: a reply never carries it, in any mode, and
    // reads the same whether the account exists or not.
    if (user?.isActive) await this.issue(user, purpose, now);
    return {
      email_or_phone: identifier,
      phone_code: body.phone_code ?? null,
      resend_after: OTP_RESEND_SECONDS,
    };
  }

  private async issue(user: UserRow, purpose: OtpPurpose, now: Date): Promise<void> {
    const master = await this.services.settings.getMaster();
    const type = purpose === 'forgot' ? master.forgot_otp_type : master.register_otp_type;
    const phoneTo = user.phone ? `${user.phoneCode ?? ''}${user.phone}` : null;
    const channel: 'email' | 'sms' | null =
      type === 'email'
        ? user.email
          ? 'email'
          : phoneTo
            ? 'sms'
            : null
        : phoneTo
          ? 'sms'
          : user.email
            ? 'email'
            : null;
    if (!channel) return;
    const code = generateOtp();
    await insertOtp(this.db, {
      userId: user.id,
      purpose,
      channel,
      codeHash: await this.codeHash(user.id, purpose, code),
      now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
    const what = purpose === 'forgot' ? 'password reset code' : 'verification code';
    await this.deps.notifier.send({
      channel,
      to: channel === 'email' ? (user.email as string) : (phoneTo as string),
      subject: `Your ${master.app_name} ${what}`,
      text: `Your ${master.app_name} ${what} is ${code}. It expires in 10 minutes. Never share it with anyone.`,
      secret: code,
    });
  }

  /**
   * Checks a code. A verification code marks the e-mail or phone verified; a forgot-password
   * code returns a single-use reset token. Each purpose only does its own thing.
   */
  async verify(body: VerifyOtpInput) {
    const identifier = String(body.phone ?? '').trim();
    const otp = String(body.otp ?? '').trim();
    const errors: FieldMessages = {};
    if (!identifier) errors.phone = [requiredMessage('phone')];
    if (!otp) errors.otp = [requiredMessage('otp')];
    else if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp))
      errors.otp = [msg('The otp must be {{count}} digits.', { count: OTP_LENGTH })];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

    const user = await this.services.auth.findByIdentifier(identifier);
    if (!user?.isActive) throw badRequest(INVALID_OTP);
    const purposeFilter: OtpPurpose | null =
      body.forgot_password === null ? null : body.forgot_password ? 'forgot' : 'register';
    const now = this.deps.clock.now();
    const row = await latestOtp(this.db, user.id, purposeFilter);
    if (!row || row.consumedAt) throw badRequest(INVALID_OTP);
    if (row.expiresAt <= now) throw badRequest(msg('The OTP has expired. Please request a new one.'));

    // The daily budget is taken before the guess is evaluated and given back if it was right.
    const dailyKey = `otp-fail:${user.id}`;
    const daily = await bumpCounter(this.db, dailyKey, now, OTP_DAY_MS);
    if (daily.count > OTP_MAX_DAILY_FAILURES) {
      const wait = (daily.windowStart.getTime() + OTP_DAY_MS - now.getTime()) / 1000;
      throw new TooManyAttempts(
        msg('Too many wrong codes. Please try again in {{wait}}.', { wait: waitMessage(wait) }),
        wait,
      );
    }
    const monthlyKey = `otp-fail-month:${user.id}`;
    const monthly = await bumpCounter(this.db, monthlyKey, now, OTP_MONTH_MS);
    if (monthly.count > OTP_MAX_MONTHLY_FAILURES) {
      await unbumpCounter(this.db, dailyKey);
      if (monthly.count === OTP_MAX_MONTHLY_FAILURES + 1) await this.tellLocked(user);
      const wait = (monthly.windowStart.getTime() + OTP_MONTH_MS - now.getTime()) / 1000;
      throw new TooManyAttempts(
        msg('Too many wrong codes. Please try again in {{wait}}.', { wait: waitMessage(wait) }),
        wait,
      );
    }
    const giveBack = async () => {
      await unbumpCounter(this.db, dailyKey);
      await unbumpCounter(this.db, monthlyKey);
    };
    const claimed = await claimOtpGuess(this.db, row.id, now, OTP_MAX_GUESSES);
    if (!claimed) {
      await giveBack();
      const wait = Math.max(1, (row.createdAt.getTime() + OTP_RESEND_MS - now.getTime()) / 1000);
      throw new TooManyAttempts(msg('Too many wrong codes. Please request a new code.'), wait);
    }
    const expected = Buffer.from(claimed.codeHash, 'hex');
    const given = Buffer.from(await this.codeHash(user.id, row.purpose, otp), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest(INVALID_OTP);
    if (!(await consumeOtp(this.db, row.id, now))) throw badRequest(INVALID_OTP);
    await giveBack();

    if (row.purpose === 'register') {
      await markVerified(this.db, user.id, row.channel, now);
      return { token: null, purpose: row.purpose };
    }
    const token = newToken();
    await insertResetToken(this.db, user.id, hashToken(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
    return { token, purpose: row.purpose };
  }

  /** Someone is guessing this account's codes: its holder should know. */
  private async tellLocked(user: UserRow) {
    const master = await this.services.settings.getMaster();
    const text =
      `There were ${OTP_MAX_MONTHLY_FAILURES} wrong verification codes for your ${master.app_name} account ` +
      'within 30 days, so codes are blocked for now. If this was not you, someone may be trying to get in; ' +
      'your password still works and nothing else has changed.';
    const subject = `${master.app_name}: verification codes blocked`;
    if (user.email) await this.deps.notifier.send({ channel: 'email', to: user.email, subject, text });
    else if (user.phone)
      await this.deps.notifier.send({ channel: 'sms', to: `${user.phoneCode ?? ''}${user.phone}`, text });
  }

  /** Sets a new password with a reset token, ends every session of the account, lifts the login lock. */
  async resetPassword(body: ResetPasswordRequest) {
    const token = (body.token ?? '').trim();
    const password = body.password ?? '';
    const errors: FieldMessages = {};
    if (!token) errors.token = [requiredMessage('token')];
    if (!password) errors.password = [requiredMessage('password')];
    else if (password.length < PASSWORD_MIN_LENGTH)
      errors.password = [
        msg('The {{field}} must be at least {{min}} characters.', { field: msg('password'), min: PASSWORD_MIN_LENGTH }),
      ];
    else if (password.length > PASSWORD_MAX_LENGTH) errors.password = [tooLongMessage('password', PASSWORD_MAX_LENGTH)];
    else if (password !== (body.password_confirmation ?? ''))
      errors.password = [msg('Confirm Password does not match.')];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

    const now = this.deps.clock.now();
    // Hash first: the token is used only when everything else is ready.
    const passwordHash = await hashPassword(password);
    const userId = await consumeResetToken(this.db, hashToken(token), now);
    if (userId === null) throw badRequest(msg('The reset token is invalid or has expired. Please request a new code.'));
    await setPasswordHash(this.db, userId, passwordHash, now);
    await this.services.sessions.revokeUserSessions(userId);
    // A new password starts the account afresh, wherever the failures came from.
    await clearCounterAndItsAddresses(this.db, `login:user:${userId}`);
  }
}
