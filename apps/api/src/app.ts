/**
 * buildApp: the whole application as one Fastify instance, used by server.ts and by every test
 * (docs/architecture.md). REST under /api/v1, registered from the contract's route table
 * (validation, serialisation and OpenAPI from the same zod schemas), and optionally the built web
 * app with a single-page-app fallback.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API, API_BASE_PATH } from '@flockr/contract';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { localChangeFeed, type ChangeFeed } from './db/changes.js';
import type { Executor } from './db/client.js';
import { COMPRESS_MIN_BYTES, CONTENT_CODINGS } from './lib/compressed.js';
import { AppMetrics } from './lib/metrics.js';
import { PasswordHasher } from './lib/password.js';
import { redactUrl } from './lib/redact-url.js';
import { logMixin } from './lib/request-context.js';
import { TokenService } from './lib/tokens.js';
import { AccessLog } from './plugins/access-log.js';
import { stopJobs } from './jobs/runner.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { authenticate } from './modules/accounts/sign-in.js';
import { adminApiTokenRoutes } from './modules/admin/api-tokens.routes.js';
import { adminChangelogRoutes } from './modules/admin/changelog.routes.js';
import { adminLicenseRoutes } from './modules/admin/licenses.routes.js';
import { adminDashboardRoutes } from './modules/admin/dashboard.routes.js';
import { adminOrderRoutes } from './modules/admin/orders.routes.js';
import { adminOutboxRoutes } from './modules/admin/outbox.routes.js';
import { adminPlanRoutes } from './modules/admin/plans.routes.js';
import { adminReleaseRoutes } from './modules/admin/releases.routes.js';
import { adminTestDataRoutes } from './modules/admin/test-data.routes.js';
import { adminUserRoutes } from './modules/admin/users.routes.js';
import { authenticateApiToken } from './modules/api-tokens/service.js';
import { createPaymentProvider } from './modules/billing/providers/create.js';
import type { PaymentProvider } from './modules/billing/providers/provider.js';
import { billingRoutes } from './modules/billing/routes.js';
import { changelogRoutes } from './modules/changelog/routes.js';
import { licenseRoutes, wellKnownLicenseKeysRoute } from './modules/licenses/routes.js';
import { planRoutes } from './modules/plans/routes.js';
import { createArtifactStore } from './modules/releases/artifact-store.js';
import { releaseRoutes } from './modules/releases/routes.js';
import { createCheckRecorder, type CheckRecorder } from './modules/updates/checks.js';
import { updateRoutes } from './modules/updates/routes.js';
import type { ArtifactStore } from './modules/releases/storage.js';
import { siteRoutes } from './modules/site/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { errorBody, isApiPath, registerErrorHandling } from './plugins/errors.js';
import { registerAnswerHeaders } from './plugins/answer-headers.js';
import { registerMetrics } from './plugins/metrics.js';
import { tlsRequestCheck } from './plugins/security-headers.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { createReadiness, readinessRoute, type Readiness } from './plugins/readiness.js';
import { requestIdGenerator, requestLogger } from './plugins/request-id.js';
import { registerWebApp } from './plugins/web-app.js';
import type { WebBuild } from './modules/site/pages.js';
import { route } from './plugins/route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app: method and URL pattern. */
    routeTable: { method: string; url: string }[];
    /** The services' context (server.ts starts the background jobs with it; tests call services). */
    appContext: AppContext;
    /** Whether the instance is draining; server.ts calls `drain()` on SIGTERM (plugins/readiness.ts). */
    readiness: Readiness;
    /** Update checks noted by the feeds, written in batches (modules/updates/checks.ts). */
    updateChecks: CheckRecorder;
  }
}

/** Where `npm run build -w @flockr/web` puts the web app: browser files and the page renderer. */
const WEB_APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const WEB_BUILD = {
  dist: path.join(WEB_APP, 'dist'),
  serverDist: path.join(WEB_APP, 'dist-server'),
};

