import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [full] : [];
  });
}

/** Static imports and re-exports (`import type` too), dynamic `import()` and `vi.mock()` of Drizzle or a subpath. */
function importsDrizzle(source: string): boolean {
  return /(?:\bfrom|\bimport|\bvi\.mock)\s*\(?\s*['"]drizzle-orm(?:\/[^'"]*)?['"]/.test(source);
}

/**
 * Where Drizzle may be used (DESIGN section 2: only repositories touch Drizzle; db/ holds client
 * and schema). Tests may too: they set up and check rows directly.
 */
function mayUseDrizzle(file: string): boolean {
  return file.startsWith('src/db/') || file.endsWith('.repository.ts') || isTest(file);
}

const isTest = (file: string) => file.endsWith('.test.ts') || file.startsWith('src/testing/');

function drizzleUsers(files: { file: string; source: string }[]): string[] {
  return files.filter(({ file, source }) => !mayUseDrizzle(file) && importsDrizzle(source)).map(({ file }) => file);
}

describe('server boundaries', () => {
  // This file's own examples are strings, not imports.
  const self = fileURLToPath(import.meta.url);
  const files = sourceFiles(path.join(serverDir, 'src'))
    .filter((full) => full !== self)
    .map((full) => ({
      file: path.relative(serverDir, full).split(path.sep).join('/'),
      source: readFileSync(full, 'utf8'),
    }));

  it('only repositories, db/ and tests import Drizzle', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(drizzleUsers(files)).toEqual([]);
  });

  it('no module or plugin imports app.ts: they take the composition root types from deps.ts', () => {
    const importsApp = /from\s+['"](?:\.\.\/)+app['"]/;
    const offenders = files
      .filter(({ file }) => file.startsWith('src/modules/') || file.startsWith('src/plugins/'))
      .filter(({ source }) => importsApp.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    expect(importsApp.test("import type { AppDeps } from '../../app';")).toBe(true);
  });

  it('services are built only by the composition root (services.ts), never by each other', () => {
    const buildsService = /\bnew\s+[A-Z]\w*Service\s*\(/;
    const offenders = files
      .filter(({ file }) => !isTest(file) && file !== 'src/services.ts')
      .filter(({ source }) => buildsService.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    expect(files.find(({ file }) => file === 'src/services.ts')?.source).toMatch(buildsService);
  });

  it('finds Drizzle in every import form and allows it only where it belongs (the check itself works)', () => {
    expect(
      drizzleUsers([
        { file: 'src/modules/shops/shops.service.ts', source: "import { eq } from 'drizzle-orm';" },
        {
          file: 'src/modules/shops/shops.routes.ts',
          source: "import type { AnyPgColumn } from 'drizzle-orm/pg-core';",
        },
        { file: 'src/plugins/auth.ts', source: "const { sql } = await import('drizzle-orm');" },
        { file: 'src/lib/paging.ts', source: 'import {\n  and,\n  eq,\n} from "drizzle-orm";' },
        { file: 'src/modules/shops/shops.repository.ts', source: "import { eq } from 'drizzle-orm';" },
        { file: 'src/db/schema/shops.ts', source: "import { pgTable } from 'drizzle-orm/pg-core';" },
        { file: 'src/lib/money.ts', source: "import { z } from 'zod'; // not drizzle-orm" },
        { file: 'src/modules/shops/shops.test.ts', source: "import { eq } from 'drizzle-orm';" },
      ]),
    ).toEqual([
      'src/modules/shops/shops.service.ts',
      'src/modules/shops/shops.routes.ts',
      'src/plugins/auth.ts',
      'src/lib/paging.ts',
    ]);
  });
});
