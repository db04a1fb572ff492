import { DEFAULT_LOCALE, LOCALE_COOKIE } from '@shop/contracts/constants';
import type { Language, Translations } from '@shop/contracts/settings';
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

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Set-Cookie value that remembers a language. Not HttpOnly on purpose: the web app writes and
 * reads the same cookie (ADR 0003), and it holds no secret. The server reads it to render the
 * first paint in the chosen language.
 */
export function localeCookie(locale: string, secure: boolean): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
