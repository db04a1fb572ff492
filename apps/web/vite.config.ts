import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The libraries every page runs (the root route needs them all). */
const CORE_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|zustand|use-sync-external-store|zod)[\\/]/;
/** The app's own code that the root and the page layouts share. */
const SHARED_APP_CODE =
  /[\\/]apps[\\/]web[\\/]app[\\/](lib|components[\\/]ui|components[\\/]seo|features[\\/]settings|layouts)[\\/]/;

// A plain object rather than defineConfig(): the workspace hoists two Vite majors (Vitest's and
// ours) and their plugin types disagree, while the config itself is the same for both.
export default {
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // Same alias as tsconfig "paths", so `~/...` imports work in the app and in Vitest.
    alias: { '~': path.join(root, 'app') },
  },
  ssr: {
    // The contracts package ships TypeScript sources; compile it into the server bundle.
    noExternal: ['@shop/contracts'],
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
