/**
 * @flockr/contract: the single source of truth for every payload, answer, rule, constant and
 * message of the product spec, shared by `apps/api` and `apps/web`.
 */
export * from './constants.js';
export * from './errors.js';
export * from './text.js';
export * from './validation.js';
export * from './common.js';
export * from './money.js';
export * from './users.js';
export * from './auth.js';
export * from './plans.js';
export * from './orders.js';
export * from './subscriptions.js';
export * from './downloads.js';
export * from './changelog.js';
export * from './admin.js';
export * from './guardrails.js';
export * from './site.js';
export * from './csv.js';
export * from './http.js';
export * from './routes.js';
