import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, createOperator, startServer } from './support/server';
import { setUpDemoOperator, TWO_STEP_OPERATOR } from './support/two-step';

/**
 * Starts the real server once for the whole run, exactly as `npm start` does after the build
 * (migrations, demo seed, the built web app), on a fresh data folder; the returned function stops
 * it and removes the folder. The workers read the address from E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  // An operator of the two-step spec alone, made the way a real shop makes one; the demo seed
  // still fills the database (it looks at the settings, not at the accounts).
  await createOperator(dataDir, TWO_STEP_OPERATOR.email, TWO_STEP_OPERATOR.password);
  // Every spec signs in from 127.0.0.1: the whole tier takes more sign-ins than one address may
  // try in 15 minutes in a real shop (SIGN_INS_PER_ADDRESS, 50), so this server allows more.
  const server = await startServer({ dataDir, env: { SIGN_INS_PER_ADDRESS: '2000' } });
  process.env.E2E_BASE_URL = server.baseUrl;
  // The operator's screen opens only with two-step sign-in: the demo operator gets it once here,
  // and the specs share this session and the recovery codes (support/two-step.ts).
  process.env.E2E_OPERATOR_KEYS = JSON.stringify(
    await setUpDemoOperator(server.baseUrl, 'admin@example.com', 'password'),
  );
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
