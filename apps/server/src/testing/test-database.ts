import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/seed';
import { DiskMediaStore } from '../lib/media-store';

/** Every database the tests create starts with this, so nothing else on the server collides. */
export const TEST_DATABASE_PREFIX = 'shoptest_';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, seeded PGlite data directory. */
    pgliteTemplateFile: string;
    /** Name of the migrated, seeded PostgreSQL template database, or '' when there is none. */
    postgresTemplate: string;
    /** Names of the per-file PostgreSQL databases of this run start with this. */
    postgresRunPrefix: string;
  }
}

/** Migrates and seeds the demo marketplace without images (tests never read the files). */
export async function migrateAndSeed(handle: DatabaseHandle) {
  await handle.migrate();
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-uploads-'));
  try {
    await seedDemo(handle.db, { media: new DiskMediaStore(uploadsDir), databaseKind: handle.kind, images: false });
  } finally {
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrateAndSeed(handle);
    if (!handle.pglite) throw new Error('openDatabase did not expose the PGlite instance');
    const tar = await handle.pglite.dumpDataDir('none');
    return new Uint8Array(await tar.arrayBuffer());
  } finally {
    await handle.close();
  }
}

/** postgres://user@host:port/db with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const quoteIdent = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return `"${name}"`;
};

/**
 * Runs statements that cannot run inside a database they change (CREATE/DROP DATABASE), on the
 * database of TEST_DATABASE_URL, or on `postgres` when that database does not exist yet.
 */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
    await client.connect();
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(url: string, name: string, template?: string) {
  await withAdminClient(url, async (client) => {
    const sql = `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`;
    // Two files copying the template at the same instant can briefly see each other's session.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  });
}

/**
 * Drops databases once their last sessions are gone. A closed pool's connections linger for a
 * moment on the server; forcing them out at once would hit the client that is still saying
 * goodbye with an error, so FORCE is only the last resort.
 */
export async function dropDatabases(url: string, names: readonly string[]) {
  if (names.length === 0) return;
  await withAdminClient(url, async (client) => {
    for (const name of names) {
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}${attempt > 30 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt > 30) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  });
}

export async function listDatabases(url: string, prefix: string): Promise<string[]> {
  return withAdminClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname',
      [prefix],
    );
    return rows.map((r) => r.datname);
  });
}
