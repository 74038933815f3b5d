/**
 * Downloads through a real nginx running deploy/nginx/flockr.conf in front of the app listening
 * on a port, with DOWNLOAD_ACCEL_REDIRECT set (docs/downloads.md): the bytes, Range (RFC 9110
 * §14), the headers the answer keeps, and the internal location closed to direct requests.
 * Needs Debian's nginx (`apt-get install -y nginx`); without it the group is skipped with the
 * reason, unless REQUIRE_ALL_SUITES=1 (or CI=true), where it fails instead.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLinkResponseSchema } from '@flockr/contract';
import {
  createHarness,
  registerUser,
  releaseFileRow,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { needs, type ServiceCheck } from '../../test/services.js';
import { updateUser } from '../accounts/repository.js';
import {
  deploySite,
  findNginx,
  startNginx,
  type RunningNginx,
} from '../../../../../bench/lib/nginx.mjs';

/** Whether a missing service must fail the run instead of skipping (scripts/test-all.mjs). */
const strict =
  ['1', 'true'].includes(process.env.REQUIRE_ALL_SUITES ?? '') || process.env.CI === 'true';
const binary = findNginx();
const nginxCheck: ServiceCheck = binary
  ? { available: true, where: binary, reason: '' }
  : {
      available: false,
      where: '/usr/sbin/nginx or PATH',
      reason: 'nginx not installed (apt-get install -y nginx)',
    };

const PREFIX = '/_protected_downloads/';

