/**
 * Helpers shared by the journey specs (journeys*.spec.ts): a subscribed user, the seeded admin,
 * the site configuration, and small page checks (sideways overflow, colour of an element).
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@flockr/contract';
import { apiPay, adminLogin } from '../fixtures/admin';
import { apiOrder, apiRegister } from '../fixtures/api';

/** The seeded admin's session (see fixtures/admin.ts). */
export const apiAdmin = adminLogin;

/** A registered user with an active PRO subscription (register, order, pay in the sandbox). */
export async function apiSubscribedUser(request: APIRequestContext, prefix = 'sub') {
  const user = await apiRegister(request, prefix);
  const { paymentUrl } = await apiOrder(request, user.headers, 'PRO');
  await apiPay(request, user.headers, paymentUrl);
  return user;
}

/** The public site configuration (support e-mail, jurisdiction, …). */
export async function siteConfig(request: APIRequestContext) {
  const res = await request.get('/api/v1/site/config');
  expect(res.ok()).toBe(true);
  return (await res.json()) as { support_email: string; legal_jurisdiction: string };
}

/** The two auth entries the web app keeps in localStorage (requirements §9). */
export async function storedAuth(page: Page) {
  return page.evaluate(
    (keys) => ({
      token: localStorage.getItem(keys.token),
      user: localStorage.getItem(keys.user),
    }),
    STORAGE_KEYS,
  );
}

/** How far the page sticks out sideways, in CSS pixels (0 or less means no sideways scroll). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Expects the page not to stick out sideways once its layout has settled: after a resize the app
 * may still be switching layouts (a table becomes a list below a breakpoint), so the width is
 * asked again until it fits or `expect`'s timeout passes; `message` names the screen.
 */
export async function expectNoSidewaysOverflow(page: Page, message: string): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page), { message }).toBeLessThanOrEqual(0);
}

/**
 * The sRGB colour of a CSS colour property of `locator` (Tailwind 4 computes `oklch(...)`, so the
 * colour is painted on a 1×1 canvas and read back).
 */
export async function rgbOf(
  locator: Locator,
  property: 'background-color' | 'color' | 'border-top-color',
): Promise<{ r: number; g: number; b: number }> {
  return locator.evaluate((el, prop) => {
    const css = getComputedStyle(el).getPropertyValue(prop);
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return { r: r!, g: g!, b: b! };
  }, property);
}

/** Expects `locator` to be a red box: reddish background and border, red text. */
export async function expectRedBox(locator: Locator) {
  const bg = await rgbOf(locator, 'background-color');
  const border = await rgbOf(locator, 'border-top-color');
  const text = await rgbOf(locator, 'color');
  expect(bg.r, `background ${JSON.stringify(bg)}`).toBeGreaterThan(bg.g);
  expect(bg.r, `background ${JSON.stringify(bg)}`).toBeGreaterThan(bg.b);
  expect(border.r, `border ${JSON.stringify(border)}`).toBeGreaterThan(border.g + 20);
  expect(text.r, `text ${JSON.stringify(text)}`).toBeGreaterThan(text.g + 50);
}

/** URL predicate for `toHaveURL`: our origin's `pathAndQuery` exactly (e.g. '/plans'). */
export function at(pathAndQuery: string) {
  return (url: URL) => `${url.pathname}${url.search}${url.hash}` === pathAndQuery;
}
