import { z } from 'zod';
import { authResultSchema } from './auth';
import { envelope } from './envelope';

/**
 * Two-step sign-in with time-based codes (an authenticator app), its recovery codes, the step-up
 * that asks for a code again, and the caller's own sessions. Sellers may turn it on; the operator
 * must; shoppers do not have it.
 */

/** A code as typed: the server reads six digits, or a recovery code (spaces and dashes ignored). */
const code = z.string().max(100).optional();

export const twoStepCodeRequestSchema = z.object({ code });
export type TwoStepCodeRequest = z.input<typeof twoStepCodeRequestSchema>;

/** The password was right and the account has two-step sign-in: the code completes it. */
export const twoStepChallengeSchema = z.object({
  two_step: z.object({
    /** Short-lived and single-use; no session. */
    token: z.string(),
    /** ISO 8601. */
    expires_at: z.string(),
  }),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** A sign-in of the Seller Centre or the operator: signed in, or the code is needed first. */
export const loginReplySchema = envelope(z.union([authResultSchema, twoStepChallengeSchema]));
export type LoginReply = z.infer<typeof loginReplySchema>;

export const twoStepLoginRequestSchema = z.object({ token: z.string().max(200).optional(), code });
export type TwoStepLoginRequest = z.input<typeof twoStepLoginRequestSchema>;

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO 8601, when it was turned on. */
  enabled_at: z.string().nullable(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int(),
  /** The operator cannot turn it off. */
  required: z.boolean(),
  /** ISO 8601: when this session last gave a code (the step-up counts from it). */
  verified_at: z.string().nullable(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;
export const twoStepStatusReplySchema = envelope(twoStepStatusSchema);

/** Set-up: the secret shown once, as text to type and as a QR code to scan. */
export const twoStepSetupReplySchema = envelope(
  z.object({
    /** Base32, grouped by four for typing. */
    secret: z.string(),
    /** The otpauth:// address the QR code holds. */
    otpauth_url: z.string(),
    /** data:image/svg+xml of the QR code. */
    qr_code: z.string(),
  }),
);
export type TwoStepSetup = z.infer<typeof twoStepSetupReplySchema>['data'];

/** Recovery codes in the clear: only in the reply that makes them. */
export const recoveryCodesReplySchema = envelope(z.object({ recovery_codes: z.array(z.string()) }));
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReplySchema>;

export const stepUpReplySchema = envelope(z.object({ verified_at: z.string() }));

export const sessionSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionSchema>;
export const sessionsReplySchema = envelope(z.object({ sessions: z.array(sessionSchema) }));
