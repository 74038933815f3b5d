#!/usr/bin/env node
/**
 * The anchor of bench/throughput.mjs: a bare Fastify server (no plugins, no logger) that answers
 * GET of each path in the JSON file given as argv[2] with exactly that answer, on PORT. An entry
 * is { "/path": { "body": "text", "headers": { name: value } } }: the body as
 * application/json and, with SAME_HEADERS=1, the headers too (the same answer, byte for byte
 * but the Date); without it only the body, as Fastify sends it on its own. With LOG_FILE (and
 * LOG_LEVEL, default info) it logs as the product does, through the product's own built
 * `AccessLog` (ACCESS_LOG `notable` unless set: a read answered well and fast at `debug`) with
 * Fastify's own serializers, to that file through pino's own file destination. Prints "ready"
 * when listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const logFile = process.env.LOG_FILE;
/**
 * The product's own access log (its built plugins/access-log.ts), at ACCESS_LOG (default
 * `notable`); loaded only when logging, so the anchor runs without a build otherwise.
 */
const accessLog = logFile
  ? new (await import('../../apps/api/dist/plugins/access-log.js')).AccessLog(
      process.env.ACCESS_LOG || 'notable',
    )
  : undefined;

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sameHeaders = process.env.SAME_HEADERS === '1';
const app = Fastify(
  logFile
    ? {
        logger: { level: process.env.LOG_LEVEL || 'info', file: logFile },
        logController: accessLog,
      }
    : { logger: false },
);
for (const [path, { body, headers }] of Object.entries(answers)) {
  app.get(path, async (_request, reply) => {
    if (sameHeaders) reply.headers(headers);
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
