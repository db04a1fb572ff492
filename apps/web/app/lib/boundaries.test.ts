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
 * The layers of the app, lowest first. A file imports its own layer or a lower one: routes compose
 * layouts, features and entities; layouts wire features together; a feature is one screen's worth of
 * behaviour; an entity is the code of one domain several features share (its calls, store, small
 * components); components/ (primitives) and lib/ (the API client, i18n, money, paths ...) are below
 * them all, with testing/ (fixtures for tests).
 */
const LAYER_RANK: Record<string, number> = {
  lib: 0,
  components: 0,
  testing: 0,
  entities: 1,
  features: 2,
  layouts: 3,
  routes: 4,
};

/**
 * The files at the top of the app: root.tsx and the two entries sit above every layer; the route
 * table routes.ts names route files only as strings, so any layer (lib/paths.test.ts) may read it.
 */
const TOP_FILE_RANK: Record<string, number> = {
  'root (file)': 5,
  'entry.server (file)': 5,
  'entry.client (file)': 5,
  'routes (file)': -1,
};

/**
 * The imports one entity may make of another, each with its reason; any other is a crossing, so
 * shared code moves down to components/ or lib/ instead.
 */
const ENTITY_IMPORTS_ALLOWED: Record<string, string> = {
  'entities/product -> entities/cart': "a product card carries the cart's add button",
  'entities/product -> entities/wishlist': "a product card carries the wishlist's heart",
};

/**
 * The part of the app a file belongs to: `features/<name>`, `entities/<name>`, its top folder
 * (`lib`, `components`, `routes` ...), or itself for a file at the top (`routes.ts` is not `routes/`).
 */
function area(appRelative: string): string {
  const parts = appRelative.split('/');
  if (parts.length === 1) return `${(parts[0] ?? '').replace(/\.tsx?$/, '')} (file)`;
  return parts[0] === 'features' || parts[0] === 'entities' ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
}

/** The layer an area is in: its top folder, or the file at the top. */
const layerOf = (areaName: string) => (areaName.endsWith(' (file)') ? areaName : (areaName.split('/')[0] ?? ''));

/** The rank of a layer, or undefined for a folder that is no layer. */
const rankOf = (layer: string): number | undefined => LAYER_RANK[layer] ?? TOP_FILE_RANK[layer];

/** How a crossing names a layer: "a feature", "an entity", "layouts/" ... */
function named(layer: string): string {
  if (layer === 'features') return 'a feature';
  if (layer === 'entities') return 'an entity';
  return TOP_FILE_RANK[layer] === undefined ? `${layer}/` : layer;
}

/**
 * Why an import crosses a boundary, or null when it may: a lower layer never imports a higher one,
 * features never import each other, and entities never import each other but for the pairs of
 * ENTITY_IMPORTS_ALLOWED.
 */
function crossing(fromFile: string, target: string): string | null {
  const from = area(fromFile);
  const to = area(target);
  if (from === to) return null;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (fromLayer === 'features' && toLayer === 'features') return 'a feature imports another feature';
  if (fromLayer === 'entities' && toLayer === 'entities') {
    return `${from} -> ${to}` in ENTITY_IMPORTS_ALLOWED ? null : 'an entity imports another entity';
  }
  const fromRank = rankOf(fromLayer);
  const toRank = rankOf(toLayer);
  if (fromRank === undefined || toRank === undefined || toRank <= fromRank) return null;
  return `${named(fromLayer)} imports ${named(toLayer)}`;
}

