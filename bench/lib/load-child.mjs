#!/usr/bin/env node
/**
 * Runs one autocannon load in a process of its own and prints its result as one line of JSON
 * (`{ "2xx": n, "non2xx": n, "errors": n, "total": n }`): argv[2] is autocannon's options as JSON.
 * Used through {@link ./server.mjs loadInChild} by the benches that measure someone else's
 * latency during a load: the attacker's client then does not share an event loop (and its
 * pauses) with the client doing the measuring, as on any real network.
 */
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]));
console.log(
  JSON.stringify({
    '2xx': result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  }),
);
