/**
 * Runs the end-to-end specs against the real product: a fresh data folder, the real server
 * (migrations, demo seed, built web app) and Debian's Chromium driven by playwright-core.
 * Without a Chromium it says so and skips, as DESIGN section 9 asks.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './support/browser';
import { startServer } from './support/server';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const executable = chromiumPath();
  if (!executable) {
    console.log('e2e: SKIPPED — no Chromium found (install Debian chromium: apt-get install -y chromium).');
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const server = await startServer({ dataDir });
  let code = 1;
  try {
    const only = process.argv.slice(2);
    const specs = readdirSync(path.join(here, 'specs'))
      .filter((f) => f.endsWith('.spec.ts'))
      .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
      .map((f) => path.join(here, 'specs', f));
    code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs], {
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_CHROMIUM: executable },
      });
      child.on('exit', (c) => resolve(c ?? 1));
    });
  } finally {
    await server.stop();
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = code;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
