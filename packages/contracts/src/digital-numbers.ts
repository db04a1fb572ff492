/**
 * The number rules of digital top-ups, shared by the web (what the shopper sees while
 * typing) and the server (what may reach a provider): Indonesian mobile numbers and the operator
 * their prefix belongs to, PLN meter numbers and customer ids, and the 20-digit PLN token.
 * Sources and disputed points: shared/reference/integrations.md section 3.
 */

export const MOBILE_OPERATORS = ['telkomsel', 'xl', 'axis', 'indosat', 'tri', 'smartfren'] as const;
export type MobileOperator = (typeof MOBILE_OPERATORS)[number];

/** The operators whose credit the shop sells (the pages /digital-product/pulsa/{operator}). */
export const PULSA_OPERATORS = ['telkomsel', 'xl'] as const satisfies readonly MobileOperator[];
export type PulsaOperator = (typeof PULSA_OPERATORS)[number];

/**
 * Four-digit prefixes (0-form) by operator. Telkomsel's 0851 and XL's 0879 are missing from one
 * source or another (integrations.md marks 0851 as disputed); both are kept, since a shopper with
 * such a number expects it to be recognised, and the provider refuses a real mismatch (rc 52).
 */
export const OPERATOR_PREFIXES: Readonly<Record<MobileOperator, readonly string[]>> = {
  telkomsel: ['0811', '0812', '0813', '0821', '0822', '0823', '0851', '0852', '0853'],
  xl: ['0817', '0818', '0819', '0859', '0877', '0878', '0879'],
  axis: ['0831', '0832', '0833', '0838'],
  indosat: ['0814', '0815', '0816', '0855', '0856', '0857', '0858'],
  tri: ['0895', '0896', '0897', '0898', '0899'],
  smartfren: ['0881', '0882', '0883', '0884', '0885', '0886', '0887', '0888', '0889'],
};

const OPERATOR_BY_PREFIX: ReadonlyMap<string, MobileOperator> = new Map(
  MOBILE_OPERATORS.flatMap((operator) => OPERATOR_PREFIXES[operator].map((prefix) => [prefix, operator] as const)),
);

/** A mobile number in 0-form is 10 to 13 digits (libphonenumber: national number 8[1-35-9] and 7 to 10 more). */
export const MOBILE_MIN_DIGITS = 10;
export const MOBILE_MAX_DIGITS = 13;
const MOBILE_FORMAT = /^08[1-35-9]\d{7,10}$/;

export type MobileNumberProblem = 'empty' | 'characters' | 'not_mobile' | 'too_short' | 'too_long';

export type MobileNumber =
  | {
      ok: true;
      /** The 0-form the provider is sent ("081234567890"). */
      local: string;
      /** E.164, as stored ("+6281234567890"). */
      e164: string;
      /** Null for a prefix of no known operator. */
      operator: MobileOperator | null;
    }
  | { ok: false; problem: MobileNumberProblem };

/** Separators people type inside a number: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * Reads what a shopper typed as an Indonesian mobile number: 08..., 628..., +628... or a bare 8...,
 * with spaces, dashes, dots or brackets anywhere. Says which rule failed when it is not one.
 */
export function parseMobileNumber(input: string): MobileNumber {
  const compact = input.replace(SEPARATORS, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if (!/^\+?\d+$/.test(compact)) return { ok: false, problem: 'characters' };
  if (compact.startsWith('+') && !compact.startsWith('+62')) return { ok: false, problem: 'not_mobile' };
  const local = typedLocalNumber(compact);
  if (!/^08[1-35-9]/.test(local)) return { ok: false, problem: 'not_mobile' };
  if (local.length < MOBILE_MIN_DIGITS) return { ok: false, problem: 'too_short' };
  if (local.length > MOBILE_MAX_DIGITS) return { ok: false, problem: 'too_long' };
  if (!MOBILE_FORMAT.test(local)) return { ok: false, problem: 'not_mobile' };
  return { ok: true, local, e164: `+62${local.slice(1)}`, operator: operatorOfPrefix(local) };
}

/**
 * The 0-form of what has been typed so far (+62 8.., 62 8.., 8.. and 08.., separators dropped),
 * also while it is incomplete: the web shows the operator as soon as four digits name one.
 */
export function typedLocalNumber(input: string): string {
  const compact = input.replace(SEPARATORS, '');
  if (compact.startsWith('+62')) return `0${compact.slice(3)}`;
  if (compact.startsWith('62')) return `0${compact.slice(2)}`;
  if (compact.startsWith('8')) return `0${compact}`;
  return compact;
}

/** The operator of a 0-form number (or of its first four digits while it is being typed). */
export function operatorOfPrefix(local: string): MobileOperator | null {
  return OPERATOR_BY_PREFIX.get(local.slice(0, 4)) ?? null;
}

/** PLN prepaid: the meter number has 11 digits, the customer id (IDPEL) 12. */
export const PLN_METER_DIGITS = 11;
export const PLN_CUSTOMER_ID_DIGITS = 12;

export type PlnNumber =
  | { ok: true; kind: 'meter' | 'customer_id'; number: string }
  | { ok: false; problem: 'empty' | 'characters' | 'length' };

/** Reads a PLN meter number (11 digits) or customer id (12 digits), with separators allowed. */
export function parsePlnNumber(input: string): PlnNumber {
  const compact = input.replace(SEPARATORS, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(compact)) return { ok: false, problem: 'characters' };
  if (compact.length === PLN_METER_DIGITS) return { ok: true, kind: 'meter', number: compact };
  if (compact.length === PLN_CUSTOMER_ID_DIGITS) return { ok: true, kind: 'customer_id', number: compact };
  return { ok: false, problem: 'length' };
}

/** A PLN token is 20 digits (STS). */
export const PLN_TOKEN_DIGITS = 20;

/** Twenty digits, in groups of four or not, with no digit right before or after. */
const TOKEN_IN_TEXT = /(?<!\d)\d{4}(?:[\s-]?\d{4}){4}(?!\d)/;

/**
 * The 20-digit token in a provider's serial number, which may carry more (name, tariff, kWh) around
 * it and may group the digits with spaces or dashes; null when there is none.
 */
export function extractPlnToken(serial: string): string | null {
  const found = TOKEN_IN_TEXT.exec(serial);
  return found ? found[0].replace(/\D/g, '') : null;
}

/** The token as shoppers read it out: five groups of four digits ("1234 5678 9012 3456 7890"). */
export function formatPlnToken(token: string): string {
  return token.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}
