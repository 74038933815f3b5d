/**
 * Stored files sent from disk (send-file.ts) over real HTTP, from a Fastify server on a port to
 * Node's fetch and http clients: exact bytes over many chunks, single ranges, If-Range,
 * conditional GET, HEAD, concurrent and slow readers (a buffer is never reused before its write
 * called back), a client that leaves (the file is closed), and a file shorter than promised.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, readlink, rm, truncate, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_ERROR_CODES } from '@flockr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../lib/content-disposition.js';
import {
  bodyRange,
  FILE_CHUNK_BYTES,
  sendDelivery,
  sendStoredFile,
  writeFileRange,
} from './send-file.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Several chunks and a ragged end, so chunk boundaries fall inside every range below. */
const SIZE = 3 * FILE_CHUNK_BYTES + 12_345;
const KEY = 'artifacts/1.0.0/abcd1234-flockr.zip';
/** Larger than what the kernel's socket buffers can hold for a client that stops reading. */
const LARGE = 'artifacts/1.0.0/ef567890-large.zip';
const LARGE_SIZE = 64 * 1024 * 1024;

let root: string;
let bytes: Buffer;
let app: FastifyInstance;
let base: string;
const finished: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'send-file-'));
  bytes = randomBytes(SIZE);
  await mkdir(path.join(root, path.dirname(KEY)), { recursive: true });
  await writeFile(path.join(root, KEY), bytes);
  await writeFile(path.join(root, LARGE), ''); // then a sparse file of zeros: no disk used
  await truncate(path.join(root, LARGE), LARGE_SIZE);
  app = Fastify({ forceCloseConnections: true });
  // What the metrics and the access log hook into: it must still run for a hijacked answer.
  app.addHook('onResponse', async (request, reply) => {
    finished.push(`${request.headers.range ?? 'whole'} ${reply.statusCode}`);
  });
  app.get('/file', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return sendStoredFile(reply, root, KEY, 'flockr-v1.0.0.zip');
  });
  app.get('/large', async (_request, reply) =>
    sendStoredFile(reply, root, LARGE, 'large.zip', { sendTimeoutMs: 200 }),
  );
  // The download link's way (one range or none) and the feeds' (several ranges too).
  app.get('/delivered', async (_request, reply) =>
    sendDelivery(reply, root, { kind: 'stream', relativePath: KEY }, 'flockr.zip'),
  );
  app.get('/delivered-ranges', async (_request, reply) =>
    sendDelivery(reply, root, { kind: 'stream', relativePath: KEY }, 'flockr.zip', {
      multipartRanges: true,
    }),
  );
  app.get('/delivered-nginx', async (_request, reply) =>
    sendDelivery(
      reply,
      root,
      {
        kind: 'accel-redirect',
        uri: '/_protected/1.0.0/flockr.zip',
        contentType: 'application/zip',
      },
      'flockr.zip',
    ),
  );
  app.get('/delivered-bucket', async (_request, reply) =>
    sendDelivery(
      reply,
      root,
      { kind: 'redirect', url: 'https://bucket.example/flockr.zip?sig=1', expiresInSeconds: 300 },
      'flockr.zip',
    ),
  );
  app.get('/missing', async (_request, reply) =>
    sendStoredFile(reply, root, 'artifacts/1.0.0/gone.zip', 'gone.zip'),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** Open descriptors of this process that point at the stored file `key`. */
async function openDescriptorsOfFile(key = KEY): Promise<number> {
  const target = path.join(root, key);
  let count = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    const link = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (link === target) count += 1;
  }
  return count;
}

