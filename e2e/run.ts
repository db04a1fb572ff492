/**
 * Entry point of the end-to-end tier: runs Playwright Test (playwright.config.ts) with any
 * arguments given, or, without a Chromium, says the tier was skipped and why and succeeds, except
 * in CI (CI=1), where that fails the run. Playwright's own browser download is never used.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './support/browser';

const here = path.dirname(fileURLToPath(import.meta.url));

if (!chromiumPath()) {
  const why =
    'no Chromium at /usr/bin/chromium (nor E2E_CHROMIUM): install Debian chromium (apt-get install -y chromium).';
  if (process.env.CI) {
    // In CI a skipped tier would make a green run mean less than it says.
    console.error(`e2e: FAILED — ${why}`);
    console.log('  1 failed');
    process.exitCode = 1;
  } else {
    console.log(`e2e: SKIPPED — ${why}`);
  }
} else {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const child = spawn(
    process.execPath,
    [cli, 'test', '--config', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      cwd: here,
    },
  );
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
