/**
 * Environment configuration, parsed once at start with zod. An invalid environment stops the
 * process with a list of every problem (fail fast). See the README's "Configuration" table.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ORDER_TTL_MS, type PaymentsMode } from '@flockr/contract';
import { loadLicenseSigningKeys, type LicenseSigningKeys } from './lib/license-signing-keys.js';
import {
  DEFAULT_HASH_CONCURRENCY,
  OWASP_ARGON2ID,
  type PasswordHashOptions,
} from './lib/password.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Milliseconds per unit of a duration variable (`d` days, `h` hours, `m` minutes, `s` seconds). */
const DURATION_UNITS_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;

/**
 * A duration such as `30d`, `12h`, `90m` or `45s`; a bare number is days. In milliseconds, at
 * least one second.
 */
const durationFromEnv = z
  .string()
  .regex(/^\d+\s*[dhms]?$/, 'must be a whole number of days, or a number with d, h, m or s')
  .transform((v) => {
    const unit = (v.at(-1)!.match(/[dhms]/)?.[0] ?? 'd') as keyof typeof DURATION_UNITS_MS;
    return Number.parseInt(v, 10) * DURATION_UNITS_MS[unit];
  })
  .refine((ms) => ms >= 1_000, 'must be at least one second');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  ALLOW_SANDBOX_IN_PRODUCTION: booleanFromEnv.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).default(5),
  PRODUCT_NAME: z.string().trim().min(1).default('Flockr'),
  SUPPORT_EMAIL: z.email().default('support@flockr.example'),
  LEGAL_JURISDICTION: z.string().trim().min(1).default('the State of Delaware, United States'),
  SELLER_LEGAL_NAME: z.string().trim().min(1).optional(),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('1 Example Street, Wilmington, DE 19801, United States'),
  PRICES_INCLUDE_TAX: booleanFromEnv.default(true),
  ORDER_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(ORDER_TTL_MS / 60_000),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(24),
  REMEMBER_ME_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z.union([booleanFromEnv, z.string().min(1)]).default(false),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_PROMPT_WAIT_MS: z.coerce.number().int().min(0).default(2_000),
  REDIS_URL: z.string().min(1).optional(),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SENSITIVE_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_DEVICE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LICENSE_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_LICENSE_PER_KEY: z.coerce.number().int().min(1).default(60),
  LICENSE_SIGNING_KEY: z.string().min(1).optional(),
  LICENSE_SIGNING_KEY_PREVIOUS: z.string().min(1).optional(),
  LICENSE_DEVICE_TIMEOUT: durationFromEnv.default(30 * DURATION_UNITS_MS.d),
  LICENSE_FILE_TTL: durationFromEnv.default(14 * DURATION_UNITS_MS.d),
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).default(OWASP_ARGON2ID.memoryKiB),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).default(OWASP_ARGON2ID.timeCost),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).default(DEFAULT_HASH_CONCURRENCY),
  PASSWORD_HASH_QUEUE_LIMIT: z.coerce.number().int().min(0).default(64),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: z.enum(['notable', 'all']).default('notable'),
  SERVE_WEB: booleanFromEnv.default(true),
  DOWNLOAD_ACCEL_REDIRECT: z
    .string()
    .regex(
      /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)+$/,
      'DOWNLOAD_ACCEL_REDIRECT must be an nginx location such as /_protected_downloads/ (leading and trailing slash)',
    )
    .optional(),
  S3_BUCKET: z.string().trim().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  // OpenTelemetry's own names (docs/observability.md, "Traces"); the exporter reads them too.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).optional(),
  OTEL_SDK_DISABLED: booleanFromEnv.default(false),
});

