import { normalizePhone } from '@shop/contracts/fields';
import type { z } from 'zod';
import { FieldErrors, requiredMessage } from '../../lib/errors';
import { issuesToFieldErrors } from '../../lib/forms';
import { type Message, msg } from '../../lib/messages';
import { nulTextPath } from '../../lib/nul-text';
import { NUL_TEXT_MESSAGE } from '../../plugins/nul-text';
import type { SettingsService } from '../settings/settings.service';

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
  // Multipart fields miss the request hook that refuses NUL characters (plugins/nul-text.ts).
  const nulPath = nulTextPath(input);
  if (nulPath !== null) throw new FieldErrors({ [nulPath || 'body']: [NUL_TEXT_MESSAGE] });
  const parsed = schema.safeParse(input ?? {});
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  const field = options.phoneField;
  if (field && !errors[field]) {
    const phone = parsed.success
      ? (parsed.data as Record<string, unknown>)[field]
      : (input as Record<string, unknown> | null | undefined)?.[field];
    if ((phone === null || phone === undefined || phone === '') && (await settings.getMaster()).phone_required) {
      errors[field] = [requiredMessage('phone')];
    } else if (typeof phone === 'string' && phone !== '') {
      const message = await phoneLengthError(settings, normalizePhone(phone));
      if (message) errors[field] = [message];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) throw new FieldErrors(errors);
  return parsed.data;
}

/** The settings' phone length rule (spec section 5: defaults 8 and 16 digits). */
export async function phoneLengthError(settings: SettingsService, digits: string): Promise<Message | null> {
  const master = await settings.getMaster();
  if (digits.length < master.phone_min_length) {
    return msg('The phone must be at least {{min}} digits.', { min: master.phone_min_length });
  }
  if (digits.length > master.phone_max_length) {
    return msg('The phone may not be greater than {{max}} digits.', { max: master.phone_max_length });
  }
  return null;
}