/** The files in a folder that is no layer (a new top folder must take its place in LAYER_RANK). */
function outsideTheLayers(files: { file: string }[]): string[] {
  return files.map(({ file }) => file).filter((file) => rankOf(layerOf(area(file))) === undefined);
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
  // This file's own examples of crossings are strings, not imports.
  const self = fileURLToPath(import.meta.url);
  const files = sourceFiles(appDir)
    .filter((full) => full !== self)
    .map((full) => ({
      file: path.relative(appDir, full).split(path.sep).join('/'),
      source: readFileSync(full, 'utf8'),
    }));

  it('no layer imports a higher one (routes -> layouts -> features -> entities -> components/lib), no feature imports another, no entity another but the allowed', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(offenders(files)).toEqual([]);
  });

  it('every file sits in a layer', () => {
    expect(outsideTheLayers(files)).toEqual([]);
  });

  it('each allowed import of one entity by another is still made (the list says what the code needs)', () => {
    const made = new Set(
      files.flatMap(({ file, source }) =>
        importedModules(source).flatMap((specifier) => {
          const target = resolveImport(file, specifier);
          return target === null ? [] : [`${area(file)} -> ${area(target)}`];
        }),
      ),
    );
    expect(Object.keys(ENTITY_IMPORTS_ALLOWED).filter((pair) => !made.has(pair))).toEqual([]);
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
  it('finds a lower layer importing a higher one, and allows every import downwards (the check itself works)', () => {
    const found = offenders([
      {
        file: 'entities/cart/api/cart.ts',
        source: "import { useAuthStore } from '../../../features/auth/stores/auth-store';",
      },
      {
        file: 'entities/order/components/order-money-summary.tsx',
        source: "import { x } from '~/layouts/account-layout';",
      },
      {
        file: 'entities/shop/components/shop-card.tsx',
        source: "import { meta } from '../../../routes/storefront/shops';",
      },
      {
        file: 'features/cart/components/cart-drawer.tsx',
        source: "import { WithChat } from '../../../layouts/with-chat';",
      },
      {
        file: 'features/orders/order-tabs.ts',
        source: "import type { Route } from '../../routes/account/order-history';",
      },
      { file: 'layouts/public-layout.tsx', source: "import Home from '../routes/storefront/home';" },
      { file: 'components/ui/price.tsx', source: "import type { Cart } from '../../entities/cart/api/cart';" },
      { file: 'lib/paths.ts', source: "const card = () => import('../entities/product/components/product-card');" },
      { file: 'testing/fixtures.ts', source: "import type { Shop } from '../entities/shop/api/shops';" },
      { file: 'lib/seo.ts', source: "import { App } from '../root';" },
      // Allowed: each layer importing its own or a lower one, the top files, and the route table read as data.
      {
        file: 'routes/seller-centre/dashboard.tsx',
        source: "import { useSellerShop } from '../../layouts/seller-centre-layout';",
      },
      {
        file: 'routes/storefront/home.tsx',
        source: "import { HomePage } from '../../features/home/components/home-page';",
      },
      {
        file: 'routes/account/wishlist.tsx',
        source: "import { ProductCard } from '../../entities/product/components/product-card';",
      },
      {
        file: 'layouts/with-cart.tsx',
        source: "import { CartProvider } from '../features/cart/components/cart-provider';",
      },
      {
        file: 'layouts/site-chrome.tsx',
        source: "import { useMenuCategories } from '../entities/category/api/categories';",
      },
      {
        file: 'features/cart/components/cart-line.tsx',
        source: "import { changeCartLine } from '../../../entities/cart/api/cart';",
      },
      { file: 'entities/cart/api/cart.ts', source: "import type { ApiClient } from '../../../lib/api-client';" },
      {
        file: 'entities/chat/components/chat-thread-view.tsx',
        source: "import { Avatar } from '../../../components/ui/avatar';",
      },
      { file: 'lib/page-loading.ts', source: "import { PAGE_PLACEHOLDER } from '../components/ui/pagination';" },
      { file: 'components/ui/pagination-look.ts', source: "import { useT } from '../../lib/i18n';" },
      { file: 'root.tsx', source: "import { WithChat } from './layouts/with-chat';" },
      { file: 'lib/paths.test.ts', source: "import routes from '../routes';" },
    ]);
    expect(found).toEqual([
      'entities/cart/api/cart.ts -> ../../../features/auth/stores/auth-store (an entity imports a feature)',
      'entities/order/components/order-money-summary.tsx -> ~/layouts/account-layout (an entity imports layouts/)',
      'entities/shop/components/shop-card.tsx -> ../../../routes/storefront/shops (an entity imports routes/)',
      'features/cart/components/cart-drawer.tsx -> ../../../layouts/with-chat (a feature imports layouts/)',
      'features/orders/order-tabs.ts -> ../../routes/account/order-history (a feature imports routes/)',
      'layouts/public-layout.tsx -> ../routes/storefront/home (layouts/ imports routes/)',
      'components/ui/price.tsx -> ../../entities/cart/api/cart (components/ imports an entity)',
      'lib/paths.ts -> ../entities/product/components/product-card (lib/ imports an entity)',
      'testing/fixtures.ts -> ../entities/shop/api/shops (testing/ imports an entity)',
      'lib/seo.ts -> ../root (lib/ imports root (file))',
    ]);
  });

  it('finds an entity importing another, and allows only the listed pairs, one way (the check itself works)', () => {
    const found = offenders([
      {
        file: 'entities/cart/api/cart.ts',
        source: "import type { ProductCard } from '../../product/components/product-card';",
      },
      { file: 'entities/order/payment-state.ts', source: "import type { Cart } from '~/entities/cart/api/cart';" },
      { file: 'entities/wishlist/components/wishlist-control.tsx', source: "vi.mock('../../product/api/products');" },
      // Allowed: the pairs of ENTITY_IMPORTS_ALLOWED, and an entity's own files.
      {
        file: 'entities/product/components/product-card.tsx',
        source: "import { useCartControl } from '../../cart/components/cart-control';",
      },
      {
        file: 'entities/product/components/product-card.tsx',
        source: "import { useWishlisted } from '../../wishlist/components/wishlist-control';",
      },
      { file: 'entities/product/components/product-grid.tsx', source: "import { ProductCard } from './product-card';" },
      {
        file: 'entities/cart/components/cart-control.tsx',
        source: "import { readCartSelectionCookie } from '../stores/cart-selection';",
      },
    ]);
    expect(found).toEqual([
      'entities/cart/api/cart.ts -> ../../product/components/product-card (an entity imports another entity)',
      'entities/order/payment-state.ts -> ~/entities/cart/api/cart (an entity imports another entity)',
      'entities/wishlist/components/wishlist-control.tsx -> ../../product/api/products (an entity imports another entity)',
    ]);
  });

  it('finds a file in a folder that is no layer (the check itself works)', () => {
    expect(
      outsideTheLayers([
        { file: 'widgets/cart-summary.tsx' },
        { file: 'shared/api.ts' },
        { file: 'entities/cart/api/cart.ts' },
        { file: 'routes/storefront/home.tsx' },
        { file: 'root.tsx' },
        { file: 'routes.ts' },
        { file: 'entry.server.tsx' },
        { file: 'testing/fixtures.ts' },
      ]),
    ).toEqual(['widgets/cart-summary.tsx', 'shared/api.ts']);
  });
});
