import type { z } from 'zod';
import { FieldErrors, type FieldMessages } from './errors';
import { msg } from './messages';
import { nulTextPath } from './nul-text';
import { type ZodIssueEntry, zodIssueMessage } from './zod-messages';

/** What a shopper reads for text holding U+0000, which PostgreSQL text cannot store. */
export const NUL_TEXT_MESSAGE = msg('This text contains a character that is not allowed.');

/** Zod issues as the API's field errors (first path segment is the field, as the web expects). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldMessages {
  const errors: FieldMessages = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    const list = errors[field] ?? [];
    list.push(zodIssueMessage(field, issue.code, { message: issue.message, params: issue as ZodIssueEntry['params'] }));
    errors[field] = list;
  }
  return errors;
}

/** A form checked by its schema: the value when it passed, and every field error found so far. */
export type CheckedForm<T> = { valid: true; value: T; errors: FieldMessages } | { valid: false; errors: FieldMessages };

/**
 * Checks a form that Fastify's body checks did not see (a multipart form's text fields, or a body
 * that may be either) with its schema. Text holding a NUL character is refused at once (422), as
 * the request hook refuses it in JSON; otherwise every field error comes back together, so a
 * caller with checks of its own (a file, a setting, a row) adds them to the same 422.
 */
export function checkForm<S extends z.ZodType>(schema: S, input: unknown): CheckedForm<z.output<S>> {
  const nulPath = nulTextPath(input);
  if (nulPath !== null) throw new FieldErrors({ [nulPath || 'body']: [NUL_TEXT_MESSAGE] });
  const parsed = schema.safeParse(input ?? {});
  return parsed.success
    ? { valid: true, value: parsed.data, errors: {} }
    : { valid: false, errors: issuesToFieldErrors(parsed.error.issues) };
}

/** As checkForm, for a form with no checks besides its schema: the value, or a 422 with every field error. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkForm(schema, input);
  if (!checked.valid) throw new FieldErrors(checked.errors);
  return checked.value;
}