/** The parsed configuration every part of the API reads. Durations are in milliseconds. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin users reach the site at, no trailing slash, e.g. http://localhost:3000. */
  publicUrl: string;
  /** PostgreSQL connection string; undefined means embedded PGlite under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the longest any one statement of the server may run, waits for locks
   * included, in milliseconds (default 30,000; 0 = no limit). Past it PostgreSQL cancels the
   * statement and the request is answered 503 with Retry-After (docs/operations.md "A statement
   * that runs too long").
   */
  databaseStatementTimeoutMs: number;
  /**
   * PostgreSQL only: how long a connection may sit idle inside an open transaction before
   * PostgreSQL ends it, releasing its locks, in milliseconds (default 60,000; 0 = no limit).
   */
  databaseIdleInTransactionTimeoutMs: number;
  /** Absolute path of the data folder (database, artifacts, secrets). */
  dataDir: string;
  /** HS256 signing key for session and download tokens. */
  jwtSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  paymentProvider: 'sandbox' | 'stripe';
  /**
   * Whether payments take real money (`live`) or not (`test`): the sandbox provider is always
   * test; Stripe is test with a test key (`sk_test_…`, `rk_test_…`, {@link isTestStripeKey}).
   * Drives the test-mode banner, the e-mails' test-mode line and the mode an order is placed in
   * until the provider's own objects say (docs/billing.md "Test mode").
   */
  paymentsMode: PaymentsMode;
  /**
   * ALLOW_SANDBOX_IN_PRODUCTION: the operator's explicit opt-in to run the sandbox provider with
   * NODE_ENV=production (a demo or staging site); without it such a start is refused.
   */
  allowSandboxInProduction: boolean;
  /** Stripe keys (PAYMENT_PROVIDER=stripe); `apiUrl` points the SDK at a stand-in in tests. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** PENDING orders older than this are checked with the provider, in milliseconds. */
  reconcileAfterMs: number;
  productName: string;
  supportEmail: string;
  legalJurisdiction: string;
  /**
   * Who sells the product, shown on plans, checkout, receipts and legal pages: legal name
   * (default: the product name) and postal address, one line. The support e-mail is `supportEmail`.
   */
  seller: { legalName: string; address: string };
  /** Whether the listed prices include sales tax / VAT (said next to every price). */
  pricesIncludeTax: boolean;
  orderTtlMs: number;
  sessionTtlMs: number;
  rememberMeTtlMs: number;
  logLevel: string;
  /**
   * ACCESS_LOG: which answers get their `request completed` line at `info` (plugins/access-log.ts
   * `accessLevel`): `notable` (writes, failures, slow answers) or `all`.
   */
  accessLog: 'notable' | 'all';
  /**
   * METRICS_TOKEN: the bearer token `GET /metrics` asks for (`Authorization: Bearer <token>`);
   * undefined serves the metrics to anyone who reaches them (docs/observability.md).
   */
  metricsToken: string | undefined;
  /** Serve the built web app (apps/web/dist) from the same process. */
  serveWeb: boolean;
  /**
   * Whether to believe X-Forwarded-For: false (default: the client address is the socket's), true
   * (any proxy) or a comma-separated list of trusted proxy addresses/CIDRs. Only enable behind a
   * proxy you run, or rate limits per address can be dodged with a forged header.
   */
  trustProxy: boolean | string;
  /** SMTP connection URL (smtp:// or smtps://); undefined writes e-mails to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** Sender of every e-mail, e.g. `Flockr <no-reply@flockr.example>`. */
  mailFrom: string;
  /**
   * How long a request that queued e-mail waits for its prompt send before it answers anyway, in
   * milliseconds (default 2,000); the send goes on and the outbox retries it if it fails
   * (docs/jobs-and-email.md, "Sending").
   */
  mailPromptWaitMs: number;
  /** Redis URL shared by every instance for rate limits; undefined keeps them in memory. */
  redisUrl: string | undefined;
  /**
   * Rate limits, per 15 minutes: login attempts per client address and per account, or per
   * trusted device (device cookie; defaults to the per-account limit); forgot-password and
   * register per address.
   */
  rateLimits: {
    loginPerIp: number;
    loginPerAccount: number;
    loginPerDevice?: number;
    sensitivePerIp: number;
    /** Calls of the program's license API per client address (default 300). */
    licensePerIp?: number;
    /** Calls of the program's license API per license key (default 60). */
    licensePerKey?: number;
    windowMs: number;
  };
  /**
   * Licenses (docs/licenses.md): the Ed25519 keys that sign the program's answers and license
   * files (LICENSE_SIGNING_KEY, LICENSE_SIGNING_KEY_PREVIOUS, else DATA_DIR/license-signing-key;
   * never logged: KeyObjects print as `{}`); how long a device keeps its seat without checking in
   * (LICENSE_DEVICE_TIMEOUT, default 30 days) and how long a license file is valid
   * (LICENSE_FILE_TTL, default 14 days), in milliseconds.
   */
  licenses: {
    signingKeys: LicenseSigningKeys;
    deviceTimeoutMs: number;
    fileTtlMs: number;
  };
  /** Prefix of the rate-limit keys in Redis (tests use their own). */
  rateLimitNamespace: string;
  /**
   * SHUTDOWN_GRACE_MS: after the first SIGTERM, how long the instance keeps serving while `GET
   * /ready` answers 503, so load balancers stop sending it traffic before it stops accepting
   * connections, in milliseconds (docs/operations.md). Default 5000 in production, 0 otherwise.
   */
  shutdownGraceMs: number;
  /** argon2id cost and the bounds of the hashing line (lib/password.ts; README "Passwords"). */
  passwordHashing: PasswordHashOptions;
  /**
   * DOWNLOAD_ACCEL_REDIRECT: the path prefix of nginx's `internal` location over
   * DATA_DIR/artifacts/, e.g. `/_protected_downloads/`. When set, a checked download is answered
   * with an empty body and `X-Accel-Redirect: {prefix}{path under artifacts/}` and nginx sends the
   * file (sendfile, Range); undefined streams it from this process (docs/downloads.md).
   */
  downloadAccelRedirect: string | undefined;
  /**
   * S3_BUCKET, S3_ENDPOINT, S3_PUBLIC_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE: program files in
   * an S3-compatible bucket instead of DATA_DIR/artifacts, downloads redirected to presigned URLs
   * (docs/downloads.md). `endpoint` undefined means AWS itself; `publicEndpoint` is where buyers'
   * browsers reach the store when that differs from where the app does (a private network name),
   * used only in presigned URLs; `forcePathStyle` puts the bucket in the path
   * (`http://host/bucket/key`), which most S3-compatible servers need. Credentials come from the
   * AWS SDK's default chain. Undefined (no S3_BUCKET): files stay on disk.
   */
  objectStore:
    | {
        bucket: string;
        endpoint: string | undefined;
        publicEndpoint: string | undefined;
        region: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /**
   * OpenTelemetry traces (src/tracing.ts; docs/observability.md): on when
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT is set and OTEL_SDK_DISABLED
   * is not true; `serviceName` is OTEL_SERVICE_NAME, default the product name. Undefined: no
   * OpenTelemetry code is loaded.
   */
  tracing: { serviceName: string } | undefined;
}

