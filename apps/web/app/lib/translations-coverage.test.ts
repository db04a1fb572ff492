import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.resolve(appDir, '../../server/src/modules/languages/locales');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Every literal key of `t('…')` / `t("…")` in the web app. */
function literalKeys(): Set<string> {
  const keys = new Set<string>();
  const pattern = /\bt\(\s*(['"])((?:\\.|(?!\1).)+)\1/g;
  for (const file of sourceFiles(appDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) keys.add(match[2]!.replace(/\\(['"])/g, '$1'));
  }
  return keys;
}

function strings(locale: string): Record<string, string> {
  const dir = path.join(localesDir, locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>),
  );
}

describe('interface translations', () => {
  const keys = literalKeys();

  it('finds the keys of the web app', () => {
    expect(keys.size).toBeGreaterThan(50);
    expect(keys.has('Become a Seller')).toBe(true);
  });

  for (const locale of ['id', 'ar']) {
    it(`has a non-empty ${locale} text for every key the web app shows`, () => {
      const table = strings(locale);
      const missing = [...keys].filter((key) => !table[key]?.trim());
      expect(missing).toEqual([]);
    });
  }
});
