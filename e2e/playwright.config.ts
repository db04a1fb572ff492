import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, DESKTOP_VIEWPORT } from './support/browser';

/**
 * The end-to-end tier: Playwright Test driving Debian's Chromium against the real
 * server, which global-setup.ts starts once on a fresh database. `run.ts` is the entry point: it
 * skips the tier, saying why, when there is no Chromium.
 */
/** Specs of the marketplace's own settings and its catalogue structure: see `projects`. */
const AFTER_THE_REST = /operator-(settings.*|catalogue.*)\.spec\.ts$/;

export default defineConfig({
  testDir: './specs',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/results',
  globalSetup: './global-setup.ts',
  // Two cores: one worker per core. Spec files run side by side; the tests of one file run in order.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // On CI a test that failed is run once more and, if it then passes, reported as flaky (its own
  // line in the output), not failed: on two shared cores a long flow beside the axe sweep can run
  // past its minute. A test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // 'list' ends with one "N passed" / "N failed" line each, which .ci/run adds to its totals.
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  projects: [
    { name: 'storefront', testIgnore: AFTER_THE_REST },
    // The specs that change what every page shows (the marketplace's name, footer, theme colours,
    // the storefront's categories) run once every other spec is done, so none of those reads them
    // changed midway; one at a time, since each changes and puts back what the others read.
    { name: 'marketplace-settings', testMatch: AFTER_THE_REST, dependencies: ['storefront'], workers: 1 },
  ],
  use: {
    // Set by global-setup.ts, which runs before the workers load this file.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    viewport: DESKTOP_VIEWPORT,
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS },
    // Recording a trace (every frame and DOM snapshot) costs more than many checks on two shared
    // cores, and CI keeps only the printed output: a failure's message, screenshot and error
    // context say what broke. E2E_TRACE=1 records one again, kept for failed tests.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
