/**
 * What every feature needs from the running app, passed explicitly to services: configuration,
 * the database, the token service, the payment provider, the mailer, the password hasher, a logger and the
 * clock.
 */
import type { AppConfig } from './config.js';
import type { ChangeFeed } from './db/changes.js';
import type { Executor } from './db/client.js';
import type { Logger } from './lib/logger.js';
import type { AppMetrics } from './lib/metrics.js';
import type { PasswordHasher } from './lib/password.js';
import type { TokenService } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';
import type { PaymentProvider } from './modules/billing/providers/provider.js';
import type { ArtifactStore } from './modules/releases/storage.js';

export interface AppContext {
  config: AppConfig;
  db: Executor;
  /** Change notices between instances, for what an instance keeps in memory (db/changes.ts). */
  changes: ChangeFeed;
  tokens: TokenService;
  payments: PaymentProvider;
  /** Where program files are: DATA_DIR or an S3 bucket (modules/releases/artifact-store.ts). */
  artifacts: ArtifactStore;
  mailer: Mailer;
  /** Hashes and checks passwords, a bounded number at a time (lib/password.ts). */
  passwords: PasswordHasher;
  log: Logger;
  /** The app's metrics registry and business counters (lib/metrics.ts; docs/observability.md). */
  metrics: AppMetrics;
  /** Current time; tests may move it. Always UTC. */
  now(): Date;
  /**
   * Aborted when the app starts closing (Fastify's `preClose`, before the jobs stop and the
   * database closes): a job that works through batches stops before its next unit of work, so
   * the one in flight still finds the database open (docs/jobs-and-email.md).
   */
  stopping: AbortSignal;
}