export interface BuildAppOptions {
  config: AppConfig;
  db: Executor;
  /** Change notices between instances; defaults to a single-process feed (db/changes.ts). */
  changes?: ChangeFeed;
  /** Clock override for tests; defaults to the real time. */
  now?: () => Date;
  /** Payment provider override; defaults to the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider;
  /** Mailer override; defaults to SMTP_URL or the DATA_DIR/outbox writer. */
  mailer?: Mailer;
  /** Program files' store override; defaults to S3_BUCKET's bucket or DATA_DIR. */
  artifacts?: ArtifactStore;
  /** The web app's build to serve when `config.serveWeb`; defaults to apps/web's. */
  web?: WebBuild;
  /** Pino options over the app's own (tests give a `level` and a `stream`), or false. */
  logger?: boolean | Record<string, unknown>;
}

/**
 * Largest write to standard output, in bytes: pino's asynchronous destination (sonic-boom) joins
 * lines waiting for the write in flight into strings of at most this size and measures the last
 * one again for every line, so a smaller cap than its 16 KiB default costs less per line under
 * load (docs/benchmarks.md "Throughput", "logging as npm start does").
 */
export const LOG_WRITE_BYTES = 4096;

/**
 * The app's pino options (docs/observability.md "Logs") with `overrides` over them (tests give a
 * `level` and a `stream`): `LOG_LEVEL`; lines to standard output through pino's asynchronous
 * destination at {@link LOG_WRITE_BYTES} unless a stream is given; the current request's id on
 * each line (`logMixin`); a request written as its id, method and URL with its tokens redacted.
 * The `req` serializer is the only way a request reaches a line, so its headers
 * (`Authorization`, `Cookie`) never do; pino's `redact` would only walk objects this serializer
 * has already reduced.
 */
function loggerOptions(config: AppConfig, overrides: Record<string, unknown> = {}) {
  return {
    level: config.logLevel,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
    stream:
      (overrides.stream as pino.DestinationStream | undefined) ??
      pino.destination({ dest: 1, maxWrite: LOG_WRITE_BYTES }),
    ...overrides,
    mixin: logMixin,
  };
}

