import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOADED_ON_FIRST_USE } from '../../scripts/kept-as-imports.mjs';

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
 * Where Drizzle may be used: only repositories touch it, and db/ (client, schema, shared SQL
 * fragments). Tests may too: they set up and check rows directly.
 */
function mayUseDrizzle(file: string): boolean {
  return file.startsWith('src/db/') || file.endsWith('.repository.ts') || isTest(file);
}

const isTest = (file: string) => file.endsWith('.test.ts') || file.startsWith('src/testing/');

function drizzleUsers(files: { file: string; source: string }[]): string[] {
  return files.filter(({ file, source }) => !mayUseDrizzle(file) && importsDrizzle(source)).map(({ file }) => file);
}

/**
 * The files a source imports by relative path (static imports and re-exports, `import type` too,
 * and dynamic `import()`), as paths from the server folder without their extension.
 */
function relativeImports(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  return specifiers.map((spec) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.tsx?$/, ''),
  );
}

/** The module a file belongs to (src/modules/<name>/...), or null. */
const moduleOf = (file: string) => /^src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * Imports of a repository not the module's own (another module's, or a plugin's), as "file ->
 * repository": a module reads and writes its own tables; another module's data comes through that
 * module's service or an event it publishes.
 */
function foreignRepositoryImports(files: { file: string; source: string }[]): string[] {
  return files
    .filter(({ file }) => !isTest(file) && moduleOf(file) !== null)
    .flatMap(({ file, source }) =>
      relativeImports(file, source)
        .filter((target) => target.endsWith('.repository') && moduleOf(`${target}.ts`) !== moduleOf(file))
        .map((target) => `${file} -> ${target}`),
    );
}

/** Imports of modules/ from the layers below them (db/ and lib/), as "file -> module file". */
function layerImportsOfModules(files: { file: string; source: string }[]): string[] {
  return files
    .filter(({ file }) => !isTest(file) && (file.startsWith('src/db/') || file.startsWith('src/lib/')))
    .flatMap(({ file, source }) =>
      relativeImports(file, source)
        .filter((target) => target.startsWith('src/modules/'))
        .map((target) => `${file} -> ${target}`),
    );
}

/**
 * Files (not tests, not lazy-modules.ts) that load one of LOADED_ON_FIRST_USE with a value import, a
 * re-export or `import()`, as "file: package"; `import type` is erased by the compiler and allowed.
 */
