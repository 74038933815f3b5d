/**
 * Which peers are trusted proxies, as Fastify's `trustProxy` option reads them: the rule behind
 * an incoming `X-Request-Id` (request-id.ts) and `X-Forwarded-Proto` (security-headers.ts).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Whether the immediate peer of a request is trusted, from `trustProxy` as config.ts has it:
 * true (every peer), false (none) or a comma-separated list of addresses, CIDR ranges or
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`), as Fastify reads it.
 */
export function trustedPeer(trustProxy: boolean | string): (req: IncomingMessage) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (req) => {
    const peer = req.socket?.remoteAddress;
    return peer !== undefined && trust(peer, 0);
  };
}