/** Request body limit in bytes (1 MiB); larger bodies get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the app; call `ready()` or `listen()` on the result. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Draining (server.ts on SIGTERM): /ready answers 503, and every answer says Connection: close.
  const readiness = createReadiness();
  const app = Fastify({
    // Every line written while handling a request carries its id, the app logger's (ctx.log) too
    // (lib/request-context.ts; docs/observability.md).
    logger:
      options.logger === false || options.logger === true
        ? options.logger
        : loggerOptions(config, options.logger),
    // The access log: `request completed` naming the request, at `info` for the requests that
    // matter and at `debug` for reads answered well and fast (plugins/access-log.ts).
    logController: new AccessLog(config.accessLog),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // X-Request-Id only from a trusted proxy, and checked (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // The id becomes current for the request, and its lines get it from the mixin above.
    childLoggerFactory: requestLogger,
    // Once close() runs (after the drain's grace period, server.ts), requests already on open
    // connections are still answered, with `Connection: close`, rather than refused with 503;
    // idle keep-alive connections are closed (forceCloseConnections 'idle', Fastify's default)
    // and no new connection is accepted (docs/operations.md).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const now = options.now ?? (() => new Date());
  const closing = new AbortController();
  const ctx: AppContext = {
    config,
    db: options.db,
    changes: options.changes ?? localChangeFeed(),
    tokens: new TokenService(config.jwtSecret, now),
    payments: options.payments ?? createPaymentProvider(config, now),
    artifacts: options.artifacts ?? createArtifactStore(config),
    mailer: options.mailer ?? createMailer(config, app.log),
    passwords: new PasswordHasher(config.passwordHashing),
    log: app.log,
    metrics: new AppMetrics(),
    now,
    stopping: closing.signal,
  };

  // First of the closing: long jobs stop between units of work (context.ts `stopping`), so the
  // onClose hooks below find them finishing rather than mid-way when they stop the runner.
  app.addHook('preClose', async () => closing.abort());

  app.addHook('onClose', () => ctx.passwords.close());
  // Background jobs started with this context (jobs/runner.ts) stop before the database closes.
  app.addHook('onClose', () => stopJobs(ctx));
  app.addHook('onClose', () => ctx.artifacts.close());
  // Update checks noted by the feeds, written in batches; the last ones before the database closes.
  const updateChecks = createCheckRecorder(ctx);
  app.decorate('updateChecks', updateChecks);
  app.addHook('onClose', () => updateChecks.close());
  app.decorate('authenticate', (token: string) => authenticate(ctx, token));
  app.decorate('authenticateApiToken', (token: string) => authenticateApiToken(ctx, token));
  app.decorateRequest('auth', null);
  app.decorateRequest('trustedDevice', null);
  app.decorate('appContext', ctx);
  // Every route's method and URL, so tests can walk the real route table (e.g. the admin access matrix).
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });

  registerAnswerHeaders(app, tlsRequestCheck(config.trustProxy), readiness);
  registerMetrics(app, ctx, config.metricsToken);
  // Answers of 1 KiB and more, compressed for clients that accept it (RFC 9110 §8.4); texts kept
  // in memory and the web app's files come compressed already. Compressed request bodies are
  // refused (415) rather than inflated.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: [...CONTENT_CODINGS],
    globalDecompression: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.productName} API`,
        version: '1.0.0',
        description: 'REST API, requirements §7.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const limits = await registerRateLimits(app, config, ctx.metrics);
  app.decorate('readiness', readiness);

  await app.register(
    async (api) => {
      // Liveness for load balancers: a constant text, sent as it is (no serialiser, no compression).
      const health = JSON.stringify(API.system.health.responses[200].parse({ ok: true }));
      route(
        api,
        API.system.health,
        async (_input, reply) => reply.type('application/json; charset=utf-8').send(health),
        { compress: false },
      );
      readinessRoute(api, {
        db: ctx.db,
        pingRedis: limits.pingRedis,
        pingObjectStore: ctx.artifacts.ping,
        readiness,
      });
      route(api, API.system.openapi, async (_input, reply) => reply.send(app.swagger()));
      for (const routes of [
        siteRoutes(ctx),
        accountRoutes(ctx, limits),
        planRoutes(ctx),
        subscriptionRoutes(ctx),
        billingRoutes(ctx),
        releaseRoutes(ctx, limits),
        updateRoutes(ctx, updateChecks),
        licenseRoutes(ctx, limits),
        changelogRoutes(ctx),
        adminDashboardRoutes(ctx),
        adminUserRoutes(ctx),
        adminOrderRoutes(ctx),
        adminPlanRoutes(ctx),
        adminReleaseRoutes(ctx),
        adminApiTokenRoutes(ctx),
        adminLicenseRoutes(ctx),
        adminChangelogRoutes(ctx),
        adminOutboxRoutes(ctx),
        adminTestDataRoutes(ctx),
      ])
        await api.register(routes);
    },
    { prefix: API_BASE_PATH },
  );
  // The license signing keys at their fixed address, outside /api/v1 (docs/licenses.md).
  wellKnownLicenseKeysRoute(app, ctx);

  const sendDocument =
    config.serveWeb && existsSync(path.join((options.web ?? WEB_BUILD).dist, 'index.html'))
      ? await registerWebApp(app, ctx, options.web ?? WEB_BUILD)
      : null;

  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && sendDocument && ['GET', 'HEAD'].includes(request.method)) {
      return sendDocument(request, reply);
    }
    return reply.status(404).send(errorBody('notFound'));
  });

  return app;
}
