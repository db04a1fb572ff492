import { z } from 'zod';
import { notFound } from './errors';

/** A path id that is not a positive integer names nothing: 404, like an unknown one. */
export const pathIdSchema = z.object({ id: z.string().max(12) });

export function parsePathId(id: string): number {
  if (!/^[1-9]\d{0,8}$/.test(id)) throw notFound();
  return Number(id);
}
