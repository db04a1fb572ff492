import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Contract modules that build zod schemas when they are evaluated (constants.ts builds none), and
 * zod itself (kept out of the scripts every page starts with; it comes with the first contract).
 */
const SCHEMA_MODULES =
  /^(@shop\/contracts\/(account|auth|catalog|chat|content|digital|envelope|errors|products|settings|shops)|zod)$/;

/**
 * Files of one page each that may import values from those modules (their forms check input with
 * the contract's schema, or they read a constant kept beside its schema). Anything shared by every
 * page (root, layouts, header, API modules) must not: one such import builds the whole module's
 * schemas while every page starts.
 */
const ALLOWED = new Set([
  'features/account/api/account.ts',
  'features/account/components/change-password-form.tsx',
  'features/account/components/profile-form.tsx',
  'features/addresses/api/addresses.ts',
  'features/addresses/components/address-form.tsx',
  'features/blogs/api/blogs.ts',
  'features/blogs/components/blogs-page.tsx',
  'features/contact/components/contact-form.tsx',
  // The back office's forms (operator pages only: the storefront never loads them).
  'features/operator/components/banners-page.tsx',
  'features/operator/components/blogs-admin-page.tsx',
  'features/operator/components/content-pages-page.tsx',
  'features/operator/components/content-texts.tsx',
  'features/operator/components/delivery-tax-page.tsx',
  'features/operator/components/flash-sale-form.tsx',
  'features/operator/components/orders-page.tsx',
  'features/operator/components/product-approvals-page.tsx',
  'features/operator/components/shops-page.tsx',
  'features/operator/components/text-action-dialog.tsx',
  'features/operator/components/vouchers-page.tsx',
  'features/operator/components/withdrawals-page.tsx',
  'features/seller-products/components/product-editor-page.tsx',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The names a file imports as values (not `import type`, not `type X` members) from each module. */
function valueImports(source: string): { module: string; names: string[] }[] {
  const found: { module: string; names: string[] }[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (match[1]) continue;
    const names = (match[2] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    if (names.length > 0) found.push({ module: match[3] ?? '', names });
  }
  for (const match of source.matchAll(/import\s+(\*\s+as\s+\w+|\w+)\s+from\s+'([^']+)'/g)) {
    found.push({ module: match[2] ?? '', names: [match[1] ?? ''] });
  }
  return found;
}

it('loads reply contracts lazily: no shared code imports a value from zod or a schema-building contract module', () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(appDir)) {
    const relative = path.relative(appDir, file).split(path.sep).join('/');
    if (ALLOWED.has(relative)) continue;
    for (const { module, names } of valueImports(readFileSync(file, 'utf8'))) {
      if (SCHEMA_MODULES.test(module)) offenders.push(`${relative}: ${names.join(', ')} from ${module}`);
    }
  }
  expect(offenders).toEqual([]);
});

it('finds such an import, multi-line ones included (the check itself works)', () => {
  const source =
    "import {\n  type Master,\n  masterReplySchema,\n} from '@shop/contracts/settings';\nimport type { Home } from '@shop/contracts/catalog';";
  const imports = valueImports(source).filter(({ module }) => SCHEMA_MODULES.test(module));
  expect(imports).toEqual([{ module: '@shop/contracts/settings', names: ['masterReplySchema'] }]);
});
