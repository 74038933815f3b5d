/**
 * What every feature needs from the running app, passed explicitly to services: configuration,
 * the database, the token service, the payment provider and a logger.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Executor } from './db/client.js';
import type { TokenService } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';
import type { PaymentProvider } from './payments/provider.js';

export interface AppContext {
  config: AppConfig;
  db: Executor;
  tokens: TokenService;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Current time; tests may move it. Always UTC. */
  now(): Date;
}
