import { mkdirSync } from 'node:fs';
import { composeApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { collectWhenIdle } from './lib/idle-gc';
import { localModeWarning, prepareDatabase, startupRefusal } from './startup';

/** Starts the whole product: config, database and migrations, demo data when empty, listen. */
async function main() {
  const config = loadConfig();
  // React (loaded later, with the web build) reads this to choose its production build.
  process.env.NODE_ENV = config.NODE_ENV;
  // On disk, the uploads folder is served as static files from the start.
  if (!config.S3) mkdirSync(config.UPLOADS_DIR, { recursive: true });
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          replicaUrl: config.DATABASE_REPLICA_URL,
        }
      : { kind: 'pglite', dataDir: `${config.DATA_DIR}/db`, buffersMb: config.EMBEDDED_DB_BUFFERS_MB },
  );
  await prepareDatabase(config, database);
  const refusal = await startupRefusal(config, database.db);
  if (refusal) {
    console.error(refusal);
    await database.close();
    process.exit(1);
  }

  const { app, services } = await composeApp({ config, database });
  const idle = collectWhenIdle();
  app.addHook('onRequest', async () => idle.touch());
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Ctrl-C at a terminal stops at once; SIGTERM (docker stop, a deployment) drains first.
    const delay = signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_MS : 0;
    const timer = setTimeout(() => process.exit(1), delay + 10_000);
    timer.unref();
    try {
      // Readiness answers 503 from now on, for SHUTDOWN_DELAY_MS while the process still serves
      // (the load balancer sees it and sends elsewhere); then the server stops accepting
      // connections, answers every request it holds, closes its realtime sockets (clients
      // reconnect, to another process behind a load balancer) and its Redis connection, then the
      // database closes.
      services.health.drain();
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      idle.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Storefront ready at ${config.PUBLIC_URL}`);
  const warning = localModeWarning(config);
  if (warning) app.log.warn(warning);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
