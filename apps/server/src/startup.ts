import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { accountsWithDemoPassword } from './db/seed/demo-accounts';
import { isDatabaseEmpty, seedBase, seedDemo } from './db/seed/seed';
import { openMediaStore } from './lib/media-store-s3';

/**
 * Migrates the database and fills it on its first start: the demo marketplace (`SEED_ON_EMPTY`,
 * the default), or the base a real shop starts from (languages, currencies, settings, payment
 * gateways, delivery charges and VAT; no shops, products or accounts). Under the migration lock,
 * so processes starting together fill it once. Answers what it seeded.
 */
export async function prepareDatabase(
  config: Pick<Config, 'SEED_ON_EMPTY' | 'APP_ENV' | 'DATA_DIR' | 'S3'>,
  database: DatabaseHandle,
): Promise<'demo' | 'base' | null> {
  let seeded: 'demo' | 'base' | null = null;
  // The demo's pictures go where the app will read them: the data folder or the bucket.
  const media = openMediaStore(config);
  await database
    .migrate(async () => {
      if (!(await isDatabaseEmpty(database.db))) return;
      if (config.SEED_ON_EMPTY) {
        console.log('Empty database: seeding the demo marketplace (first start only)...');
        await seedDemo(database.db, {
          media,
          databaseKind: database.kind,
          demoLogins: config.APP_ENV !== 'production',
        });
        seeded = 'demo';
      } else {
        console.log('Empty database: writing the settings a new shop starts from (SEED_ON_EMPTY=false)...');
        await seedBase(database.db, { media });
        seeded = 'base';
      }
    })
    .finally(() => media.close());
  return seeded;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Why this process must not serve, or null. A production shop never answers to the demo seed's
 * well-known password: a database that still has one (a demo turned into a shop) stops start-up.
 */
export async function startupRefusal(config: Config, db: Database): Promise<string | null> {
  if (config.APP_ENV !== 'production') return null;
  const accounts = await accountsWithDemoPassword(db);
  if (accounts.length === 0) return null;
  const named = accounts.slice(0, 5).join(', ') + (accounts.length > 5 ? `, and ${accounts.length - 5} more` : '');
  return (
    `Refusing to start with APP_ENV=production: ${accounts.length} account(s) still sign in with the demo ` +
    `password "password" (${named}). Run \`npm run seed -- --disable-demo-logins\` to take it away from ` +
    'them, then give the operator a password with `npm run create-operator -- --email ... --password ...`.'
  );
}

/**
 * The one warning line a local start prints: what the demo conveniences are and who they answer,
 * so nobody runs a shop with them on without being told. Null outside APP_ENV=local.
 */
export function localModeWarning(config: Config): string | null {
  if (config.APP_ENV !== 'local') return null;
  const where = LOOPBACK_HOSTS.has(config.HOST)
    ? `listening on ${config.HOST} only`
    : `listening on ${config.HOST} (HOST is set: others can reach the shop, not the conveniences)`;
  return (
    'APP_ENV=local: demo mode, for the person at this machine: the outbox (/dev/outbox), the ' +
    'order-status shortcut (/api/dev/orders/{id}/status), the ticket-chat shortcut and the prefilled ' +
    `demo login answer requests from this machine only; demo accounts sign in with "password"; ${where}. ` +
    'Run a real shop with APP_ENV=production (see README, Running a real shop).'
  );
}
