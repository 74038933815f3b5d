/**
 * License routes (docs/licenses.md): the owner's `/licenses/me` (key, devices, rotation, freeing
 * a seat), the program's public API under `/licenses/…` — rate limited per client address and
 * per key, every answer (errors included) signed with `Flockr-Signature` over the exact bytes
 * sent — and the seller's public keys, also at `/.well-known/flockr-license-keys.json`.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { API, LICENSE_SIGNATURE_HEADER } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Limiters } from '../../plugins/rate-limit.js';
import { route, type RouteExtras } from '../../plugins/route.js';
import { deactivateMyDevice, myLicense, rotateMyLicenseKey } from './owner.js';
import {
  activateDevice,
  checkLicense,
  checkoutLicenseFile,
  deactivateByProgram,
} from './program.js';
import { licenseKeysDocument, signatureHeader } from './signing.js';

/** Where the public keys are published outside /api/v1 (docs/licenses.md "Signing keys"). */
export const WELL_KNOWN_LICENSE_KEYS = '/.well-known/flockr-license-keys.json';

/**
 * An onSend hook signing the serialised answer: `Flockr-Signature: keyid="…",
 * algorithm="ed25519", signature="…"` over the body's exact bytes (docs/licenses.md).
 */
function signAnswers(ctx: AppContext): onSendHookHandler {
  return async (_request, reply, payload) => {
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      reply.header(
        LICENSE_SIGNATURE_HEADER,
        signatureHeader(ctx.config.licenses.signingKeys, payload),
      );
    }
    return payload;
  };
}

/** Registers the license routes. */
export function licenseRoutes(ctx: AppContext, limits: Limiters) {
  return async (app: FastifyInstance) => {
    route(app, API.licenses.me, async ({ user }) => myLicense(ctx, user));
    route(app, API.licenses.rotate, async ({ user }) => rotateMyLicenseKey(ctx, user));
    route(app, API.licenses.deactivateMyDevice, async ({ user, params }) =>
      deactivateMyDevice(ctx, user, params.id),
    );

    // The program's calls: small answers, signed, never compressed (the signature is over the
    // bytes the serialiser wrote, and compression would only cost time).
    const program: RouteExtras = {
      preHandler: [limits.licensePerIp, limits.licensePerKey],
      onSend: signAnswers(ctx),
      compress: false,
    };
    route(app, API.licenses.activate, async ({ body }) => activateDevice(ctx, body), program);
    route(app, API.licenses.validate, async ({ body }) => checkLicense(ctx, body), program);
    route(app, API.licenses.heartbeat, async ({ body }) => checkLicense(ctx, body), program);
    route(
      app,
      API.licenses.deactivate,
      async ({ body }) => deactivateByProgram(ctx, body),
      program,
    );
    route(app, API.licenses.checkout, async ({ body }) => checkoutLicenseFile(ctx, body), program);
    route(app, API.licenses.keys, async () => licenseKeysDocument(ctx.config.licenses.signingKeys));
  };
}

/**
 * `GET /.well-known/flockr-license-keys.json`: the same document as `GET /api/v1/licenses/keys`,
 * at a fixed address a program can have built in. Cacheable for five minutes.
 */
export function wellKnownLicenseKeysRoute(app: FastifyInstance, ctx: AppContext): void {
  const body = JSON.stringify(licenseKeysDocument(ctx.config.licenses.signingKeys));
  // Hidden from the OpenAPI document, which describes /api/v1 (`API.licenses.keys` is there).
  app.get(WELL_KNOWN_LICENSE_KEYS, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body),
  );
}