function eagerLazyPackageImports(files: { file: string; source: string }[]): string[] {
  return files
    .filter(({ file }) => !isTest(file) && file !== 'src/lib/lazy-modules.ts')
    .flatMap(({ file, source }) =>
      [
        ...source.matchAll(
          /(?:^|[;\n])\s*(import|export)(\s+type\b)?[^;'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g,
        ),
      ]
        .filter((m) => !m[2])
        .map((m) => m[3] ?? m[4] ?? '')
        .filter((spec) => LOADED_ON_FIRST_USE.some((name) => spec === name || spec.startsWith(`${name}/`)))
        .map((spec) => `${file}: ${spec}`),
    );
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

  it('loads the libraries a start never needs only through lib/lazy-modules.ts (issue 31: start within a second)', () => {
    expect(eagerLazyPackageImports(files)).toEqual([]);
  });

  it('finds an eager import of a lazy library in every form, and allows type imports (the check itself works)', () => {
    expect(
      eagerLazyPackageImports([
        { file: 'src/modules/a/a.service.ts', source: "import sharp from 'sharp';" },
        { file: 'src/modules/b/b.service.ts', source: "import { jwtVerify } from 'jose';" },
        { file: 'src/modules/c/c.service.ts', source: "const s3 = await import('@aws-sdk/client-s3');" },
        { file: 'src/lib/d.ts', source: "export { Redis } from 'ioredis';" },
        { file: 'src/lib/e.ts', source: "import {\n  type Stripe,\n  default as S,\n} from 'stripe';" },
        // Allowed: types only, the lazy loader itself, a test, another package.
        { file: 'src/modules/f/f.ts', source: "import type { JWTPayload } from 'jose';" },
        { file: 'src/lib/lazy-modules.ts', source: "export const loadSharp = once(async () => import('sharp'));" },
        { file: 'src/modules/g/g.test.ts', source: "import { S3Client } from '@aws-sdk/client-s3';" },
        { file: 'src/modules/h/h.ts', source: "import { z } from 'zod';" },
      ]),
    ).toEqual([
      'src/modules/a/a.service.ts: sharp',
      'src/modules/b/b.service.ts: jose',
      'src/modules/c/c.service.ts: @aws-sdk/client-s3',
      'src/lib/d.ts: ioredis',
      'src/lib/e.ts: stripe',
    ]);
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

  it('no module imports a repository not its own (a service uses only its own; a repository too)', () => {
    expect(foreignRepositoryImports(files)).toEqual([]);
  });

  it('db/ and lib/ never import modules/ (they are below every module)', () => {
    expect(layerImportsOfModules(files)).toEqual([]);
  });

  it("finds another module's repository in every import form, and allows a module's own (the check itself works)", () => {
    expect(
      foreignRepositoryImports([
        {
          file: 'src/modules/digital/digital.service.ts',
          source: "import { insertPayment } from '../orders/orders.repository';",
        },
        {
          file: 'src/modules/home/home.service.ts',
          source: "import {\n  findPopularProductIds,\n} from '../catalog/catalog.repository';",
        },
        {
          file: 'src/modules/payments/payments.repository.ts',
          source: "import { startDigitalFulfilment } from '../digital/digital.repository';",
        },
        {
          file: 'src/modules/cart/cart.repository.ts',
          source: "import type { ProductCardRow } from '../catalog/catalog.repository';",
        },
        {
          file: 'src/modules/seo/seo.routes.ts',
          source: "const { findSettings } = await import('../settings/settings.repository');",
        },
        {
          file: 'src/modules/checkout/checkout.service.ts',
          source: "import { findKey } from '../../plugins/idempotency.repository';",
        },
        // Allowed: its own repository, shared SQL in db/, another module's service, a test.
        { file: 'src/modules/cart/cart.service.ts', source: "import { findCartLines } from './cart.repository';" },
        {
          file: 'src/modules/products/products.service.ts',
          source: "import { findReviewRows } from './reviews.repository';",
        },
        {
          file: 'src/modules/cart/cart.repository.ts',
          source: "import { priceVariants } from '../../db/queries/listed-products';",
        },
        {
          file: 'src/modules/home/home.service.ts',
          source: "import type { CatalogService } from '../catalog/catalog.service';",
        },
        {
          file: 'src/modules/home/home.test.ts',
          source: "import { saveSetting } from '../settings/settings.repository';",
        },
      ]),
    ).toEqual([
      'src/modules/digital/digital.service.ts -> src/modules/orders/orders.repository',
      'src/modules/home/home.service.ts -> src/modules/catalog/catalog.repository',
      'src/modules/payments/payments.repository.ts -> src/modules/digital/digital.repository',
      'src/modules/cart/cart.repository.ts -> src/modules/catalog/catalog.repository',
      'src/modules/seo/seo.routes.ts -> src/modules/settings/settings.repository',
      'src/modules/checkout/checkout.service.ts -> src/plugins/idempotency.repository',
    ]);
  });

  it('finds modules/ imported from db/ and lib/, and allows what is below them (the check itself works)', () => {
    expect(
      layerImportsOfModules([
        {
          file: 'src/db/seed/seeders/settings.ts',
          source: "import { settingsSchemas } from '../../../modules/settings/settings.values';",
        },
        {
          file: 'src/db/create-operator-cli.ts',
          source: "import { createOperator } from '../modules/operator/create-operator';",
        },
        {
          file: 'src/lib/money.ts',
          source: "import type { CatalogService } from '../modules/catalog/catalog.service';",
        },
        // Allowed: db/ and lib/ among themselves, a test.
        { file: 'src/db/seed/seeders/settings.ts', source: "import { settings } from '../../schema/settings';" },
        { file: 'src/lib/forms.ts', source: "import { FieldErrors } from './errors';" },
        { file: 'src/lib/translation.ts', source: "import type { NameTranslations } from '../db/schema/common';" },
        {
          file: 'src/db/transaction.test.ts',
          source: "import { insertOutboxRow } from '../modules/notifications/notifications.repository';",
        },
      ]),
    ).toEqual([
      'src/db/seed/seeders/settings.ts -> src/modules/settings/settings.values',
      'src/db/create-operator-cli.ts -> src/modules/operator/create-operator',
      'src/lib/money.ts -> src/modules/catalog/catalog.service',
    ]);
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
