import { requiredMessage, tooLongMessage } from './errors';
import { contractMessage, type Message, msg } from './messages';

const fieldLabel = (field: string) => field.replace(/_/g, ' ');

/** How zod's own English messages begin; the contracts' messages never do. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid |Invalid$|Too big: |Too small: |Unrecognized )/;

export interface ZodIssueEntry {
  message?: string;
  params?: { origin?: string; maximum?: unknown; minimum?: unknown };
}

/** A message of ours for a check the contract gave no message of its own. */
function defaultMessage(label: string, keyword: string, params: NonNullable<ZodIssueEntry['params']>): Message {
  const field = msg(label);
  const { origin } = params;
  if (keyword === 'too_big' && (typeof params.maximum === 'number' || typeof params.maximum === 'bigint')) {
    const max = Number(params.maximum);
    if (origin === 'string') return tooLongMessage(label, max);
    if (origin === 'array' || origin === 'set')
      return msg('The {{field}} may not have more than {{max}} items.', { field, max });
    return msg('The {{field}} may not be greater than {{max}}.', { field, max });
  }
  if (keyword === 'too_small' && (typeof params.minimum === 'number' || typeof params.minimum === 'bigint')) {
    const min = Number(params.minimum);
    if (origin === 'string') return msg('The {{field}} must be at least {{min}} characters.', { field, min });
    if (origin === 'array' || origin === 'set')
      return msg('The {{field}} must have at least {{min}} items.', { field, min });
    return msg('The {{field}} must be at least {{min}}.', { field, min });
  }
  return msg('The {{field}} is invalid.', { field });
}

/**
 * What the shopper reads for one failed zod check of a request: the contract's own sentence, or,
 * where the contract named none (zod's default reads like code), "The {field} field is required."
 * and the like. The errors plugin uses it for Fastify's body checks and `issuesToFieldErrors` for
 * bodies checked by hand (multipart forms), so both read the same.
 */
export function zodIssueMessage(field: string, keyword: string, issue: ZodIssueEntry): Message {
  const message = issue.message ?? '';
  if (keyword === 'invalid_type' && /received (undefined|null)$/.test(message)) {
    return requiredMessage(fieldLabel(field));
  }
  if (!ZOD_DEFAULT_MESSAGE.test(message)) return contractMessage(message);
  return defaultMessage(fieldLabel(field), keyword, issue.params ?? {});
}
