import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { serverRoot } from '../paths';
import { TEST_SERVER_BUILD_DIR } from './server-process';
import {
  buildPgliteTemplate,
  createDatabase,
  dropDatabases,
  listDatabases,
  migrateAndSeed,
  TEST_DATABASE_PREFIX,
  withDatabase,
} from './test-database';

/**
 * Runs once per test run: migrates and seeds one PGlite database and dumps it to a file, and
 * (with TEST_DATABASE_URL) one PostgreSQL template database. Every test file then starts from a
 * cheap copy instead of migrating and seeding on its own.
 */
export default async function setup(project: TestProject) {
  // A CI run without the services would run green on a fraction of the tests; locally, the
  // PostgreSQL and Redis tiers are skipped and the line below says so.
  const absent = ['TEST_DATABASE_URL', 'TEST_REPLICA_URL', 'TEST_REDIS_URL'].filter((name) => !process.env[name]);
  if (process.env.CI && absent.length > 0) {
    throw new Error(
      `CI=1 needs ${absent.join(' and ')}: .ci/run sets them once PostgreSQL, its replica and Redis answer.`,
    );
  }
  if (absent.length > 0) {
    console.log(`${absent.join(' and ')} not set: the PostgreSQL, read replica and Redis tests they need are skipped.`);
  }
  const started = Date.now();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-'));
  const templateFile = path.join(tempDir, 'pglite-template.tar');
  writeFileSync(templateFile, await buildPgliteTemplate());
  project.provide('pgliteTemplateFile', templateFile);

  const url = process.env.TEST_DATABASE_URL;
  // Unique per run, so two runs against one server (two engineers, CI retries) never collide.
  const runPrefix = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}${process.pid}_`;
  const template = `${runPrefix}template`;
  project.provide('postgresRunPrefix', runPrefix);
  project.provide('postgresTemplate', '');
  if (url) {
    await createDatabase(url, template);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
    try {
      await migrateAndSeed(handle);
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses a template that still has open sessions.
      await handle.close();
    }
    project.provide('postgresTemplate', template);
    // The tests that start real server processes (all of them on PostgreSQL) run it compiled, as
    // `npm start` does: a process loading every source file through tsx took seconds of CPU more
    // to start, and T4 starts 31 of them.
    execFileSync(process.execPath, [path.join(serverRoot, 'scripts/build.mjs'), `--outdir=${TEST_SERVER_BUILD_DIR}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  console.log(
    `test databases ready in ${Date.now() - started} ms (PGlite${url ? ' + PostgreSQL, and the compiled server' : ''})`,
  );

  return async () => {
    rmSync(tempDir, { recursive: true, force: true });
    if (url) await dropDatabases(url, await listDatabases(url, runPrefix));
  };
}
