import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TWO_STEP_CHALLENGE_SECONDS, TWO_STEP_CODE_LENGTH } from '@shop/contracts/constants';
import type { TwoStepStatus } from '@shop/contracts/two-step';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/client';
import { transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { badRequest, conflict, FieldErrors, forbidden } from '../../lib/errors';
import { loadQrCode } from '../../lib/lazy-modules';
import { msg, waitMessage } from '../../lib/messages';
import { keyFromText, open, type SecretKey, seal, sealedWith } from '../../lib/secret-box';
import type { SettingsService } from '../settings/settings.service';
import { bumpCounter, clearCounter, unbumpCounter } from './attempt-counters.repository';
import { TooManyAttempts } from './auth.errors';
import { findUserById, type UserRow } from './auth.repository';
import { serverSecret } from './otp.repository';
import { revokeSessionsOfUser } from './sessions.repository';
import { hashToken, type LiveSession, newToken, type SessionsService } from './sessions.service';
import {
  countUnusedRecoveryCodes,
  deleteTwoStep,
  enableTwoStep,
  findLiveChallenge,
  findTwoStep,
  insertChallenge,
  putPendingSecret,
  replaceRecoveryCodes,
  takeStep,
  twoStepEnabled,
  useChallenge,
  useRecoveryCode,
} from './two-step.repository';

const MINUTE_MS = 60_000;
/** Authenticator apps' defaults (RFC 6238): SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of now is accepted, for a phone's clock a little off and slow typing. */
const DRIFT_STEPS = 1;
/**
 * Wrong codes per account, whatever the address: 10 per 15 minutes and 30 a day. With three
 * steps accepted, a guesser who has the password gets about 10^-4 a day.
 */
export const TWO_STEP_MAX_FAILURES = 10;
export const TWO_STEP_WINDOW_MS = 15 * MINUTE_MS;
export const TWO_STEP_MAX_DAILY_FAILURES = 30;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Recovery codes: 10 characters of Crockford's base32 (50 bits), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 10;

const INVALID_CODE = msg('The code is not valid. Try the newest code of your authenticator app.');
const CODE_FORMAT = msg('Enter the 6-digit code from your authenticator app, or a recovery code.');
const NOT_FOR_SHOPPERS = msg('Two-step sign-in is for sellers and the operator.');
const SIGN_IN_EXPIRED = msg('This sign-in has expired. Please enter your password again.');

type CodeKind = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/** A code as typed: six digits, or a recovery code (spaces, dashes and capitals ignored; O and I/L read as 0 and 1). */
export function readCode(raw: string | undefined): CodeKind | null {
  const compact = (raw ?? '').replace(/[\s-]/g, '').toLowerCase();
  if (new RegExp(`^\\d{${TWO_STEP_CODE_LENGTH}}$`).test(compact)) return { kind: 'totp', code: compact };
  const recovery = compact.replace(/o/g, '0').replace(/[il]/g, '1');
  if (recovery.length === RECOVERY_LENGTH && [...recovery].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: 'recovery', code: recovery };
  }
  return null;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

function totpFor(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_STEP_CODE_LENGTH,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The base32 secret in groups of four, easier to type from the screen. */
const grouped = (base32: string) => base32.match(/.{1,4}/g)?.join(' ') ?? base32;

/**
 * Two-step sign-in with time-based codes: set-up (secret, QR code, first code), the code step of
 * a sign-in, recovery codes, the step-up that asks for a code again, and turning it off. Sellers
 * may use it; the operator must (plugins/access.ts refuses the operator's routes until then).
 */
export class TwoStepService {
  private dbKey: Promise<SecretKey> | undefined;
  private hmacKey: Promise<Buffer> | undefined;

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
    private readonly services: { sessions: SessionsService; settings: SettingsService },
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  private databaseKey(): Promise<SecretKey> {
    this.dbKey ??= serverSecret(this.db, 'two_step_key', () => randomBytes(32).toString('base64url')).then((value) => ({
      id: 'db' as const,
      key: Buffer.from(value, 'base64url'),
    }));
    return this.dbKey;
  }

  /** APP_KEY when it is set, else the database's own key. */
  private sealingKey(): Promise<SecretKey> {
    const appKey = this.deps.config.APP_KEY;
    return appKey ? Promise.resolve({ id: 'app', key: keyFromText(appKey) }) : this.databaseKey();
  }

  private async openSecret(sealed: string): Promise<string> {
    const id = sealedWith(sealed);
    if (id === 'app') {
      const appKey = this.deps.config.APP_KEY;
      if (!appKey) throw new Error('a two-step secret was sealed with APP_KEY, which is not set now');
      return open(sealed, { id, key: keyFromText(appKey) });
    }
    return open(sealed, await this.databaseKey());
  }

  private async recoveryHash(userId: number, code: string): Promise<string> {
    this.hmacKey ??= serverSecret(this.db, 'two_step_recovery_key', () => randomBytes(32).toString('base64url')).then(
      (v) => Buffer.from(v, 'base64url'),
    );
    return createHmac('sha256', await this.hmacKey)
      .update(`${userId}:${code}`)
      .digest('hex');
  }

  private assertMayUse(role: UserRow['role']) {
    if (role === 'customer') throw forbidden(NOT_FOR_SHOPPERS);
  }

  /** Whether the account must give a code after its password. */
  isOn(userId: number): Promise<boolean> {
    return twoStepEnabled(this.db, userId);
  }

  async status(session: LiveSession): Promise<TwoStepStatus> {
    this.assertMayUse(session.role);
    const row = await findTwoStep(this.db, session.userId);
    const enabledAt = row?.enabledAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabled_at: enabledAt?.toISOString() ?? null,
      recovery_codes_left: enabledAt ? await countUnusedRecoveryCodes(this.db, session.userId) : 0,
      required: session.role === 'admin',
      verified_at: session.twoStepAt?.toISOString() ?? null,
    };
  }

  /**
   * A new secret for the authenticator app, waiting for its first code. The secret is shown in
   * this reply only; it is never sent again (a lost set-up starts over with a new one).
   */
  async setup(session: LiveSession) {
    this.assertMayUse(session.role);
    const user = await findUserById(this.db, session.userId);
    if (!user) throw forbidden();
    const secret = new Secret({ size: 20 }).base32;
    const now = this.deps.clock.now();
    if (!(await putPendingSecret(this.db, user.id, seal(secret, await this.sealingKey()), now))) {
      throw conflict(msg('Two-step sign-in is already on.'));
    }
    const master = await this.services.settings.getMaster();
    const label = user.email ?? `${user.phoneCode ?? ''}${user.phone ?? ''}`;
    const url = totpFor(secret, label, master.app_name).toString();
    const QRCode = await loadQrCode();
    const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret: grouped(secret),
      otpauth_url: url,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /**
   * The first code from the app turns two-step sign-in on: ten recovery codes come back (the only
   * time they are shown), this session counts as having given a code, and every other session of
   * the account ends (they were opened with the password alone).
   */
  async enable(session: LiveSession, rawCode: string | undefined, audited?: AuditSink): Promise<string[]> {
    this.assertMayUse(session.role);
    const row = await findTwoStep(this.db, session.userId);
    if (row?.enabledAt) throw conflict(msg('Two-step sign-in is already on.'));
    if (!row) throw badRequest(msg('Start the set-up again: no secret is waiting for a code.'));
    const code = readCode(rawCode);
    if (code?.kind !== 'totp')
      throw new FieldErrors({ code: [msg('Enter the 6-digit code from your authenticator app.')] });
    await this.checkTotp(session.userId, row.secret, code.code);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => this.recoveryHash(session.userId, readCode(c)?.code ?? c)));
    const now = this.deps.clock.now();
    await transaction(this.db, async (tx) => {
      if (!(await enableTwoStep(tx, session.userId, hashes, now)))
        throw conflict(msg('Two-step sign-in is already on.'));
      await audited?.(tx, {
        kind: 'two_step',
        action: 'enable',
        recordId: session.userId,
        before: { enabled: false },
        after: { enabled: true },
      });
    });
    await this.services.sessions.markTwoStep(session.id, now);
    await this.services.sessions.revokeUserSessions(session.userId, session.tokenHash);
    return codes;
  }

  /** New recovery codes (the route asks for a fresh code first); the old ones stop working. */
  async regenerateRecoveryCodes(session: LiveSession, audited?: AuditSink): Promise<string[]> {
    this.assertMayUse(session.role);
    if (!(await this.isOn(session.userId))) throw badRequest(msg('Two-step sign-in is not on.'));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => this.recoveryHash(session.userId, readCode(c)?.code ?? c)));
    await transaction(this.db, async (tx) => {
      await replaceRecoveryCodes(tx, session.userId, hashes, this.deps.clock.now());
      await audited?.(tx, { kind: 'two_step', action: 'recovery_codes', recordId: session.userId });
    });
    return codes;
  }

  /** Turns it off (the route asks for a fresh code first). The operator cannot. */
  async disable(session: LiveSession, audited?: AuditSink) {
    this.assertMayUse(session.role);
    if (session.role === 'admin') throw forbidden(msg('The operator cannot turn two-step sign-in off.'));
    await transaction(this.db, async (tx) => {
      if (!(await deleteTwoStep(tx, session.userId))) throw badRequest(msg('Two-step sign-in is not on.'));
      await audited?.(tx, {
        kind: 'two_step',
        action: 'disable',
        recordId: session.userId,
        before: { enabled: true },
        after: { enabled: false },
      });
    });
  }

  /** The step-up: a code (or a recovery code) given again; the session's clock starts over. */
  async verify(session: LiveSession, rawCode: string | undefined): Promise<Date> {
    this.assertMayUse(session.role);
    await this.checkCode(session.userId, rawCode);
    const now = this.deps.clock.now();
    await this.services.sessions.markTwoStep(session.id, now);
    return now;
  }

  /** The password step passed for an account with two-step on: a token for the code step. */
  async challenge(userId: number) {
    const token = newToken();
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + TWO_STEP_CHALLENGE_SECONDS * 1000);
    await insertChallenge(this.db, userId, hashToken(token), now, expiresAt);
    return { two_step: { token, expires_at: expiresAt.toISOString() } };
  }

  /** The code step of a sign-in: the user to sign in, once (the token is then used up). */
  async completeSignIn(token: string | undefined, rawCode: string | undefined): Promise<{ userId: number; at: Date }> {
    const now = this.deps.clock.now();
    const challenge = token ? await findLiveChallenge(this.db, hashToken(token), now) : null;
    if (!challenge) throw badRequest(SIGN_IN_EXPIRED);
    const user = await findUserById(this.db, challenge.userId);
    if (!user?.isActive) throw badRequest(SIGN_IN_EXPIRED);
    await this.checkCode(user.id, rawCode);
    if (!(await useChallenge(this.db, challenge.id, now))) throw badRequest(SIGN_IN_EXPIRED);
    return { userId: user.id, at: now };
  }

  /**
   * Checks a code of an account with two-step on: a time-based code not given before, or an
   * unused recovery code (then used up). Every attempt is counted before it is evaluated, per
   * account, so guesses from many addresses share one budget; a right code clears the count.
   */
  private async checkCode(userId: number, rawCode: string | undefined) {
    const code = readCode(rawCode);
    if (!code) throw new FieldErrors({ code: [CODE_FORMAT] });
    const row = await findTwoStep(this.db, userId);
    if (!row?.enabledAt) throw badRequest(msg('Two-step sign-in is not on.'));
    if (code.kind === 'totp') return this.checkTotp(userId, row.secret, code.code);
    await this.countAttempt(userId);
    if (!(await useRecoveryCode(this.db, userId, await this.recoveryHash(userId, code.code), this.deps.clock.now()))) {
      throw new FieldErrors({ code: [msg('This recovery code is not valid or was used already.')] });
    }
    await this.forgiveAttempt(userId);
  }

  private async checkTotp(userId: number, sealed: string, code: string) {
    await this.countAttempt(userId);
    const now = this.deps.clock.now().getTime();
    const totp = totpFor(await this.openSecret(sealed));
    const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
    if (delta === null) throw new FieldErrors({ code: [INVALID_CODE] });
    if (!(await takeStep(this.db, userId, totp.counter({ timestamp: now }) + delta))) {
      throw new FieldErrors({ code: [msg('This code was used already. Wait for the next one of your app.')] });
    }
    await this.forgiveAttempt(userId);
  }

  /** A right code: the short window starts over and the day's budget gets its attempt back. */
  private async forgiveAttempt(userId: number) {
    await clearCounter(this.db, `two-step:user:${userId}`);
    await unbumpCounter(this.db, `two-step-day:user:${userId}`);
  }

  private async countAttempt(userId: number) {
    const now = this.deps.clock.now();
    for (const [key, windowMs, max] of [
      [`two-step:user:${userId}`, TWO_STEP_WINDOW_MS, TWO_STEP_MAX_FAILURES],
      [`two-step-day:user:${userId}`, DAY_MS, TWO_STEP_MAX_DAILY_FAILURES],
    ] as const) {
      const counted = await bumpCounter(this.db, key, now, windowMs);
      if (counted.count > max) {
        const wait = (counted.windowStart.getTime() + windowMs - now.getTime()) / 1000;
        throw new TooManyAttempts(
          msg('Too many wrong codes. Please try again in {{wait}}.', { wait: waitMessage(wait) }),
          wait,
        );
      }
    }
  }
}

/**
 * Resets an account's two-step sign-in on the server itself (`npm run create-operator --
 * --reset-two-step EMAIL`): secret, recovery codes and waiting sign-ins go, and every session
 * ends. An operator then sets it up again at the next sign-in.
 */
export async function resetTwoStep(db: Database, userId: number, now: Date) {
  await deleteTwoStep(db, userId);
  await revokeSessionsOfUser(db, userId, now);
}
