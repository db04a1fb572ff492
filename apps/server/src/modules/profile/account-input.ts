import type { z } from 'zod';
import { FieldErrors } from '../../lib/errors';
import type { SettingsService } from '../settings/settings.service';

export type FieldErrorMap = Record<string, string[]>;

/** Zod issues as the API's field errors (first path segment is the field, as the web expects). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    const list = errors[field] ?? [];
    list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

/**
 * Parses a request body and adds the checks that depend on settings (phone length), so one 422
 * carries every field error at once. Throws FieldErrors; returns the parsed value otherwise.
 */
export async function parseAccountInput<S extends z.ZodType>(
  settings: SettingsService,
  schema: S,
  input: unknown,
  options: { phoneField?: string } = {},
): Promise<z.output<S>> {
  const parsed = schema.safeParse(input ?? {});
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  const field = options.phoneField;
  if (field && !errors[field]) {
    const phone = parsed.success
      ? (parsed.data as Record<string, unknown>)[field]
      : (input as Record<string, unknown> | null | undefined)?.[field];
    if ((phone === null || phone === undefined || phone === '') && (await settings.getMaster()).phone_required) {
      errors[field] = ['The phone field is required.'];
    } else if (typeof phone === 'string' && phone !== '') {
      const message = await phoneLengthError(settings, phone.replace(/[\s().-]/g, ''));
      if (message) errors[field] = [message];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) throw new FieldErrors(errors);
  return parsed.data;
}

/** The settings' phone length rule (spec section 5: defaults 8 and 16 digits). */
export async function phoneLengthError(settings: SettingsService, digits: string): Promise<string | null> {
  const master = await settings.getMaster();
  if (digits.length < master.phone_min_length) {
    return `The phone must be at least ${master.phone_min_length} digits.`;
  }
  if (digits.length > master.phone_max_length) {
    return `The phone may not be greater than ${master.phone_max_length} digits.`;
  }
  return null;
}
