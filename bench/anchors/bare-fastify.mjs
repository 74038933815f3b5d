#!/usr/bin/env node
/**
 * The anchor of bench/throughput.mjs: a bare Fastify server (no plugins, no logger) that answers
 * GET of each path in the JSON file given as argv[2] with exactly that answer, on PORT. An entry
 * is { "/path": { "body": "text", "headers": { name: value } } }: the body as
 * application/json and, with SAME_HEADERS=1, the headers too (the same answer, byte for byte
 * but the Date); without it only the body, as Fastify sends it on its own. With LOG_FILE (and
 * LOG_LEVEL, default info) it logs as the product does: one `request completed` line a request
 * with Fastify's own serializers (its `incoming request` line left out), to that file through
 * pino's own file destination. Prints "ready" when listening.
 */
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';

/** Fastify's request lines without `incoming request`: one line a request, as the product. */
class OneLine extends LogController {
  incomingRequest() {}
}

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sameHeaders = process.env.SAME_HEADERS === '1';
const logFile = process.env.LOG_FILE;
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
