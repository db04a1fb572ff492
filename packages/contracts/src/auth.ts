import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Sign-in, registration, OTP and password reset.
 * Request bodies accept loose values: the server checks them itself so that every field error
 * (some depend on the settings) comes back in one 422.
 */

const text = z.string().max(1000);
/** Apps send phone numbers as numbers now and then. */
const textOrNumber = z.union([z.string().max(1000), z.number()]).transform((v) => String(v));

export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  country: z.string().nullable(),
  /** An absolute path (/uploads/...) or null. */
  profile_photo: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const accessSchema = z.object({
  auth_type: z.literal('Bearer'),
  token: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
});
export type Access = z.infer<typeof accessSchema>;

export const authResultSchema = z.object({ user: authUserSchema, access: accessSchema });
export type AuthResult = z.infer<typeof authResultSchema>;
export const authReplySchema = envelope(authResultSchema);
export type AuthReply = z.infer<typeof authReplySchema>;

export const loginRequestSchema = z.object({
  /** An e-mail address or a phone number (with or without the dial code). */
  phone: textOrNumber.optional(),
  password: text.optional(),
  device_key: text.nullish(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

export const registrationRequestSchema = z.object({
  name: text.nullish(),
  phone: textOrNumber.nullish(),
  phone_code: text.nullish(),
  email: text.nullish(),
  password: text.nullish(),
  country: text.nullish(),
  gender: text.nullish(),
  device_key: text.nullish(),
});
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
export type RegistrationInput = z.output<typeof registrationRequestSchema>;

/** 1 (or true) selects the forgot-password channel; anything else the registration channel. */
const flag = z
  .union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean(), z.null()])
  .optional()
  .transform((v) => v === 1 || v === '1' || v === true);

export const sendOtpRequestSchema = z.object({
  /** The phone number or e-mail address of the account. */
  phone: textOrNumber.optional(),
  phone_code: text.nullish(),
  forgot_password: flag,
});
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;
export type SendOtpInput = z.output<typeof sendOtpRequestSchema>;

export const sendOtpReplySchema = envelope(
  z.object({
    email_or_phone: z.string(),
    phone_code: z.string().nullable(),
    /** Seconds until another code may be requested. */
    resend_after: z.number().int(),
  }),
);
export type SendOtpReply = z.infer<typeof sendOtpReplySchema>;

export const verifyOtpRequestSchema = z.object({
  phone: textOrNumber.optional(),
  phone_code: text.nullish(),
  otp: textOrNumber.optional(),
  /** Optional: 1 checks only a forgot-password code, 0 only a verification code; absent: the latest code. */
  forgot_password: z
    .union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null ? null : v === 1 || v === '1' || v === true)),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;
export type VerifyOtpInput = z.output<typeof verifyOtpRequestSchema>;

export const verifyOtpReplySchema = envelope(
  z.object({
    /** The single-use password-reset token for a forgot-password code; null for a verification code. */
    token: z.string().nullable(),
    purpose: z.enum(['register', 'forgot']),
  }),
);
export type VerifyOtpReply = z.infer<typeof verifyOtpReplySchema>;

export const resetPasswordRequestSchema = z.object({
  token: text.optional(),
  password: text.optional(),
  password_confirmation: text.optional(),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const messageReplySchema = z.object({ message: z.string(), data: z.null().optional() });
export type MessageReply = z.infer<typeof messageReplySchema>;

export const lastSeenReplySchema = envelope(z.object({ last_online_at: z.string() }));

/** Replies the web app does not read (logout; a last-seen reply of another shape): any body is fine. */
export const anyReplySchema = z.unknown();
export type LastSeenReply = z.infer<typeof lastSeenReplySchema>;

/** GET /api/dev/outbox (APP_ENV=local, from this machine only): what the notifier recorded, newest first. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxReplySchema = envelope(z.object({ messages: z.array(outboxMessageSchema) }));
export const outboxQuerySchema = z.object({ to: z.string().max(254).optional() });

/** GET /api/dev/demo-login (APP_ENV=local, from this machine only): what the login form is filled with. */
export const demoLoginReplySchema = envelope(z.object({ phone: z.string(), password: z.string() }));
export type DemoLoginReply = z.infer<typeof demoLoginReplySchema>;
