import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The test files under `dir` that replace modules (`vi.mock`), relative to the root. */
function testFilesThatMock(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) =>
      /\bvi\.(?:mock|doMock)\(\s*(?:['"`]|import\()/.test(readFileSync(path.join(root, dir, file), 'utf8')),
    )
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`);
}

/**
 * The web app's test files that replace modules run each in a fresh module graph; the rest share
 * one per worker (`isolate: false`), which took the web tier from two minutes to under one: most
 * of each file's time went to loading React, the app's modules and a new happy-dom.
 */
const WEB_FILES_THAT_MOCK = testFilesThatMock('apps/web/app');

const serverFilesThatMock = testFilesThatMock('apps/server/src');
if (serverFilesThatMock.length > 0) {
  throw new Error(
    `The server's test files share one module graph per worker, so a vi.mock would leak into other files: ${serverFilesThatMock.join(', ')}. Swap what the test needs through composeApp's deps instead.`,
  );
}

function webProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    resolve: { alias: { '~': path.join(root, 'apps/web/app') } },
    test: {
      name,
      root,
      include: files.include ?? ['apps/web/app/**/*.test.{ts,tsx}'],
      exclude: ['**/node_modules/**', ...(files.exclude ?? [])],
      environment: 'happy-dom',
      setupFiles: ['apps/web/app/testing/setup.ts'],
      isolate: files.isolate,
      testTimeout: 10_000,
    },
  };
}

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
          // One module graph per worker, not one per file: loading the server's modules took ~2.5 s
          // of every file (533 s of CPU a run); shared, the tier took 12.6 instead of ~19.5 minutes.
          // Safe because every test builds its own app, database copy and clock (test-app.ts), and
          // none replaces a module (checked above: `vi.mock` leaks between files that share a graph).
          isolate: false,
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
      webProject('web', { isolate: false, exclude: WEB_FILES_THAT_MOCK }),
      webProject('web-mocking', { isolate: true, include: WEB_FILES_THAT_MOCK }),
    ],
  },
});
