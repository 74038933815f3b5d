/**
 * @flockr/contract: the single source of truth for every payload, answer, rule, constant and
 * message of the product spec, shared by `apps/api` and `apps/web`.
 *
 * The package is free of side effects (`"sideEffects": false`), so a bundle keeps only the modules
 * it uses. The web app's first chunk uses only modules without zod (client-errors, constants,
 * http, money, order-ref, payments-mode, roles, seller, validation-rules: zod-free.test.ts keeps
 * them so); the schemas and the route table load with the API client's first call
 * (apps/web/src/lib/api-client.ts).
 */
export * from './constants.js';
export * from './client-errors.js';
export * from './errors.js';
export * from './text.js';
export * from './validation-rules.js';
export * from './validation.js';
export * from './common.js';
export * from './money.js';
export * from './file-size.js';
export * from './roles.js';
export * from './users.js';
export * from './auth.js';
export * from './plans.js';
export * from './orders.js';
export * from './order-ref.js';
export * from './subscriptions.js';
export * from './downloads.js';
export * from './platforms.js';
export * from './updates.js';
export * from './licenses.js';
export * from './changelog.js';
export * from './admin.js';
export * from './outbox.js';
export * from './guardrails.js';
export * from './site.js';
export * from './seller.js';
export * from './payments-mode.js';
export * from './csv.js';
export * from './http.js';
export * from './routes.js';
