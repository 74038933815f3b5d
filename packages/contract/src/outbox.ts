/**
 * The e-mail outbox and the background jobs as admins see them (docs/jobs-and-email.md):
 * messages waiting, sent or given up (dead letters), failed jobs past their retries, and the
 * answers of their Retry buttons.
 */
import { z } from 'zod';
import { isoDateTimeSchema, paginationQuerySchema, paginationSchema } from './common.js';
import { ADMIN_PAGE_SIZE } from './constants.js';

const adminPagination = paginationQuerySchema.extend({
  limit: paginationQuerySchema.shape.limit.unwrap().default(ADMIN_PAGE_SIZE),
});

/** Where an outbox message is: waiting to be sent (or being sent), sent, or given up on. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;
export const outboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** `GET /admin/outbox` query: paging and an optional status (`dead`: the dead letters). */
export const adminOutboxQuerySchema = adminPagination.extend({
  status: outboxStatusSchema.optional(),
});
export type AdminOutboxQuery = z.input<typeof adminOutboxQuerySchema>;

/** An outbox message as admins see it: who it is for and what became of it, never its body. */
export const adminOutboxMessageSchema = z.object({
  id: z.uuid(),
  kind: z.string().describe('What caused it, e.g. receipt, password-reset, reminder'),
  to: z.string(),
  subject: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int().min(0).describe('Delivery attempts made so far'),
  next_attempt_at: isoDateTimeSchema
    .nullable()
    .describe('When a pending message is tried next; null once sent or dead'),
  last_error: z.string().nullable().describe("The transport's last error"),
  sent_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type AdminOutboxMessage = z.infer<typeof adminOutboxMessageSchema>;

/** `GET /admin/outbox` answer, newest first. */
export const adminOutboxResponseSchema = z.object({
  messages: z.array(adminOutboxMessageSchema),
  pagination: paginationSchema,
});
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>;

/** `POST /admin/outbox/{id}/retry` answer: the message after the new attempt. */
export const adminOutboxRetryResponseSchema = z.object({ message: adminOutboxMessageSchema });
export type AdminOutboxRetryResponse = z.infer<typeof adminOutboxRetryResponseSchema>;

/** `GET /admin/jobs/dead` query: paging. */
export const adminDeadJobsQuerySchema = adminPagination;
export type AdminDeadJobsQuery = z.input<typeof adminDeadJobsQuerySchema>;

/** A background job that failed on every retry (pg-boss's dead-letter queue). */
export const adminDeadJobSchema = z.object({
  id: z.uuid().describe("The job's id in the dead-letter queue"),
  queue: z.string().describe('The queue it failed on, e.g. flockr.order-expiry'),
  error: z.string().nullable().describe('What the last attempt threw'),
  retries: z.number().int().min(0),
  created_at: isoDateTimeSchema.describe('When the original job was created'),
  failed_at: isoDateTimeSchema.describe('When it reached the dead-letter queue'),
});
export type AdminDeadJob = z.infer<typeof adminDeadJobSchema>;

/**
 * `GET /admin/jobs/dead` answer, oldest first. `runner` says where jobs run: `pg-boss` on
 * PostgreSQL, `in-process` on the embedded database (whose failures are logged and retried on
 * the next round, so the list is always empty).
 */
export const adminDeadJobsResponseSchema = z.object({
  runner: z.enum(['pg-boss', 'in-process']),
  jobs: z.array(adminDeadJobSchema),
  pagination: paginationSchema,
});
export type AdminDeadJobsResponse = z.infer<typeof adminDeadJobsResponseSchema>;

/** `POST /admin/jobs/dead/{id}/retry` answer: the job went back to its queue. */
export const adminDeadJobRetryResponseSchema = z.object({
  queue: z.string(),
  message: z.string(),
});
export type AdminDeadJobRetryResponse = z.infer<typeof adminDeadJobRetryResponseSchema>;