describe('sendStoredFile', () => {
  it('sends the whole file with its headers, keeping those the route set', async () => {
    const res = await fetch(`${base}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(attachmentDisposition('flockr-v1.0.0.zip'));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get('last-modified')).not.toBeNull();
    expect(sha256(await body(res))).toBe(sha256(bytes));
    await expect.poll(() => finished).toContain('whole 200');
  });

  it.each([
    ['bytes=1000-2999999', 1000, Math.min(2_999_999, SIZE - 1)],
    [`bytes=${FILE_CHUNK_BYTES - 1}-${FILE_CHUNK_BYTES}`, FILE_CHUNK_BYTES - 1, FILE_CHUNK_BYTES],
    ['bytes=-100', SIZE - 100, SIZE - 1],
    [`bytes=${SIZE - 5}-`, SIZE - 5, SIZE - 1],
    ['bytes=0-0', 0, 0],
  ])('answers Range %s with 206 and exactly those bytes', async (range, first, last) => {
    const res = await fetch(`${base}/file`, { headers: { range } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${first}-${last}/${SIZE}`);
    expect(res.headers.get('content-length')).toBe(String(last - first + 1));
    expect((await body(res)).equals(bytes.subarray(first, last + 1))).toBe(true);
    await expect.poll(() => finished).toContain(`${range} 206`);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const res = await fetch(`${base}/file`, { headers: { range: `bytes=${SIZE}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
  });

  it('honours If-Range: the range for the current ETag, the whole file for another', async () => {
    const etag = (await fetch(`${base}/file`, { method: 'HEAD' })).headers.get('etag')!;
    const fresh = await fetch(`${base}/file`, {
      headers: { range: 'bytes=10-19', 'if-range': etag },
    });
    expect(fresh.status).toBe(206);
    expect((await body(fresh)).equals(bytes.subarray(10, 20))).toBe(true);
    const stale = await fetch(`${base}/file`, {
      headers: { range: 'bytes=10-19', 'if-range': 'W/"0-0"' },
    });
    expect(stale.status).toBe(200);
    expect(sha256(await body(stale))).toBe(sha256(bytes));
  });

  it('answers HEAD and a matching If-None-Match without a body', async () => {
    const head = await fetch(`${base}/file`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(SIZE));
    expect((await body(head)).length).toBe(0);
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request.
    const again = await new Promise<{ status?: number; length: number }>((resolve, reject) => {
      http
        .get(`${base}/file`, { headers: { 'if-none-match': head.headers.get('etag')! } }, (res) => {
          let length = 0;
          res.on('data', (part: Buffer) => (length += part.length));
          res.on('end', () => resolve({ status: res.statusCode, length }));
        })
        .on('error', reject);
    });
    expect(again).toEqual({ status: 304, length: 0 });
  });

  it('answers 404 ARTIFACT_MISSING for a stored file that is gone', async () => {
    const res = await fetch(`${base}/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: API_ERROR_CODES.downloadFileMissing });
  });

  it('sends the same bytes to concurrent readers, a slow one among them', async () => {
    const slow = new Promise<Buffer>((resolve, reject) => {
      http.get(`${base}/file`, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => {
          parts.push(part);
          res.pause();
          setTimeout(() => res.resume(), 1);
        });
        res.on('end', () => resolve(Buffer.concat(parts)));
        res.on('error', reject);
      });
    });
    const fast = Array.from({ length: 4 }, async () => body(await fetch(`${base}/file`)));
    const all = await Promise.all([slow, ...fast]);
    for (const got of all) expect(sha256(got)).toBe(sha256(bytes));
  });

  it('closes the file when the client leaves mid-way, and keeps serving', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/file`, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await expect.poll(() => openDescriptorsOfFile(), { timeout: 5000 }).toBe(0);
    expect(sha256(await body(await fetch(`${base}/file`)))).toBe(sha256(bytes));
  });

  it('cuts off a client that stops reading, once it took no bytes for the send timeout', async () => {
    let resume = () => {};
    const received = new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/large`, (res) => {
          let length = 0;
          res.on('data', (part: Buffer) => (length += part.length));
          res.pause(); // the socket buffers fill up, then nothing moves
          resume = () => res.resume();
          res.once('close', () => resolve(length));
        })
        .on('error', reject);
    });
    await expect.poll(() => openDescriptorsOfFile(LARGE), { timeout: 5000 }).toBe(1);
    // The server gives up and closes the file while the client still reads nothing.
    await expect.poll(() => openDescriptorsOfFile(LARGE), { timeout: 5000 }).toBe(0);
    resume();
    expect(await received).toBeLessThan(LARGE_SIZE);
  });
});

