import type { NameTranslations } from '../db/schema/common';

/** The name in `locale` when translated, else the English name. */
export function translate(name: string, translations: NameTranslations | null | undefined, locale: string): string {
  const translated = translations?.[locale];
  return translated?.trim() ? translated : name;
}
