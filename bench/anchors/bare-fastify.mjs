#!/usr/bin/env node
/**
 * The anchor of bench/throughput.mjs: a bare Fastify server (no plugins, no logger) that answers
 * GET of each path in the JSON file given as argv[2] with exactly that answer, on PORT. An entry
 * is { "/path": { "body": "text", "headers": { name: value } } }: the body as
 * application/json and, with SAME_HEADERS=1, the headers too (the same answer, byte for byte
 * but the Date); without it only the body, as Fastify sends it on its own. With LOG_FILE (and
 * LOG_LEVEL, default info) it logs as the product does: one `request completed` line a request
 * with Fastify's own serializers (its `incoming request` line left out), at the level the
 * product's rule gives (its built `accessLevel`, ACCESS_LOG `notable` unless set: a read answered
 * well and fast at `debug`), to that file through pino's own file destination. Prints "ready"
 * when listening.
 */
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';

const logFile = process.env.LOG_FILE;
const accessLog = process.env.ACCESS_LOG || 'notable';
/** The product's rule, from its build; read only when logging, so the anchor runs without it. */
const { accessLevel } = logFile ? await import('../../apps/api/dist/plugins/access-log.js') : {};

/** Fastify's request lines as the product writes them: no `incoming request`, its level rule. */
class OneLine extends LogController {
  incomingRequest() {}

  requestCompleted(error, request, reply) {
    const line = { res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else {
      const level = accessLevel(accessLog, request.method, reply.statusCode, reply.elapsedTime);
      reply.log[level](line, 'request completed');
    }
  }
}

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sameHeaders = process.env.SAME_HEADERS === '1';
const app = Fastify(
  logFile
    ? {
        logger: { level: process.env.LOG_LEVEL || 'info', file: logFile },
        logController: new OneLine(),
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
