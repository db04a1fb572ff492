import type { NewAuditEntry } from '../db/queries/audit-entry';
import type { AuditChange } from '../db/schema/audit';
import type { Tx } from '../db/transaction';

/**
 * The audit trail's request side, shared by the plugin that opens it and the module that writes it:
 * who is writing, from where, and how many entries this request wrote so far.
 */
export interface AuditActor {
  userId: number;
  role: 'customer' | 'seller' | 'admin';
  /** The seller's shop; null for the operator. */
  shopId: number | null;
}

export interface AuditContext {
  /** Null until known: a shop registration learns its seller while it runs. */
  actor: AuditActor | null;
  ip: string;
  userAgent: string;
  /** Entries this request wrote: one per audited write, checked in tests and in development. */
  written: number;
}

const SECRET_KEY = /pass(word)?|token|secret|api_?key|private_?key|credential|totp|otp|signature|webhook_key/i;
const ACCOUNT_NUMBER_KEY = /account_?number|card_?number|iban/i;
export const MASK = '********';

/** The last four characters shown, the rest masked: enough to recognise an account, not to use it. */
export function maskAccountNumber(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const text = String(value);
  return text.length <= 4 ? '*'.repeat(text.length) : `${'*'.repeat(text.length - 4)}${text.slice(-4)}`;
}

/** A value with every secret (passwords, tokens, gateway keys, TOTP secrets) masked, at any depth. */
export function maskSecrets(value: unknown, key = ''): unknown {
  if (key && SECRET_KEY.test(key)) return value === null || value === undefined || value === '' ? value : MASK;
  if (key && ACCOUNT_NUMBER_KEY.test(key)) return maskAccountNumber(value);
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecrets(v, k)]));
  }
  return value;
}

/**
 * A value jsonb accepts: a lone UTF-16 surrogate (which JSON.stringify writes as an escape
 * PostgreSQL refuses) becomes U+FFFD, in keys and strings at any depth.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

export function storable(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), storable(v)]));
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function fieldsOf(record: unknown): Record<string, unknown> {
  return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
}

/**
 * The fields that differ between a record before and after a write, each `{ before, after }`, with
 * secrets masked. A created record has no before (null), a deleted one no after.
 */
export function changesBetween(before: unknown, after: unknown): Record<string, AuditChange> {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const a = was[field] ?? null;
    const b = is[field] ?? null;
    if (same(a, b)) continue;
    changes[wellFormed(field)] = { before: storable(maskSecrets(a, field)), after: storable(maskSecrets(b, field)) };
  }
  return changes;
}

/** What one write did to one record (or, with no recordId, to several at once). */
export interface AuditWrite {
  /** What kind of record: product, product_photo, voucher, flash_sale_entry, shop_profile, ... */
  kind: string;
  /** create, update, delete, status, ... */
  action: string;
  recordId: string | number | null;
  /** The record's fields before the write (absent for a new record). */
  before?: unknown;
  /** Its fields after the write (absent for a deleted record). */
  after?: unknown;
}

/**
 * Records one write in the transaction `tx` that makes it, so the entry is kept or rolled back
 * with the change. The service that makes the write takes one of these from its route and calls
 * it inside its transaction: the only way an entry is written (AuditService refuses the database itself).
 */
export type AuditSink = (tx: Tx, write: AuditWrite) => Promise<void>;

/** The entry of a write made by one statement, to be written by that statement (db/queries/audit-entry). */
export interface AuditStatementEntry {
  /** The row, but for its record id: the statement makes the record. */
  entry: Omit<NewAuditEntry, 'recordId'>;
  /** Counts the entry on the request once the statement wrote it. */
  recorded(): void;
}

/**
 * The request's sink for a write made by one statement, such as a chat message stored and read back
 * in one round trip: the statement writes the entry beside its change, so both commit together
 * without a transaction around them.
 */
export type AuditStatementSink = (write: Omit<AuditWrite, 'recordId'>) => AuditStatementEntry;
