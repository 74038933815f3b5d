/**
 * Entry point of `npm start`: reads the environment, opens and migrates the database, applies
 * the seed and the admin bootstrap, then serves the API and the web app on PORT. Nothing else.
 * SIGINT/SIGTERM close the server and the database cleanly.
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startJobs } from './jobs.js';
import { ensureAdmin } from './modules/accounts/bootstrap.js';
import { seed } from './seed/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await seed(database.db, config);
  const app = await buildApp({ config, db: database.db, changes: database.changes });
  const admin = await ensureAdmin(database.db, config);
  if (admin !== 'skipped')
    app.log.info({ email: config.adminEmail, result: admin }, 'admin account ensured');

  const stopJobs = startJobs(app.appContext);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, payments: config.paymentProvider },
    `${config.productName} is ready at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
