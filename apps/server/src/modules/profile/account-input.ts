import { normalizePhone } from '@shop/contracts/fields';
import type { z } from 'zod';
import { FieldErrors, requiredMessage } from '../../lib/errors';
import { checkForm } from '../../lib/forms';
import { type Message, msg } from '../../lib/messages';
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
  const checked = checkForm(schema, input);
  const { errors } = checked;
  const field = options.phoneField;
  if (field && !errors[field]) {
    const phone = checked.valid
      ? (checked.value as Record<string, unknown>)[field]
      : (input as Record<string, unknown> | null | undefined)?.[field];
    if ((phone === null || phone === undefined || phone === '') && (await settings.getMaster()).phone_required) {
      errors[field] = [requiredMessage('phone')];
    } else if (typeof phone === 'string' && phone !== '') {
      const message = await phoneLengthError(settings, normalizePhone(phone));
      if (message) errors[field] = [message];
    }
  }
  if (Object.keys(errors).length > 0 || !checked.valid) throw new FieldErrors(errors);
  return checked.value;
}

/** The settings' phone length rule (the spec's defaults: 8 and 16 digits). */
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
