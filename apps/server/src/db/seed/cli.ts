import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openMediaStore } from '../../lib/media-store-s3';
import { openDatabase } from '../client';
import { DEMO_CUSTOMER, DEMO_PASSWORD, disableDemoLogins } from './demo-accounts';
import { countDemoProducts } from './products';
import { isDatabaseEmpty, seedDemo, seedMoreProducts } from './seed';

/**
 * `npm run seed [-- --products N] [--reset] [--no-images] [--disable-demo-logins]`: seeds the
 * demo marketplace into an empty database and/or grows its catalogue to N products.
 */
const usage = `Usage: npm run seed -- [--products N] [--reset] [--no-images] [--disable-demo-logins]
  --products N             grow the demo catalogue to N products in total (e.g. 100000)
  --reset                  drop every table first and start from a fresh demo
  --no-images              do not render image files (media rows are still written)
  --disable-demo-logins    take the demo password away from every account that still has it
                           (and end their sessions); with APP_ENV=production the seed never sets it`;

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-images': { type: 'boolean', default: false },
      'disable-demo-logins': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const target = values.products === undefined ? undefined : Number(values.products.replace(/[_,.]/g, ''));
  if (target !== undefined && (!Number.isInteger(target) || target < 0)) {
    console.error(`--products needs a whole number, got "${values.products}"\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const images = !values['no-images'];
  const config = loadConfig();
  const demoLogins = config.APP_ENV !== 'production' && !values['disable-demo-logins'];
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 4 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite at ${path.join(config.DATA_DIR, 'db')}`;
  console.log(`Database: ${where}`);
  const media = openMediaStore(config);
  console.log(`Media: ${config.S3 ? `bucket ${config.S3.bucket}` : path.join(config.DATA_DIR, 'uploads')}`);
  try {
    if (values.reset) {
      console.log('Dropping every table (--reset)...');
      await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await database.db.execute(sql`DROP SCHEMA public CASCADE`);
      await database.db.execute(sql`CREATE SCHEMA public`);
    }
    await database.migrate();

    const bar = new cliProgress.SingleBar(
      { format: '  {task} [{bar}] {percentage}% | {value}/{total} products | {duration_formatted}', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    const progress = (task: string) => {
      let started = false;
      return (done: number, total: number) => {
        if (!started) {
          bar.start(total, 0, { task });
          started = true;
        }
        bar.update(done);
        if (done >= total) bar.stop();
      };
    };

    if (await isDatabaseEmpty(database.db)) {
      const firstBatch = Math.min(target ?? 520, 520);
      console.log(`Seeding the demo marketplace (${firstBatch} products${images ? ', rendering images' : ''})...`);
      const summary = await seedDemo(database.db, {
        media,
        databaseKind: database.kind,
        products: firstBatch,
        images,
        demoLogins,
        onProgress: progress('demo'),
      });
      console.log(
        `Demo seeded in ${(summary.ms / 1000).toFixed(1)} s: ${summary.shops} shops, ${summary.categories} categories, ` +
          `${summary.subCategories} subcategories, ${summary.products} products, ${summary.reviews} reviews; ` +
          `images written ${summary.images.written}, already there ${summary.images.skipped}.`,
      );
    } else {
      console.log('The database already holds data; the demo seed is skipped.');
    }

    if (target !== undefined) {
      const current = await countDemoProducts(database.db);
      if (current >= target) {
        console.log(`The catalogue already has ${current} demo products (asked for ${target}); nothing to add.`);
      } else {
        console.log(`Growing the catalogue from ${current} to ${target} products...`);
        const more = await seedMoreProducts(database.db, {
          media,
          target,
          images,
          onProgress: progress('products'),
          concurrency: database.kind === 'postgres' ? 2 : 1,
        });
        const rate = more.inserted / Math.max(0.001, more.ms / 1000);
        console.log(`Added ${more.inserted} products in ${(more.ms / 1000).toFixed(1)} s (${Math.round(rate)}/s).`);
      }
    }
    if (values['disable-demo-logins']) {
      const disabled = await disableDemoLogins(database.db);
      console.log(
        disabled.length === 0
          ? 'No account signs in with the demo password.'
          : `The demo password no longer signs in to ${disabled.length} account(s): ${disabled.join(', ')}.`,
      );
    }
    console.log(`\nDone. ${await countDemoProducts(database.db)} demo products.`);
    if (demoLogins) {
      console.log(
        `Demo customer: ${DEMO_CUSTOMER.email} (or phone ${DEMO_CUSTOMER.phoneCode} ${DEMO_CUSTOMER.phone}), password "${DEMO_PASSWORD}".\n` +
          `Shop owners: <shop-slug>@example.com, admin@example.com, same password.`,
      );
    }
  } finally {
    await media.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
