/**
 * buildApp: the whole application as one Fastify instance (ARCHITECTURE habit 2), used by
 * server.ts and by every test. REST under /api/v1 with zod schemas from @flockr/contract
 * (validation, serialisation and OpenAPI from the same schemas), and optionally the built web
 * app with a single-page-app fallback.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE_PATH, API_ERRORS } from '@flockr/contract';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Executor } from './db/client.js';
import { TokenService } from './lib/tokens.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { changelogRoutes } from './modules/changelog/routes.js';
import { downloadRoutes } from './modules/downloads/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { userRoutes } from './modules/users/routes.js';
import type { PaymentProvider } from './payments/provider.js';
import { SandboxPaymentProvider } from './payments/sandbox.js';
import { StripePaymentProvider } from './payments/stripe.js';
import { isApiPath, registerErrorHandling } from './plugins/errors.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { createMailer, type Mailer } from './mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app: method and URL pattern. */
    routeTable: { method: string; url: string }[];
    /** The services' context (server.ts starts the background jobs with it; tests call services). */
    appContext: AppContext;
  }
}

/** Where `npm run build -w @flockr/web` puts the web app. */
export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

export interface BuildAppOptions {
  config: AppConfig;
  db: Executor;
  /** Clock override for tests; defaults to the real time. */
  now?: () => Date;
  /** Payment provider override; defaults to the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider;
  /** Mailer override; defaults to SMTP_URL or the DATA_DIR/outbox writer. */
  mailer?: Mailer;
  /** Pino logger options or false (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** Request body limit in bytes (1 MiB); larger bodies get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Removes secrets (signed download tokens) from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, '$1[REDACTED]');
}

/** The provider PAYMENT_PROVIDER names. */
export function createPaymentProvider(config: AppConfig, now: () => Date): PaymentProvider {
  if (config.paymentProvider === 'stripe' && config.stripe) {
    return new StripePaymentProvider({ ...config.stripe, publicUrl: config.publicUrl, now });
  }
  return new SandboxPaymentProvider(config.publicUrl, config.jwtSecret);
}

/** Builds the app; call `ready()` or `listen()` on the result. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === undefined
        ? {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                url: redactUrl(req.url),
              }),
            },
          }
        : options.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const now = options.now ?? (() => new Date());
  const ctx: AppContext = {
    config,
    db: options.db,
    tokens: new TokenService(config.jwtSecret, now),
    payments: options.payments ?? createPaymentProvider(config, now),
    mailer: options.mailer ?? createMailer(config, app.log),
    log: app.log,
    now,
  };

  app.decorateRequest('auth', null);
  app.decorate('appContext', ctx);
  // Every route's method and URL, so tests can walk the real route table (e.g. the admin access matrix).
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.productName} API`,
        version: '1.0.0',
        description: 'REST API, spec section 7.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  // One @fastify/static instance decorates `reply` (downloads stream from DATA_DIR through it).
  await app.register(fastifyStatic, { root: path.resolve(config.dataDir), serve: false });

  const limits = await registerRateLimits(app, config);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      api.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
      await api.register(siteRoutes(ctx));
      await api.register(authRoutes(ctx, limits));
      await api.register(accountRoutes(ctx, limits));
      await api.register(userRoutes(ctx));
      await api.register(subscriptionRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      await api.register(downloadRoutes(ctx));
      await api.register(changelogRoutes(ctx));
      await api.register(adminRoutes(ctx));
    },
    { prefix: API_BASE_PATH },
  );

  const serveWeb = config.serveWeb && existsSync(path.join(WEB_DIST, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      decorateReply: false,
      wildcard: false,
      index: false,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (!isApiPath(url) && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', WEB_DIST);
    }
    return reply.status(404).send({ error: API_ERRORS.notFound });
  });

  return app;
}
