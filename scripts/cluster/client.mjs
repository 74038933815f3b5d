/**
 * What the cluster checks send: JSON calls of the API, signed sandbox provider events, a large
 * multipart upload generated as a stream, and downloads hashed as they arrive. Nothing here holds
 * a large body in memory.
 */
import { createHash, randomFillSync } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SandboxPaymentProvider } from '../../apps/api/dist/modules/billing/providers/sandbox.js';

/**
 * Calls the API at `base` (…/api/v1): `method` `path` with an optional JSON `body`, bearer
 * `token` and extra `headers`; times out after `timeoutMs`. Resolves with { status, headers,
 * body (parsed JSON, or the text when not JSON) }. Network errors reject.
 */
export async function call(
  base,
  method,
  path,
  { body, token, headers = {}, timeoutMs = 15_000 } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/**
 * `call`, but expecting `status` (default 200/201): resolves with the parsed body.
 * @throws Error naming the call, the status and the answer otherwise.
 */
export async function expectCall(base, method, path, options = {}, status = [200, 201]) {
  const res = await call(base, method, path, options);
  const wanted = Array.isArray(status) ? status : [status];
  if (!wanted.includes(res.status)) {
    const shown = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    throw new Error(`${method} ${path} → ${res.status}: ${shown.slice(0, 300)}`);
  }
  return res.body;
}

/**
 * The sandbox payment provider of an app whose JWT_SECRET is `jwtSecret`: the built one
 * (apps/api/dist), so the events it signs are the ones the instances verify. Its
 * `pageEvent(orderId, sessionId, 'pay', eventId)` is a `checkout.session.completed` under
 * `eventId`, signed now (a redelivery is signed again by the caller).
 */
export function sandboxProvider(jwtSecret) {
  return new SandboxPaymentProvider('http://cluster.invalid', jwtSecret);
}

/**
 * POSTs `delivery` ({ rawBody, headers }, from `pageEvent`) to `base`'s sandbox webhook.
 * Resolves with the HTTP status; network errors reject.
 */
export async function deliverEvent(base, delivery) {
  const res = await fetch(`${base}/payments/webhooks/sandbox`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.rawBody,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Uploads a new version of `bytes` bytes to `base`'s POST /admin/downloads/upload (multipart:
 * version, release_date, then the file), the file generated on the fly in 1 MiB chunks of random
 * bytes (a ZIP's magic number first) and hashed as it is sent: never held in memory.
 * Resolves with { status, body (parsed JSON), upstream (X-Upstream header), sent: { size,
 * sha256 } }.
 */
export async function streamUpload(base, token, { version, releaseDate, bytes }) {
  const boundary = `----flockrcluster${Date.now()}`;
  /** One multipart text field `name` = `value`. */
  const field = (name, value) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('version', version) +
      field('release_date', releaseDate) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="flockr-${version}.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  const CHUNK = 1024 * 1024;
  /** Yields the multipart body: the fields, the generated file, the closing boundary. */
  async function* body() {
    yield head;
    for (let sent = 0; sent < bytes; sent += CHUNK) {
      const chunk = randomFillSync(Buffer.allocUnsafe(Math.min(CHUNK, bytes - sent)));
      if (sent === 0) chunk.write('PK\u0003\u0004', 0, 'latin1');
      hash.update(chunk);
      yield chunk;
    }
    yield tail;
  }
  const url = new URL(`${base}/admin/downloads/upload`);
  const answer = await new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + bytes + tail.length),
      },
    });
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.once('end', () => resolve({ res, text }));
      res.once('error', reject);
    });
    req.once('error', reject);
    pipeline(Readable.from(body()), req).catch(reject);
  });
  let parsed = answer.text;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    // not JSON
  }
  return {
    status: answer.res.statusCode,
    body: parsed,
    upstream: answer.res.headers['x-upstream'],
    sent: { size: bytes, sha256: hash.digest('hex') },
  };
}

/**
 * GETs `url` without following redirects and hashes the body as it arrives. Resolves with
 * { status, headers, size (bytes), sha256 (hex), text (the body's first 300 bytes, for an
 * answer other than 2xx) }.
 */
export async function hashDownload(url, { timeoutMs = 120_000 } = {}) {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const hash = createHash('sha256');
  let size = 0;
  let head = '';
  if (res.body) {
    for await (const chunk of res.body) {
      hash.update(chunk);
      if (size < 300)
        head += Buffer.from(chunk)
          .subarray(0, 300 - size)
          .toString('utf8');
      size += chunk.length;
    }
  }
  return {
    status: res.status,
    headers: res.headers,
    size,
    sha256: hash.digest('hex'),
    text: res.ok ? undefined : head,
  };
}