/**
 * Why a production start on the sandbox provider is refused (docs/billing.md "Test mode"): it
 * names the variables that make payments real and the one that opts in to the sandbox anyway.
 */
export const SANDBOX_IN_PRODUCTION =
  'NODE_ENV=production with PAYMENT_PROVIDER=sandbox (the default) takes no real money. ' +
  'Set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell, ' +
  'or ALLOW_SANDBOX_IN_PRODUCTION=true to run a test-mode site on purpose (every page then says so).';

/**
 * True for a Stripe API key of test mode: a secret key `sk_test_…` or a restricted key
 * `rk_test_…` (Stripe docs, "API keys": the prefix names the mode). Such a key never moves real
 * money, so payments are in test mode.
 */
export function isTestStripeKey(key: string): boolean {
  return /^(sk|rk)_test_/.test(key);
}

/**
 * The warnings a start with `config` deserves (logged by server.ts at `warn`): a production site
 * whose payments are in test mode, through Stripe test keys or the sandbox it was allowed to run.
 * Empty when payments are live or the site is not in production.
 */
export function startWarnings(
  config: Pick<AppConfig, 'env' | 'paymentProvider' | 'paymentsMode'>,
): string[] {
  if (config.env !== 'production' || config.paymentsMode === 'live') return [];
  return config.paymentProvider === 'stripe'
    ? [
        'Stripe test keys in production: payments are in test mode and take no real money; every page shows the test-mode banner. Set a live STRIPE_SECRET_KEY (sk_live_…) to sell.',
      ]
    : [
        'The sandbox payment provider runs in production (ALLOW_SANDBOX_IN_PRODUCTION=true): payments take no real money; every page shows the test-mode banner.',
      ];
}

/** Raised when the environment is invalid; `issues` lists every problem. */
export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
  }
}

