import { ApiError } from './api-client';

/**
 * The first message of each field of a 422 reply (the web shows the first
 * message under each field), keyed by field name for react-hook-form's setError.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

/**
 * Puts a failed call's field messages under the form's own fields; returns the messages of fields
 * the form does not have (or the call's message when it named no field), for a form-level alert.
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): string | null {
  const messages = serverFieldErrors(error);
  const rest: string[] = [];
  for (const [field, message] of Object.entries(messages)) {
    if ((fields as readonly string[]).includes(field)) setError(field as F, { type: 'server', message });
    else rest.push(message);
  }
  if (rest.length > 0) return rest.join(' ');
  if (Object.keys(messages).length > 0) return null;
  return error instanceof Error && error.message ? error.message : null;
}
