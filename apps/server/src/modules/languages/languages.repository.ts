import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { languages } from '../../db/schema/settings';

export async function findActiveLanguages(db: Database) {
  return db
    .select({
      id: languages.id,
      name: languages.name,
      title: languages.title,
      direction: languages.direction,
      isDefault: languages.isDefault,
    })
    .from(languages)
    .where(eq(languages.isActive, true))
    .orderBy(asc(languages.position), asc(languages.id));
}
export type LanguageRow = Awaited<ReturnType<typeof findActiveLanguages>>[number];
