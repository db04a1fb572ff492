import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import type { Language, Translations } from '@shop/contracts/settings';
import type { AppDeps } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { FieldErrors, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { TtlCache } from '../../lib/ttl-cache';
import { findActiveLanguages, type LanguageRow } from './languages.repository';
import { readTranslationFiles } from './translation-files';

/** Short, so a language switched on or off in another process shows up quickly. */
const LANGUAGES_TTL_MS = 5_000;

export class LanguagesService {
  private readonly languages: TtlCache<LanguageRow[]>;
  /** The files ship with the release and never change while the process runs. */
  private readonly files = new Map<string, Promise<Translations>>();

  constructor(database: DatabaseHandle) {
    this.languages = new TtlCache(LANGUAGES_TTL_MS, () => findActiveLanguages(database.db));
  }

  async active(): Promise<Language[]> {
    const rows = await this.languages.get();
    return rows.map(({ id, name, title, direction }) => ({ id, name, title, direction }));
  }

  /** The locale codes Accept-Language may pick from; English is always understood. */
  async activeCodes(): Promise<string[]> {
    const codes = (await this.languages.get()).map((l) => l.name);
    return codes.includes(DEFAULT_LOCALE) ? codes : [...codes, DEFAULT_LOCALE];
  }

  async defaultLocale(): Promise<string> {
    const rows = await this.languages.get();
    return rows.find((l) => l.isDefault)?.name ?? DEFAULT_LOCALE;
  }

  private async findActive(code: string) {
    const wanted = code.toLowerCase();
    return (await this.languages.get()).find((l) => l.name.toLowerCase() === wanted);
  }

  /** The flat interface strings of an active language; 404 for any other code. */
  async translations(code: string): Promise<Translations> {
    const language = await this.findActive(code);
    if (!language) throw notFound(msg('The language "{{code}}" is not available.', { code }));
    let pending = this.files.get(language.name);
    if (!pending) {
      pending = readTranslationFiles(language.name);
      this.files.set(language.name, pending);
      pending.catch(() => this.files.delete(language.name));
    }
    return pending;
  }

  /** Checks a language switch; a code that is not an active language is a field error. */
  async change(code: string): Promise<{ locale: string; direction: 'ltr' | 'rtl' }> {
    const language = await this.findActive(code);
    if (!language) throw new FieldErrors({ language: [msg('The selected language is invalid.')] });
    return { locale: language.name, direction: language.direction };
  }

  clearCache() {
    this.languages.clear();
  }
}

const services = new WeakMap<DatabaseHandle, LanguagesService>();

/** One service per database, shared by the i18n plugin and the routes so they share one cache. */
export function languagesService(deps: Pick<AppDeps, 'database'>): LanguagesService {
  let service = services.get(deps.database);
  if (!service) {
    service = new LanguagesService(deps.database);
    services.set(deps.database, service);
  }
  return service;
}
