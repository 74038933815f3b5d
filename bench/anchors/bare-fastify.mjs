#!/usr/bin/env node
/**
 * The anchor of bench/throughput.mjs: a bare Fastify server (no plugins, no logger) that answers
 * GET of each path in the JSON file given as argv[2] ({ "/path": "body text" }) with exactly
 * that body as application/json, on PORT. Prints "ready" when listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(answers)) {
  app.get(path, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
