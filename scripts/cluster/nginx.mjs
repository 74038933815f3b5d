/**
 * The load balancer of a cluster run: deploy/nginx/flockr.conf (bench/lib/nginx.mjs
 * `deploySite`) turned into a round-robin upstream over every instance, with the settings that
 * make an instance's death or drain invisible to idempotent requests (docs/operations.md,
 * "Running several instances").
 */
import { deploySite } from '../../bench/lib/nginx.mjs';

/**
 * Passive health of each upstream server: after `max_fails` failed attempts (errors, timeouts,
 * 502/503 as listed in proxy_next_upstream) within `fail_timeout`, nginx leaves the server out
 * for `fail_timeout`, then tries it again. Short here so a restarted instance rejoins quickly.
 */
export const UPSTREAM_HEALTH = 'max_fails=1 fail_timeout=2s';

/**
 * The retry settings added to `location /`: a request that failed on one instance (connection
 * refused or reset, a timeout, a 502 or 503 answer) is passed to the next one. nginx never does
 * that for POST, PATCH or LOCK once the request was sent (`non_idempotent` is deliberately left
 * out), so a payment or an upload is never sent twice by the balancer.
 */
export const RETRY_DIRECTIVES = [
  'proxy_next_upstream error timeout http_502 http_503;',
  'proxy_next_upstream_tries 3;',
  'proxy_next_upstream_timeout 15s;',
  'proxy_connect_timeout 2s;',
];

/**
 * A `site` for bench/lib/nginx.mjs `startNginx`: flockr.conf with `upstreams` (host:port of each
 * instance) as the members of its upstream, each with UPSTREAM_HEALTH; RETRY_DIRECTIVES and an
 * `X-Upstream` answer header (which instance answered; for the checks) in its locations;
 * `artifacts` as the alias of the X-Accel-Redirect location (or a folder that is never used);
 * and `location = /ping` for startNginx's readiness wait. Returns (port, prefix) → http-block
 * text (the access log in the prefix folder).
 * @throws Error when flockr.conf no longer has the lines this relies on.
 */
export function clusterSite({ upstreams, artifacts }) {
  const deploy = deploySite({ app: upstreams[0], artifacts });
  return (port, prefix) => {
    let text = deploy(port, prefix);
    /** Replaces `from` in the text, failing loudly when flockr.conf changed shape. */
    const replace = (from, to) => {
      if (!text.includes(from)) throw new Error(`deploy/nginx/flockr.conf: no "${from}" any more`);
      text = text.replace(from, to);
    };
    replace(
      `server ${upstreams[0]};`,
      upstreams.map((u) => `server ${u} ${UPSTREAM_HEALTH};`).join('\n    '),
    );
    replace(
      'location / {',
      `location = /ping { return 200; }

    location / {
        ${RETRY_DIRECTIVES.join('\n        ')}
        add_header X-Upstream $upstream_addr always;`,
    );
    replace('internal;', 'internal;\n        add_header X-Upstream $upstream_addr always;');
    return text;
  };
}
