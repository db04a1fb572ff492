import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Files outside repositories and db/ that import Drizzle today: every one is a test that reads or
 * writes rows directly to set up or check its case. To be moved by the server restructure (behind
 * repositories or the testing/ helpers); an entry that no longer imports Drizzle must leave.
 */
const ALLOWED = new Set([
  'src/modules/addresses/addresses.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/auth/otp.test.ts',
  'src/modules/auth/sessions.test.ts',
  'src/modules/blogs/blogs.test.ts',
  'src/modules/catalog/catalog.test.ts',
  'src/modules/catalog/catalogue-changes.test.ts',
  'src/modules/flash-sales/flash-sales.test.ts',
  'src/modules/home/home-cache.test.ts',
  'src/modules/home/home.test.ts',
  'src/modules/languages/languages.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/pages/pages.test.ts',
  'src/modules/products/products-cache.test.ts',
  'src/modules/products/products.test.ts',
  'src/modules/profile/profile.test.ts',
  'src/modules/provinces/provinces.test.ts',
  'src/modules/seo/seo.test.ts',
  'src/modules/settings/settings.test.ts',
  'src/modules/shops/shops.test.ts',
  'src/modules/social-auth/social-auth.test.ts',
  'src/modules/support/support.test.ts',
  'src/modules/wishlist/wishlist.test.ts',
]);

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

/** Where Drizzle may be used (DESIGN section 2: only repositories touch Drizzle; db/ holds client and schema). */
function mayUseDrizzle(file: string): boolean {
  return file.startsWith('src/db/') || file.endsWith('.repository.ts');
}

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

  it('only repositories and db/ import Drizzle (besides the listed files waiting to move)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(drizzleUsers(files).filter((file) => !ALLOWED.has(file))).toEqual([]);
  });

  it('lists no file that has stopped importing Drizzle, so the list only shrinks', () => {
    const users = new Set(drizzleUsers(files));
    expect([...ALLOWED].filter((file) => !users.has(file))).toEqual([]);
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
      ]),
    ).toEqual([
      'src/modules/shops/shops.service.ts',
      'src/modules/shops/shops.routes.ts',
      'src/plugins/auth.ts',
      'src/lib/paging.ts',
    ]);
  });
});
