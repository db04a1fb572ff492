import { z } from 'zod';
import { notFound } from './errors';
import type { Message } from './messages';

/** A path id that is not a positive integer names nothing: 404, like an unknown one. */
export const pathIdSchema = z.object({ id: z.string().max(12) });

/** The id a path value names, or null when it is not a positive integer of at most 9 digits. */
export function pathIdOrNull(id: string): number | null {
  return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}

/** The id a path value names; anything else names nothing: 404, with the resource's own message when given. */
export function parsePathId(id: string, missing?: Message): number {
  const parsed = pathIdOrNull(id);
  if (parsed === null) throw notFound(missing);
  return parsed;
}
