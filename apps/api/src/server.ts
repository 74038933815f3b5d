/**
 * Entry point of `npm start`: reads the environment, opens and migrates the database, applies
 * the seed and the admin bootstrap, then serves the API and the web app on PORT. Nothing else.
 * SIGINT/SIGTERM drain the instance, then close the server and the database cleanly (below;
 * docs/operations.md).
 */
import path from 'node:path';
import { pinTickObjectShape } from './lib/tick-shape.js';

// First, before any large import: keeps every request on V8's fast path for Node's tick queue
// (lib/tick-shape.ts; docs/decisions/014-pinned-tick-shape.md). Measured on Node 24.21.0; measure
// again on each Node upgrade and delete it once it shows no gain.
pinTickObjectShape();
const { ConfigError, loadConfig, startWarnings } = await import('./config.js');
const { startTracing } = await import('./tracing.js');

/**
 * Longest time closing may take after the drain's grace period before the process exits anyway,
 * in milliseconds (under the 10 s load balancers and orchestrators commonly allow).
 */
const SHUTDOWN_DEADLINE_MS = 9_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Tracing first (when configured): its PostgreSQL instrumentation patches `pg` as it is loaded,
  // so everything that imports it is imported after (docs/observability.md, "Traces").
  const tracing = await startTracing(config);
  const [
    { buildApp },
    { openDatabase },
    { startJobs },
    { ensureAdmin },
    { seed, seedObjectStore },
    { backfillArtifactDigests },
  ] = await Promise.all([
    import('./app.js'),
    import('./db/client.js'),
    import('./jobs/runner.js'),
    import('./modules/accounts/bootstrap.js'),
    import('./seed/seed.js'),
    import('./modules/releases/digests.js'),
  ]);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          statementTimeoutMs: config.databaseStatementTimeoutMs,
          idleInTransactionTimeoutMs: config.databaseIdleInTransactionTimeoutMs,
        }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await seed(database.db, config);
  const app = await buildApp({ config, db: database.db, changes: database.changes });
  await seedObjectStore(database.db, config, app.appContext.artifacts, app.log);
  // SHA-1 and SHA-512 of files uploaded before they were kept (the update feeds need them): each
  // file read once, in the background so a large bucket never delays the start.
  void backfillArtifactDigests(database.db, app.appContext.artifacts, app.log).catch(
    (error: unknown) => app.log.error({ err: error }, 'artifact digest backfill failed'),
  );
  const admin = await ensureAdmin(database.db, config);
  if (admin !== 'skipped')
    app.log.info({ email: config.adminEmail, result: admin }, 'admin account ensured');

  // pg-boss on PostgreSQL, a minute timer on the embedded database; app.close() stops them.
  await startJobs(app.appContext);

  // The SIGTERM sequence (docs/operations.md, "Readiness, draining and outages"):
  // 1. GET /ready answers 503 at once, and every answer carries `Connection: close`, so clients
  //    stop reusing their connections (plugins/answer-headers.ts);
  //    everything is served as usual for SHUTDOWN_GRACE_MS, the time load balancers need to see
  //    the 503 and stop sending new requests here;
  // 2. then Fastify's close(): no new connections, idle keep-alive ones closed (a connection
  //    that carried a request since the drain began was closed after its answer, so what is left
  //    sat idle through the whole grace period), requests already on a connection answered
  //    (app.ts, return503OnClosing: false); the background jobs stop and the database closes;
  // 3. if that has not finished SHUTDOWN_DEADLINE_MS after the grace period, the process exits
  //    anyway (code 1). A second SIGTERM or SIGINT exits at once (code 1).
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    draining = true;
    app.readiness.drain();
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'draining: /ready answers 503');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`still closing ${SHUTDOWN_DEADLINE_MS} ms after the grace period: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await database.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Production in test mode (Stripe test keys, or the sandbox allowed on purpose): said at every
  // start, where operators look (docs/billing.md "Test mode").
  for (const warning of startWarnings(config)) {
    app.log.warn({ payments: config.paymentProvider, paymentsMode: config.paymentsMode }, warning);
  }
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      payments: config.paymentProvider,
      paymentsMode: config.paymentsMode,
    },
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