/**
 * Parses `env` (default `process.env`) into an {@link AppConfig}. When `JWT_SECRET` is unset, a
 * random 256-bit secret is generated once and kept in `DATA_DIR/jwt-secret` (mode 0600), so
 * sessions survive restarts and no secret is ever a constant in code.
 * @throws ConfigError listing every invalid variable.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  // An empty variable means "not set" (e.g. DATABASE_URL= in a shell or a test runner).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  // Rules across variables, every broken one reported at once.
  const problems: string[] = [];
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (
    e.NODE_ENV === 'production' &&
    e.PAYMENT_PROVIDER === 'sandbox' &&
    !e.ALLOW_SANDBOX_IN_PRODUCTION
  ) {
    problems.push(SANDBOX_IN_PRODUCTION);
  }
  if (
    !e.S3_BUCKET &&
    (e.S3_ENDPOINT || e.S3_PUBLIC_ENDPOINT || present.S3_FORCE_PATH_STYLE !== undefined)
  ) {
    problems.push('S3_ENDPOINT, S3_PUBLIC_ENDPOINT and S3_FORCE_PATH_STYLE need S3_BUCKET');
  }
  if (e.S3_BUCKET && e.DOWNLOAD_ACCEL_REDIRECT) {
    problems.push(
      "S3_BUCKET and DOWNLOAD_ACCEL_REDIRECT exclude each other: files in a bucket are not on nginx's disk",
    );
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // `npm start` runs in apps/api; a relative DATA_DIR means relative to where npm was started
  // (npm sets INIT_CWD), so the default ./data is the repository's data folder.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const config: Omit<AppConfig, 'paymentsMode'> & Partial<Pick<AppConfig, 'paymentsMode'>> = {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseIdleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    dataDir,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? persistedSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    paymentProvider: e.PAYMENT_PROVIDER,
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    reconcileAfterMs: e.RECONCILE_AFTER_MINUTES * 60_000,
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    legalJurisdiction: e.LEGAL_JURISDICTION,
    seller: { legalName: e.SELLER_LEGAL_NAME ?? e.PRODUCT_NAME, address: e.SELLER_ADDRESS },
    pricesIncludeTax: e.PRICES_INCLUDE_TAX,
    orderTtlMs: e.ORDER_TTL_MINUTES * 60_000,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    rememberMeTtlMs: e.REMEMBER_ME_TTL_DAYS * 86_400_000,
    logLevel: e.LOG_LEVEL,
    accessLog: e.ACCESS_LOG,
    metricsToken: e.METRICS_TOKEN,
    serveWeb: e.SERVE_WEB,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom:
      e.MAIL_FROM ??
      `${e.PRODUCT_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    mailPromptWaitMs: e.MAIL_PROMPT_WAIT_MS,
    redisUrl: e.REDIS_URL,
    rateLimits: {
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerDevice: e.RATE_LIMIT_LOGIN_PER_DEVICE,
      sensitivePerIp: e.RATE_LIMIT_SENSITIVE_PER_IP,
      licensePerIp: e.RATE_LIMIT_LICENSE_PER_IP,
      licensePerKey: e.RATE_LIMIT_LICENSE_PER_KEY,
      windowMs: 15 * 60_000,
    },
    licenses: overrides.licenses ?? {
      signingKeys: signingKeysOf(e.LICENSE_SIGNING_KEY, e.LICENSE_SIGNING_KEY_PREVIOUS, dataDir),
      deviceTimeoutMs: e.LICENSE_DEVICE_TIMEOUT,
      fileTtlMs: e.LICENSE_FILE_TTL,
    },
    rateLimitNamespace: 'flockr-rate-limit:',
    passwordHashing: {
      memoryKiB: e.PASSWORD_HASH_MEMORY_KIB,
      timeCost: e.PASSWORD_HASH_TIME_COST,
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      queueLimit: e.PASSWORD_HASH_QUEUE_LIMIT,
    },
    downloadAccelRedirect: e.DOWNLOAD_ACCEL_REDIRECT,
    objectStore: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    tracing:
      (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || e.OTEL_EXPORTER_OTLP_ENDPOINT) &&
      !e.OTEL_SDK_DISABLED
        ? { serviceName: e.OTEL_SERVICE_NAME ?? e.PRODUCT_NAME }
        : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
    ...overrides,
  };
  return { ...config, paymentsMode: config.paymentsMode ?? paymentsModeOf(config) };
}

/**
 * The mode payments run in with `config`'s provider: `live` only for Stripe with a key that is
 * not a test key; the sandbox is always `test`.
 */
export function paymentsModeOf(
  config: Pick<AppConfig, 'paymentProvider' | 'stripe'>,
): PaymentsMode {
  return config.paymentProvider === 'stripe' &&
    config.stripe &&
    !isTestStripeKey(config.stripe.secretKey)
    ? 'live'
    : 'test';
}

/** The license signing keys (lib/license-signing-keys.ts). @throws ConfigError, never with a key. */
function signingKeysOf(
  current: string | undefined,
  previous: string | undefined,
  dataDir: string,
): LicenseSigningKeys {
  try {
    return loadLicenseSigningKeys(current, previous, dataDir);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

/** Reads `dataDir/jwt-secret`, creating it with 32 random bytes (hex) the first time. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
