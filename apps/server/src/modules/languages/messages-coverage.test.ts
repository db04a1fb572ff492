import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Translator } from '../../lib/messages';
import { readTranslationFiles } from './translation-files';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const contractsSrc = path.resolve(serverSrc, '../../../packages/contracts/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A quoted literal with no interpolation: '…', "…" or `…` without ${}. */
const LITERAL = String.raw`'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\x60((?:\\.|[^\x60\\$])*)\x60`;
const unquote = (match: RegExpMatchArray, first: number) =>
  (match[first] ?? match[first + 1] ?? match[first + 2] ?? '').replace(/\\(['"\x60\\])/g, '$1');

/**
 * Helpers of lib/errors.ts whose first argument is a field label (itself a message key): their
 * bodies call `msg(label)`, the one call that may pass a variable.
 */
const LABEL_HELPERS = ['requiredMessage', 'tooLongMessage'];

/**
 * Calls whose key is not in the source: a `label` variable (inside the label helpers, and in the
 * error handler, where the label is the name of a field zod found wrong), and the error handler's
 * "required" message for a missing field. Contract fields name their own messages; these are the
 * fallbacks for those that do not, and their labels come from the contracts' field names.
 */
const allowedDynamic = (helper: string, rest: string) =>
  /^label[,)]/.test(rest) || (helper === 'requiredMessage' && /^fieldLabel\(field\)\)/.test(rest));

/** Every message key the server writes: the literal first argument of `msg(...)` and the label helpers. */
function serverMessageKeys() {
  const keys = new Set<string>();
  const nonLiteral: string[] = [];
  const call = new RegExp(String.raw`(?<!function )\b(msg|${LABEL_HELPERS.join('|')})\(\s*(?:${LITERAL})?`, 'g');
  for (const file of sourceFiles(serverSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) {
      if (match[2] === undefined && match[3] === undefined && match[4] === undefined) {
        const rest = text.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + match[0].length + 20);
        if (!allowedDynamic(match[1] as string, rest))
          nonLiteral.push(`${path.relative(serverSrc, file)}: ${match[0]}${rest}`);
        continue;
      }
      keys.add(unquote(match, 2));
    }
  }
  return { keys, nonLiteral };
}

/** The sentences the contracts' zod schemas answer with (the 422 field errors of requests). */
function contractMessages() {
  const sentences = new Set<string>();
  const templates = new Set<string>();
  const labels = new Set<string>();
  for (const file of sourceFiles(contractsSrc)) {
    // constants.ts holds display texts of the web (currency symbols, demo copy), not messages.
    if (path.basename(file) === 'constants.ts') continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(['"])([A-Z][^'"\n]*[.!?])\1/g)) sentences.add(match[2] as string);
    for (const match of text.matchAll(/`([A-Z][^`\n]*\$\{[^`\n]*[.!?])`/g)) templates.add(match[1] as string);
    // Field helpers take the label first: const requiredText = (field: string, ...), function idParam(label: string)
    const helpers = [...text.matchAll(/(?:const (\w+) = \(|function (\w+)\()(?:field|label): string/g)].map(
      (m) => (m[1] ?? m[2]) as string,
    );
    for (const helper of helpers) {
      for (const m of text.matchAll(new RegExp(String.raw`\b${helper}\(\s*'([^']+)'`, 'g'))) labels.add(m[1] as string);
    }
  }
  return { sentences, templates, labels };
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

/** What the translator could not translate while writing `sentences` in a locale. */
function untranslatedSentences(
  tables: Map<string, Record<string, string>>,
  locale: string,
  sentences: Iterable<string>,
) {
  const missing: string[] = [];
  const translator = new Translator(tables, (_locale, key) => missing.push(key));
  for (const sentence of sentences) translator.sentence(locale, sentence);
  return missing;
}

describe('server message translations', async () => {
  const server = serverMessageKeys();
  const contracts = contractMessages();
  const tables = new Map([
    ['id', await readTranslationFiles('id')],
    ['ar', await readTranslationFiles('ar')],
  ]);

  it('finds the messages of the server and the contracts', () => {
    expect(server.keys.size).toBeGreaterThan(60);
    expect(server.keys).toContain('Product added to favorite');
    expect(server.keys).toContain('The {{field}} field is required.');
    expect(server.keys).toContain('phone');
    expect(contracts.sentences).toContain('The per page must be a number.');
    expect(contracts.templates).toContain(['The ', '{field} field is required.'].join('$'));
    expect(contracts.labels).toContain('address line');
    expect(contracts.labels).toContain('brand id');
  });

  it('passes every message key to msg() as a literal, so this test can see it', () => {
    expect(server.nonLiteral).toEqual([]);
  });

  for (const [locale, table] of tables) {
    it(`has a ${locale} text for every message key of the server, with the same placeholders`, () => {
      const missing = [...server.keys].filter((key) => !table[key]?.trim());
      expect(missing).toEqual([]);
      const mismatched = [...server.keys].filter(
        (key) => table[key] && placeholders(key).join() !== placeholders(table[key]).join(),
      );
      expect(mismatched).toEqual([]);
    });

    it(`has a ${locale} text for every message of the contracts and every field label in them`, () => {
      expect(untranslatedSentences(tables, locale, contracts.sentences)).toEqual([]);
      // A template literal's values are labels (checked below) or numbers: a number stands in for them.
      const samples = [...contracts.templates].map((t) => t.replace(/\$\{[^}]*\}/g, '7'));
      expect(untranslatedSentences(tables, locale, samples)).toEqual([]);
      expect([...contracts.labels].filter((label) => !table[label])).toEqual([]);
    });
  }
});
