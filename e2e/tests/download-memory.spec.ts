/**
 * A 200 MB version downloads without passing through the page's memory (requirements §4's
 * download, done by the browser itself from the signed link): the page's JavaScript heap before
 * and after the download stays flat, measured through the Chrome DevTools Protocol
 * (Performance.getMetrics). Runs in its own project after the others, because the version it
 * uploads is briefly the newest; it deactivates it at the end.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { adminLogin } from '../fixtures/admin';
import { signIn } from '../fixtures/api';
import { apiSubscribedUser } from './journeys-helpers';

const SIZE = 200 * 1024 * 1024;

/** SHA-256 (hex) of a file, read as a stream. */
async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

test('a 200 MB download keeps the page memory flat and saves the whole file', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminLogin(request);
  const content = Buffer.alloc(SIZE, 7);
  content.write('flockr-200mb-download-test');
  const version = `90.${Date.now() % 100_000}.0`;
  const upload = await request.post('/api/v1/admin/downloads/upload', {
    headers: admin.headers,
    multipart: {
      version,
      release_date: '2026-11-23',
      file: { name: 'big.zip', mimeType: 'application/zip', buffer: content },
    },
    timeout: 120_000,
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const releaseId = ((await upload.json()) as { download: { id: string } }).download.id;
  const expectedHash = createHash('sha256').update(content).digest('hex');

  try {
    const user = await apiSubscribedUser(request, 'bigdl');
    await signIn(page, user.auth, '/');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value;
    };
    const before = await heap();

    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('main').getByRole('button', { name: 'Download Now' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`flockr-v${version}.zip`);
    const saved = await download.path();
    const after = await heap();

    expect(await sha256File(saved)).toBe(expectedHash);
    // A Blob of the file would add 200 MB; the browser's own download adds nothing to the page.
    expect(after - before).toBeLessThan(10 * 1024 * 1024);
    console.log(
      `page JS heap: ${(before / 1e6).toFixed(1)} MB before, ${(after / 1e6).toFixed(1)} MB after the ${SIZE / 1e6} MB download`,
    );
    test.info().annotations.push({
      type: 'heap',
      description: `JS heap ${(before / 1e6).toFixed(1)} MB before, ${(after / 1e6).toFixed(1)} MB after a ${SIZE / 1e6} MB download`,
    });
  } finally {
    await request.put(`/api/v1/admin/downloads/${releaseId}`, {
      headers: admin.headers,
      data: { is_active: false },
    });
  }
});
