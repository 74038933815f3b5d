/**
 * License seats in a real browser (docs/licenses.md "Seats"): a PRO subscriber's license (2
 * seats) is activated on two devices through the program's public API, so a third activation is
 * refused with DEVICE_LIMIT_REACHED; on /profile the License card shows "2 of 2 in use" with both
 * devices, the subscriber deactivates one (confirmed), the card shows the seat free at once, and
 * the third device's activation then succeeds and appears on the card.
 */
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import {
  API_ERROR_CODES,
  deviceLimitMessage,
  type ActivateLicenseResponse,
  type MyLicenseResponse,
} from '@flockr/contract';
import { expect, test, type Page } from '../fixtures/test';
import { signIn } from '../fixtures/api';
import { apiSubscribedUser, expectNoSidewaysOverflow } from './journeys-helpers';

/** A device as the program describes itself when it activates. */
function device(name: string, platform: 'windows' | 'macos' | 'linux') {
  return {
    fingerprint: randomBytes(32).toString('hex'),
    name,
    platform,
    hostname: name.toLowerCase().replace(/\W+/g, '-'),
    app_version: '1.4.2',
  };
}

/** `POST /api/v1/licenses/activate` as the program sends it (no session, only the key). */
function activate(request: APIRequestContext, key: string, d: ReturnType<typeof device>) {
  return request.post('/api/v1/licenses/activate', { data: { key, ...d } });
}

/** Serious or critical axe findings inside `selector` (WCAG 2.1 A and AA). */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('a license at its seat limit frees a device on /profile, and a new activation then succeeds', async ({
  page,
  request,
}) => {
  const user = await apiSubscribedUser(request, 'seats');
  const mine = await request.get('/api/v1/licenses/me', { headers: user.headers });
  expect(mine.status()).toBe(200);
  const { license } = (await mine.json()) as MyLicenseResponse;
  expect(license).not.toBeNull();
  const key = license!.key;
  expect(license!.max_devices).toBe(2);

  // The program activates the license on two devices: every seat is taken.
  const office = device('Office PC', 'windows');
  const laptop = device('Travel MacBook', 'macos');
  for (const d of [office, laptop]) {
    const res = await activate(request, key, d);
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as ActivateLicenseResponse).activated).toBe(true);
  }
  const third = device('Studio Linux box', 'linux');
  const refused = await activate(request, key, third);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    error: deviceLimitMessage(2),
    code: API_ERROR_CODES.deviceLimitReached,
  });

  // On /profile: the license, what it gives, its key, and both devices holding the two seats.
  await signIn(page, user.auth, '/profile');
  const card = page.getByRole('heading', { name: 'License', exact: true }).locator('../../..');
  await expect(card).toContainText('Active until');
  await expect(card).toContainText('Plan: PRO');
  const gives = card.getByRole('list', { name: 'What your plan gives' });
  await expect(gives.getByRole('listitem')).toHaveText([
    'Up to 5 Twitter accounts',
    '500 daily actions',
    'Email support',
  ]);
  await expect(card.getByLabel('License key')).toContainText(`ends in ${key.slice(-6)}`);
  await expect(card.getByLabel('License key')).not.toContainText(key);
  await card.getByRole('button', { name: 'Show license key' }).click();
  await expect(card.getByLabel('License key')).toHaveText(key);

  const devices = card.getByRole('region', { name: 'Devices' });
  await expect(devices).toContainText('2 of 2 in use');
  const list = devices.getByRole('list', { name: 'Activated devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Office PC');
  await expect(list).toContainText('Windows · Version 1.4.2 · Last seen just now');
  await expect(list).toContainText('Travel MacBook');
  await expect(devices).toContainText('Every seat is in use');
  expect(await axeFindings(page, 'main')).toEqual([]);

  // The subscriber frees the Office PC's seat.
  await devices.getByRole('button', { name: 'Deactivate Office PC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Office PC?' });
  await expect(dialog).toContainText('stops working at once, and its seat is freed');
  await dialog.getByRole('button', { name: 'Deactivate device' }).click();
  await expect(page.getByText('Office PC deactivated: its seat is free')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(devices).toContainText('1 of 2 in use');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Office PC');

  // The third device's activation now takes the free seat.
  const accepted = await activate(request, key, third);
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect(((await accepted.json()) as ActivateLicenseResponse).activated).toBe(true);
  // The Office PC, deactivated, must activate again: no seat is left for it.
  expect((await activate(request, key, office)).status()).toBe(403);

  await page.reload();
  await expect(devices).toContainText('2 of 2 in use');
  await expect(list).toContainText('Studio Linux box');
  await expect(list).toContainText('Linux · Version 1.4.2');
  await expect(list).not.toContainText('Office PC');

  // On a phone the card fits: long keys and names wrap inside it.
  await page.setViewportSize({ width: 375, height: 800 });
  await card.getByRole('button', { name: 'Show license key' }).click();
  await expectNoSidewaysOverflow(page, '/profile with the License card at 375 px');
});
