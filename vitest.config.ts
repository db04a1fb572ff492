import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * One run covers every workspace. The server project builds its database templates once in a
 * global setup (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set); each test file then gets
 * its own fresh copy, so files run in parallel without seeing each other's writes.
 */
export default defineConfig({
  test: {
    // CI (CI=1, set by .ci/run): a test left focused with .only fails the run instead of hiding the rest.
    allowOnly: !process.env.CI,
    // Vitest's default on two cores is one worker (cores - 1), and most server test files spend
    // much of their time waiting (on PostgreSQL, Redis, a spawned server, a timer): three files
    // at a time took the tier from 28 to 22 minutes on two cores. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        test: {
          name: 'server',
          root,
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          // Opening a database copy and building the app takes a few seconds on a busy machine, and
          // a test that opens two apps beside two other files' tests took past 30 s once.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'contracts',
          root,
          include: ['packages/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 10_000,
        },
      },
      {
        resolve: { alias: { '~': path.join(root, 'apps/web/app') } },
        test: {
          name: 'web',
          root,
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/app/testing/setup.ts'],
          testTimeout: 10_000,
        },
      },
    ],
  },
});
