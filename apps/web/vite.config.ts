import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The libraries every page runs (the root route needs them all). Not zod: replies are checked
 * against contracts loaded with the first reply, and zod comes with them. Not TanStack Table
 * (46 KB): only the Seller Centre's and the operator's tables use it.
 */
const CORE_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream|@tanstack[\\/](?:query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements|zustand|use-sync-external-store)[\\/]/;
/**
 * The app's own code that the root and the page layouts share: lib/, the primitives, the layouts,
 * and of the entities their calls, stores and rules (the files at an entity's top) and the cart and
 * wishlist controls every product card uses.
 */
const SHARED_APP_CODE =
  /[\\/]apps[\\/]web[\\/]app[\\/](?:(?:lib|components[\\/]ui|components[\\/]seo|features[\\/]settings|layouts|entities[\\/][^\\/]+[\\/](?:api|stores)|entities[\\/](?:cart|wishlist)[\\/]components)[\\/]|entities[\\/][^\\/]+[\\/][^\\/]+\.ts$)/;

/**
 * Writes `.br` and `.gz` copies of the fingerprinted client assets, compressed once at the highest
 * levels, which the server sends as they are (@fastify/static preCompressed). Compressing per
 * request must stay fast (brotli 4); done ahead it is ~15% smaller and costs no CPU per visit.
 */
function precompressAssets() {
  return {
    name: 'shop:precompress-assets',
    apply: 'build' as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    writeBundle(options: { dir?: string }) {
      if (!options.dir) return;
      const assets = path.join(options.dir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(assets, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        writeFileSync(`${file}.br`, brotli);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// A plain object rather than defineConfig(): the workspace hoists two Vite majors (Vitest's and
// ours) and their plugin types disagree, while the config itself is the same for both.
export default {
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: {
    // Same alias as tsconfig "paths", so `~/...` imports work in the app and in Vitest.
    alias: { '~': path.join(root, 'app') },
  },
  ssr: {
    // The server build bundles the packages it uses (and @shop/contracts, TypeScript sources): the
    // server parses one tree-shaken file at start instead of hundreds of node_modules files
    // (Headless UI with react-aria alone: ~220 files, 0.25 s). Not the packages the server itself
    // imports: React Router must be the one instance the server hands requests to, and React, its
    // DOM renderer and zod are loaded once for both.
    noExternal: true,
    external: ['react', 'react-dom', 'react-router', '@react-router/node', 'zod'],
  },
  build: {
    rolldownOptions: {
      output: {
        // Left alone, every page starts ~30 small scripts; on a phone (HTTP/1.1, 6 connections,
        // high latency) the queue, not the bytes, delays the first paint. Two shared chunks
        // (libraries, app shell) plus the page's own code keep that to a handful.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: CORE_PACKAGES, priority: 2 },
            { name: 'shell', test: SHARED_APP_CODE, priority: 1, minShareCount: 2 },
          ],
        },
      },
    },
  },
};
