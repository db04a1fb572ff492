import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './support/server';

/**
 * Starts the real server once for the whole run, exactly as `npm start` does after the build
 * (migrations, demo seed, the built web app), on a fresh data folder; the returned function stops
 * it and removes the folder. The workers read the address from E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const server = await startServer({ dataDir });
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
