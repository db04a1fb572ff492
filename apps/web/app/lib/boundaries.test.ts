import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every module a file names: static imports and re-exports, `import type`, dynamic `import()` and
 * `vi.mock()` (a test that mocks another feature's module depends on it as much as one importing it).
 */
function importedModules(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom|\bimport|\bvi\.mock)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    found.push(match[1] ?? '');
  }
  return found;
}

/** The app-relative path (`features/home/...`) an import names, or null for a package. */
function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(appDir, path.resolve(path.dirname(path.join(appDir, fromFile)), specifier))
    .split(path.sep)
    .join('/');
}

/**
 * The part of the app a file belongs to: `features/<name>`, its top folder (`lib`, `components`,
 * `routes` ...), or itself for a file at the top (the route table `routes.ts` is not `routes/`).
 */
function area(appRelative: string): string {
  const parts = appRelative.split('/');
  if (parts.length === 1) return `${parts[0]} (file)`;
  return parts[0] === 'features' ? `features/${parts[1]}` : (parts[0] ?? '');
}

/**
 * Why an import crosses a boundary (DESIGN section 2), or null when it may: features never import
 * each other (what two share lives in components/ or lib/), and components/ and lib/ never import
 * a feature, a layout or a route. Routes and layouts compose features.
 */
function crossing(fromFile: string, target: string): string | null {
  const from = area(fromFile);
  const to = area(target);
  if (from === to) return null;
  if (from.startsWith('features/') && to.startsWith('features/')) return 'a feature imports another feature';
  if (
    (from === 'components' || from === 'lib') &&
    (to.startsWith('features/') || to === 'layouts' || to === 'routes')
  ) {
    return `${from}/ imports ${to.startsWith('features/') ? 'a feature' : `${to}/`}`;
  }
  return null;
}

function offenders(files: { file: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    for (const specifier of importedModules(source)) {
      const target = resolveImport(file, specifier);
      const reason = target === null ? null : crossing(file, target);
      if (reason) found.push(`${file} -> ${specifier} (${reason})`);
    }
  }
  return found;
}

describe('web boundaries', () => {
  it('no feature imports another, and components/ and lib/ import no feature, layout or route', () => {
    // This file's own examples of crossings are strings, not imports.
    const self = fileURLToPath(import.meta.url);
    const files = sourceFiles(appDir)
      .filter((full) => full !== self)
      .map((full) => ({
        file: path.relative(appDir, full).split(path.sep).join('/'),
        source: readFileSync(full, 'utf8'),
      }));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders(files)).toEqual([]);
  });

  it('finds each kind of crossing, in every import form (the check itself works)', () => {
    const found = offenders([
      {
        file: 'features/home/components/home-page.tsx',
        source: [
          "import { ProductCard } from '../../products/components/product-card';",
          "import type { Shop } from '~/features/shops/api/shops';",
          "export { Stars } from '../../product-details/components/stars';",
          "const lazy = () => import('../../blogs/components/blog-card');",
          "import {\n  Section,\n} from './section-shell';",
          "import { useApi } from '../../../lib/api-context';",
          "import { useQuery } from '@tanstack/react-query';",
        ].join('\n'),
      },
      { file: 'components/ui/price.tsx', source: "import { useMaster } from '../../features/settings/api/master';" },
      { file: 'lib/money.test.ts', source: "vi.mock('../features/settings/use-display-currency', () => ({}));" },
      { file: 'lib/seo.ts', source: "import { meta } from '../routes/home';" },
      { file: 'lib/paths.test.ts', source: "import routes from '../routes';" },
      { file: 'routes/home.tsx', source: "import { HomePage } from '../features/home/components/home-page';" },
      {
        file: 'layouts/site-chrome.tsx',
        source: "import { SiteHeader } from '~/features/layout/components/site-header';",
      },
    ]);
    expect(found).toEqual([
      'features/home/components/home-page.tsx -> ../../products/components/product-card (a feature imports another feature)',
      'features/home/components/home-page.tsx -> ~/features/shops/api/shops (a feature imports another feature)',
      'features/home/components/home-page.tsx -> ../../product-details/components/stars (a feature imports another feature)',
      'features/home/components/home-page.tsx -> ../../blogs/components/blog-card (a feature imports another feature)',
      'components/ui/price.tsx -> ../../features/settings/api/master (components/ imports a feature)',
      'lib/money.test.ts -> ../features/settings/use-display-currency (lib/ imports a feature)',
      'lib/seo.ts -> ../routes/home (lib/ imports routes/)',
    ]);
  });
});
