import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';

/** The operator's audit log: every write by a seller or the operator, newest first. */

/** The most rows one CSV export holds; a narrower filter gets the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

const optionalId = (message: string) =>
  z
    .preprocess(
      blankIsUnset,
      z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).optional(),
    )
    .optional();

/** From 1970 to the year 9999: what the database stores and a person means. */
const LATEST_TIME = Date.UTC(9999, 11, 31);
const inRange = (v: string) => {
  const time = Date.parse(v);
  return !Number.isNaN(time) && time >= 0 && time <= LATEST_TIME;
};

const optionalTime = (message: string) =>
  z.preprocess(blankIsUnset, z.string().max(40, message).refine(inRange, message).optional()).optional();

export const auditLogFilterSchema = z.object({
  /** The user who wrote. */
  actor: optionalId('The selected person is invalid.'),
  shop: optionalId('The selected shop is invalid.'),
  kind: z.preprocess(blankIsUnset, z.string().max(40, 'The selected kind is invalid.').optional()).optional(),
  /** From this time on (ISO 8601, inclusive). */
  from: optionalTime('The from time is not a valid date.'),
  /** Before this time (ISO 8601, exclusive). */
  to: optionalTime('The to time is not a valid date.'),
  sort: z
    .preprocess(blankIsUnset, z.enum(['newest', 'oldest'], { error: 'The selected sort is invalid.' }).optional())
    .optional(),
});
export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = pagingQuerySchema.extend(auditLogFilterSchema.shape);
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: z.string() }),
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  kind: z.string(),
  record_id: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), auditChangeSchema),
  ip: z.string(),
  user_agent: z.string(),
  /** ISO date-time. */
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogReplySchema = envelope(
  z.object({ total: z.number().int(), kinds: z.array(z.string()), entries: z.array(auditEntrySchema) }),
);
export type AuditLogReply = z.infer<typeof auditLogReplySchema>;
