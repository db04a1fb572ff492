import { randomUUID } from 'node:crypto';
import { uniqueViolation } from '../db/transaction';
import { FieldErrors } from './errors';
import { msg } from './messages';

/**
 * The slug of a name in a URL: lower-case latin letters and digits joined by dashes, at most 60
 * characters. A name in another script has no latin letters and gets `fallback`, so it still has one.
 */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

const SLUG_TAKEN = msg('The slug has already been taken.');

/**
 * A free slug for a page or post: the one asked for must be free (else a field error on `slug`);
 * one made from the title gets a short suffix when taken.
 */
export async function freeSlug(
  taken: (slug: string) => Promise<boolean>,
  asked: string | null,
  title: string,
  fallback: string,
): Promise<string> {
  if (asked) {
    if (await taken(asked)) throw new FieldErrors({ slug: [SLUG_TAKEN] });
    return asked;
  }
  const base = slugOf(title, fallback);
  for (let i = 0; i < 5; i++) {
    const slug = i === 0 ? base : `${base}-${randomUUID().slice(0, 6)}`;
    if (!(await taken(slug))) return slug;
  }
  return `${base}-${randomUUID()}`;
}

/** A slug another write took between the check and the insert: the same field error as the check's. */
export function slugTakenMeanwhile(constraint: string) {
  return (error: unknown): never => {
    if (uniqueViolation(error) === constraint) throw new FieldErrors({ slug: [SLUG_TAKEN] });
    throw error;
  };
}