describe('sendDelivery', () => {
  it('redirects to the bucket without caching, and hands nginx the file with our headers', async () => {
    const bucket = await fetch(`${base}/delivered-bucket`, { redirect: 'manual' });
    expect(bucket.status).toBe(302);
    expect(bucket.headers.get('location')).toBe('https://bucket.example/flockr.zip?sig=1');
    expect(bucket.headers.get('cache-control')).toBe('no-store');
    const nginx = await fetch(`${base}/delivered-nginx`);
    expect(nginx.status).toBe(200);
    expect(nginx.headers.get('x-accel-redirect')).toBe('/_protected/1.0.0/flockr.zip');
    expect(nginx.headers.get('content-type')).toBe('application/zip');
    expect(nginx.headers.get('content-disposition')).toBe(attachmentDisposition('flockr.zip'));
    expect(nginx.headers.get('cache-control')).toBe('private, no-store');
    expect((await body(nginx)).length).toBe(0);
  });

  it('answers several ranges as multipart/byteranges only when asked to, else the whole file', async () => {
    const range = 'bytes=0-9,100-109';
    const whole = await fetch(`${base}/delivered`, { headers: { range } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    expect(sha256(await body(whole))).toBe(sha256(bytes));
    const parts = await fetch(`${base}/delivered-ranges`, { headers: { range } });
    expect(parts.status).toBe(206);
    expect(parts.headers.get('content-type')).toMatch(/^multipart\/byteranges; boundary=/);
    expect(parts.headers.get('content-disposition')).toBe(attachmentDisposition('flockr.zip'));
    const text = (await body(parts)).toString('latin1');
    expect(text).toContain(`Content-Range: bytes 0-9/${SIZE}`);
    expect(text).toContain(`Content-Range: bytes 100-109/${SIZE}`);
    const none = await fetch(`${base}/delivered-ranges`, {
      headers: { range: `bytes=${SIZE}-,${SIZE + 10}-` },
    });
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    const one = await fetch(`${base}/delivered-ranges`, { headers: { range: 'bytes=5-9' } });
    expect(one.status).toBe(206);
    expect((await body(one)).equals(bytes.subarray(5, 10))).toBe(true);
  });
});

describe('writeFileRange', () => {
  /**
   * A Writable that calls back after `delayMs` and only then copies what it was given, as a
   * socket hands bytes on: a writer that reused its buffer sooner would show here.
   */
  function collector(delayMs = 0) {
    const parts: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        setTimeout(() => {
          parts.push(Buffer.from(chunk));
          callback();
        }, delayMs);
      },
    });
    return { out, bytes: () => Buffer.concat(parts) };
  }

  it('writes exactly the bytes asked for, in chunks of the given size', async () => {
    const file = await open(path.join(root, KEY), 'r');
    try {
      const sink = collector(1);
      await writeFileRange(sink.out, file, 7, 100_006, 4096);
      expect(sink.bytes().equals(bytes.subarray(7, 100_007))).toBe(true);
    } finally {
      await file.close();
    }
  });

  it('fails when the file ends before the last byte asked for', async () => {
    const file = await open(path.join(root, KEY), 'r');
    try {
      await expect(writeFileRange(collector().out, file, SIZE - 10, SIZE + 10)).rejects.toThrow(
        `file ended at byte ${SIZE}`,
      );
    } finally {
      await file.close();
    }
  });

  it("fails with the write's error", async () => {
    const file = await open(path.join(root, KEY), 'r');
    const out = new Writable({
      write: (_chunk, _encoding, callback) => callback(new Error('socket gone')),
    });
    out.on('error', () => {});
    try {
      await expect(writeFileRange(out, file, 0, 99)).rejects.toThrow('socket gone');
    } finally {
      await file.close();
    }
  });
});

describe('bodyRange', () => {
  it('reads the body bytes from the answer the library chose', () => {
    expect(bodyRange(200, { 'Content-Length': 10 }, 'GET')).toEqual({ first: 0, last: 9 });
    expect(bodyRange(206, { 'Content-Range': 'bytes 5-9/10' }, 'GET')).toEqual({
      first: 5,
      last: 9,
    });
    expect(bodyRange(200, { 'Content-Length': 10 }, 'HEAD')).toBeUndefined();
    expect(bodyRange(200, { 'Content-Length': 0 }, 'GET')).toBeUndefined();
    expect(bodyRange(304, {}, 'GET')).toBeUndefined();
  });
});
