import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverRoot } from '../../paths';

/** locales/<locale>/<feature>.json, one file per feature so parallel work never conflicts (ADR 0002). */
export const localesDir = path.join(serverRoot, 'src/modules/languages/locales');

/**
 * Merges every JSON file of a locale folder into one flat map. Files are read in name order so a
 * key defined twice resolves the same way on every machine. A missing folder is an empty map:
 * English needs no file because its keys are the English text.
 */
export async function readTranslationFiles(locale: string, dir = localesDir): Promise<Record<string, string>> {
  const folder = path.join(dir, locale);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith('.json')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const merged: Record<string, string> = {};
  for (const name of names) {
    const file = path.join(folder, name);
    const content: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof content !== 'object' || content === null || Array.isArray(content)) {
      throw new Error(`${file}: a translation file must be one flat JSON object`);
    }
    for (const [key, value] of Object.entries(content)) {
      if (typeof value !== 'string') throw new Error(`${file}: the value of "${key}" must be a string`);
      merged[key] = value;
    }
  }
  return merged;
}

/** Every locale folder's merged strings, read once at start-up for the reply messages. */
export async function readAllTranslationFiles(dir = localesDir): Promise<Map<string, Record<string, string>>> {
  const entries = await readdir(dir, { withFileTypes: true });
  const locales = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  return new Map(await Promise.all(locales.map(async (l) => [l, await readTranslationFiles(l, dir)] as const)));
}
