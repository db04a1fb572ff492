import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pages } from '../../db/schema/settings';

export async function findActivePage(db: Database, slug: string) {
  const [row] = await db
    .select({ title: pages.title, description: pages.description, translations: pages.translations })
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** Slugs and dates of the pages a sitemap lists. */
export async function findActivePageSlugs(db: Database) {
  return db
    .select({ slug: pages.slug, kind: pages.kind, createdAt: pages.createdAt })
    .from(pages)
    .where(eq(pages.isActive, true))
    .orderBy(asc(pages.id));
}
