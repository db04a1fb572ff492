/**
 * Values of a message's {{placeholders}}: numbers and text go in as they are, a message (a field
 * label, a waiting time) is translated too.
 */
export type MessageParams = Readonly<Record<string, string | number | Message>>;

/**
 * What a reply tells the shopper: an English key, which is also the English text (ADR 0002), and
 * the values of its {{placeholders}}. Services make them with `msg` and never see the request;
 * the reply is written in the request's language when it is sent (plugins/errors.ts for errors,
 * plugins/i18n.ts for the `ok` envelope).
 */
export interface Message {
  readonly key: string;
  readonly params?: MessageParams;
  /** A sentence the contracts wrote out in English; see `Translator.sentence`. */
  readonly written?: true;
}

/**
 * The one way to write a message: `msg('The {{field}} field is required.', { field: msg('phone') })`.
 * The key must be a literal so the translations test can find it in the source.
 */
export function msg(key: string, params?: MessageParams): Message {
  return params ? { key, params } : { key };
}

/** A zod message of the contracts (the web shows those as they are, so they hold no placeholders). */
export function contractMessage(text: string): Message {
  return { key: text, written: true };
}

export type TranslationTable = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const NUMBER = /^-?\d+(\.\d+)?$/;

function fill(text: string, params: MessageParams | undefined, translateValue: (value: Message) => string): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? translateValue(value) : String(value);
  });
}

/** The English text of a message (for logs and `Error.message`). */
export function english(message: Message): string {
  return fill(message.key, message.params, english);
}

/** "3 days", "23 hours", "15 minutes", "1 second": how long to wait, for limit messages. */
export function waitMessage(seconds: number): Message {
  if (seconds >= 172_800) return msg('{{count}} days', { count: Math.ceil(seconds / 86_400) });
  if (seconds >= 7200) return msg('{{count}} hours', { count: Math.ceil(seconds / 3600) });
  if (seconds > 60) {
    const minutes = Math.ceil(seconds / 60);
    return minutes === 1 ? msg('1 minute') : msg('{{count}} minutes', { count: minutes });
  }
  const s = Math.max(1, Math.ceil(seconds));
  return s === 1 ? msg('1 second') : msg('{{count}} seconds', { count: s });
}

interface Template {
  pattern: RegExp;
  names: string[];
  key: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A key with placeholders as a pattern that matches the sentences made from it. */
function templateOf(key: string): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(key.slice(last, match.index));
    const name = match[1] as string;
    source += names.includes(name) ? `\\k<${name}>` : `(?<${name}>.+?)`;
    if (!names.includes(name)) names.push(name);
    last = match.index + match[0].length;
  }
  source += escapeRegExp(key.slice(last));
  return { pattern: new RegExp(`^${source}$`, 's'), names, key };
}

/**
 * Writes messages in a language, from the merged translation files of each locale. A key with no
 * translation falls back to English and is reported once per locale (`onMissing`), so a gap
 * shows in the log instead of failing the reply.
 */
export class Translator {
  private readonly templates = new Map<string, Template[]>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly tables: ReadonlyMap<string, TranslationTable>,
    private readonly onMissing: (locale: string, key: string) => void = () => {},
  ) {}

  /** English needs no table: its keys are the text. */
  private table(locale: string): TranslationTable | undefined {
    return locale === 'en' ? undefined : (this.tables.get(locale) ?? {});
  }

  private lookup(locale: string, table: TranslationTable, key: string): string {
    const text = table[key];
    if (text) return text;
    const id = `${locale}|${key}`;
    if (!this.reported.has(id) && this.reported.size < 10_000) {
      this.reported.add(id);
      this.onMissing(locale, key);
    }
    return key;
  }

  text(locale: string, message: Message): string {
    const table = this.table(locale);
    if (!table) return english(message);
    if (message.written) return this.sentence(locale, message.key);
    return fill(this.lookup(locale, table, message.key), message.params, (value) => this.text(locale, value));
  }

  /**
   * A sentence someone already wrote out in English: the contracts' zod messages, which the web
   * also shows as they are in its own forms, so they cannot carry keys. An exact key is used as
   * is; otherwise the key with placeholders it was made from ("The per page must be a number."
   * from "The {{field}} must be a number."), with each value translated as a key itself (the field
   * label) and numbers kept.
   */
  sentence(locale: string, text: string): string {
    const table = this.table(locale);
    if (!table) return text;
    if (table[text]) return table[text];
    for (const template of this.templatesOf(locale, table)) {
      const match = template.pattern.exec(text);
      if (!match?.groups) continue;
      const groups = match.groups;
      const params = Object.fromEntries(
        template.names.map((name) => {
          const value = groups[name] ?? '';
          return [name, NUMBER.test(value) ? value : this.lookup(locale, table, value)];
        }),
      );
      return fill(table[template.key] as string, params, english);
    }
    return this.lookup(locale, table, text);
  }

  /** Longest literal text first, so "The {{field}} field is required." wins over "The {{field}} {{rest}}". */
  private templatesOf(locale: string, table: TranslationTable): Template[] {
    let list = this.templates.get(locale);
    if (!list) {
      list = Object.keys(table)
        .filter((key) => key.includes('{{'))
        .map(templateOf)
        .sort((a, b) => b.key.replace(PLACEHOLDER, '').length - a.key.replace(PLACEHOLDER, '').length);
      this.templates.set(locale, list);
    }
    return list;
  }
}