describe('downloads through nginx with X-Accel-Redirect', strict ? {} : needs(nginxCheck), () => {
  let h: Harness;
  let nginx: RunningNginx;
  beforeAll(async () => {
    if (!binary) throw new Error(`REQUIRE_ALL_SUITES: ${nginxCheck.reason}`);
    h = await createHarness({ downloadAccelRedirect: PREFIX });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = h.app.server.address() as AddressInfo;
    nginx = await startNginx({
      site: deploySite({
        app: `127.0.0.1:${port}`,
        artifacts: path.join(h.config.dataDir, 'artifacts'),
      }),
      ready: '/api/v1/health',
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await h?.close();
  });

  /** A subscriber's link to `version`, as a URL on nginx. */
  async function linkThroughNginx(version: string) {
    const user = await subscribedUser(h.app);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/downloads/link?version=${encodeURIComponent(version)}`,
      headers: user.headers,
    });
    const url = new URL(downloadLinkResponseSchema.parse(res.json()).download_url);
    return `${nginx.url}${url.pathname}${url.search}`;
  }

  /** The stored file of `version` and its recorded download count. */
  async function stored(version: string) {
    const row = await releaseFileRow(h.db, version);
    return {
      bytes: await readFile(path.join(h.config.dataDir, row.storagePath!)),
      downloadCount: row.downloadCount,
    };
  }

  const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

  it('sends the stored bytes with the app’s headers, and records the download', async () => {
    const before = await stored('1.0.0');
    const url = await linkThroughNginx('1.0.0');
    const app = await h.app.inject({ method: 'GET', url: url.slice(nginx.url.length) });
    expect(app.headers['x-accel-redirect']).toBe(`${PREFIX}1.0.0/flockr-v1.0.0.zip`);
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get('server')).toMatch(/^nginx/);
    expect(body.length).toBe(before.bytes.length);
    expect(sha256(body)).toBe(sha256(before.bytes));
    expect(res.headers.get('content-length')).toBe(String(before.bytes.length));
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=flockr-v1.0.0.zip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-accel-redirect')).toBeNull();
    // Every header of the app's answer reaches the client (its security headers through the
    // add_header lines), but those about the bytes, which nginx writes from the file.
    const aboutTheBytes = [
      'content-length',
      'date',
      'connection',
      'keep-alive',
      'x-accel-redirect',
    ];
    for (const [name, value] of Object.entries(app.headers))
      if (!aboutTheBytes.includes(name) && name !== 'x-request-id')
        expect(res.headers.get(name), name).toBe(String(value));
    // Each request has its own id, passed on by nginx (plugins/request-id.ts).
    expect(res.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    expect((await stored('1.0.0')).downloadCount).toBe(before.downloadCount + 1);
  });

  it('answers a Range request with 206, Content-Range and exactly those bytes', async () => {
    const { bytes } = await stored('1.1.0');
    const url = await linkThroughNginx('1.1.0');
    const part = await fetch(url, { headers: { range: 'bytes=1000-4999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-4999/${bytes.length}`);
    expect(part.headers.get('content-disposition')).toBe('attachment; filename=flockr-v1.1.0.zip');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 5000));

    const tail = await fetch(url, { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 100));

    const beyond = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();
  });

  it('serves a stored name that needs percent-encoding (a version with build metadata)', async () => {
    const admin = await registerUser(h.app, 'admin');
    await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
    const bytes = Buffer.alloc(200_000, 3);
    bytes.write('PK\u0003\u0004', 0, 'latin1');
    const version = '2.0.0-rc.1+build.7';
    const form = multipartBody(
      { version, release_date: '2026-12-24' },
      { filename: 'odd name.zip', data: bytes, contentType: 'application/zip' },
    );
    const upload = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin/downloads/upload',
      headers: { ...admin.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const res = await fetch(await linkThroughNginx(version));
    expect(res.status).toBe(200);
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(bytes));
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename=flockr-v2.0.0-rc.1+build.7.zip',
    );
  });

  it('passes the app’s refusals on and sends no file for them', async () => {
    const url = new URL(await linkThroughNginx('1.0.0'));
    url.searchParams.set('token', `${url.searchParams.get('token')}x`);
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'DOWNLOAD_LINK_INVALID' });
  });

  it('answers 404 to a direct request for the internal location, and reaches nothing else of DATA_DIR', async () => {
    const secret = await readFile(path.join(h.config.dataDir, 'jwt-secret'), 'utf8').catch(
      () => h.config.jwtSecret,
    );
    for (const target of [
      `${PREFIX}1.0.0/flockr-v1.0.0.zip`,
      `${PREFIX}1.0.0/`,
      PREFIX,
      `${PREFIX}../jwt-secret`,
      `${PREFIX}%2e%2e/jwt-secret`,
      '/_protected_downloads../jwt-secret',
    ]) {
      const res = await fetch(`${nginx.url}${target}`);
      const text = await res.text();
      expect(res.status, target).toBe(404);
      expect(text, target).not.toContain(secret.trim());
      expect(text, target).not.toContain('PK');
    }
  });

  it('logs every request without its download or feed token (the access log in the file’s own format)', async () => {
    const link = new URL(await linkThroughNginx('1.0.0'));
    const linkToken = link.searchParams.get('token')!;
    expect((await fetch(link)).status).toBe(200);
    const feedToken = `flf_${'A1b2_C3d4-'.repeat(5).slice(0, 46)}`;
    const feed = await fetch(
      `${nginx.url}/api/v1/updates/t/${feedToken}/velopack/releases.stable.json?os=linux`,
    );
    expect(feed.status).toBe(401);
    // nginx writes a line once the answer is sent; read until both are there.
    let log = '';
    for (let i = 0; i < 50 && !/velopack[\s\S]*$/.test(log); i++) {
      log = await readFile(path.join(nginx.prefix, 'access.log'), 'utf8').catch(() => '');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(log).toContain('GET /api/v1/downloads/file?token=[REDACTED] HTTP/1.1" 200');
    expect(log).toContain(
      'GET /api/v1/updates/t/[REDACTED]/velopack/releases.stable.json?os=linux HTTP/1.1" 401',
    );
    expect(log).not.toContain(linkToken);
    expect(log).not.toContain(feedToken);
  });
});
