/**
 * Reading a visitor's computer from real browsers' headers (lib/computer.ts): the User-Agent
 * strings browsers send today, and User-Agent Client Hints winning over them where sent.
 */
import { describe, expect, it } from 'vitest';
import { computerOf } from './computer.js';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0',
  windows32:
    'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  windowsArmFirefox: 'Mozilla/5.0 (Windows NT 10.0; ARM64; rv:145.0) Gecko/20100101 Firefox/145.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Safari/605.1.15',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  firefoxUbuntu: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
  firefoxFedora: 'Mozilla/5.0 (X11; Fedora; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
  chromeLinuxArm:
    'Mozilla/5.0 (X11; Linux aarch64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1',
  curl: 'curl/8.11.1',
};

describe('computerOf: the User-Agent string alone', () => {
  it.each([
    ['Chrome on Windows', UA.chromeWindows, { platform: 'windows', arch: 'x64' }],
    ['Firefox on Windows', UA.firefoxWindows, { platform: 'windows', arch: 'x64' }],
    ['32-bit Windows', UA.windows32, { platform: 'windows', arch: 'ia32' }],
    ['Firefox on Windows on ARM', UA.windowsArmFirefox, { platform: 'windows', arch: 'arm64' }],
    [
      'Safari on a Mac (architecture frozen as Intel)',
      UA.safariMac,
      { platform: 'macos', arch: null },
    ],
    ['Chrome on a Mac', UA.chromeMac, { platform: 'macos', arch: null }],
    [
      'Firefox on Ubuntu',
      UA.firefoxUbuntu,
      { platform: 'linux', arch: 'x64', linuxPackage: 'deb' },
    ],
    [
      'Firefox on Fedora',
      UA.firefoxFedora,
      { platform: 'linux', arch: 'x64', linuxPackage: 'rpm' },
    ],
    [
      'Chrome on ARM Linux',
      UA.chromeLinuxArm,
      { platform: 'linux', arch: 'arm64', linuxPackage: null },
    ],
    ['Chrome OS (its Linux environment)', UA.chromeOs, { platform: 'linux', arch: 'x64' }],
  ] as const)('%s', (_name, ua, expected) => {
    expect(computerOf({ 'user-agent': ua })).toMatchObject({ ...expected, mobile: false });
  });

  it('a phone is no computer: Android (whose string says Linux) and an iPhone (like Mac OS X)', () => {
    for (const ua of [UA.chromeAndroid, UA.safariIphone]) {
      expect(computerOf({ 'user-agent': ua })).toEqual({
        platform: null,
        arch: null,
        mobile: true,
        linuxPackage: null,
      });
    }
  });

  it('a script or an unknown client tells nothing', () => {
    for (const headers of [{ 'user-agent': UA.curl }, {}]) {
      expect(computerOf(headers)).toEqual({
        platform: null,
        arch: null,
        mobile: false,
        linuxPackage: null,
      });
    }
  });
});

describe('computerOf: client hints win over the string', () => {
  it("Apple silicon, which only Chromium's Sec-CH-UA-Arch tells", () => {
    expect(
      computerOf({
        'user-agent': UA.chromeMac,
        'sec-ch-ua-platform': '"macOS"',
        'sec-ch-ua-mobile': '?0',
        'sec-ch-ua-arch': '"arm"',
        'sec-ch-ua-bitness': '"64"',
      }),
    ).toMatchObject({ platform: 'macos', arch: 'arm64', mobile: false });
  });

  it('an Intel Mac', () => {
    expect(
      computerOf({
        'user-agent': UA.chromeMac,
        'sec-ch-ua-platform': '"macOS"',
        'sec-ch-ua-arch': '"x86"',
        'sec-ch-ua-bitness': '"64"',
      }),
    ).toMatchObject({ platform: 'macos', arch: 'x64' });
  });

  it('Windows on ARM, whose string says "Win64; x64"', () => {
    expect(
      computerOf({
        'user-agent': UA.chromeWindows,
        'sec-ch-ua-platform': '"Windows"',
        'sec-ch-ua-arch': '"arm"',
        'sec-ch-ua-bitness': '"64"',
      }),
    ).toMatchObject({ platform: 'windows', arch: 'arm64' });
  });

  it('the platform hint over a string that names another', () => {
    expect(
      computerOf({ 'user-agent': UA.chromeWindows, 'sec-ch-ua-platform': '"Linux"' }),
    ).toMatchObject({ platform: 'linux', arch: 'x64' });
    expect(
      computerOf({ 'user-agent': UA.chromeWindows, 'sec-ch-ua-platform': '"Android"' }),
    ).toMatchObject({ platform: null, mobile: true });
  });

  it('the string again where the hints say nothing we know', () => {
    expect(
      computerOf({
        'user-agent': UA.firefoxUbuntu,
        'sec-ch-ua-platform': '"Unknown"',
        'sec-ch-ua-arch': '""',
      }),
    ).toMatchObject({ platform: 'linux', arch: 'x64', linuxPackage: 'deb' });
  });

  it('a mobile hint on an unknown platform is a phone', () => {
    expect(computerOf({ 'sec-ch-ua-mobile': '?1' })).toMatchObject({
      platform: null,
      mobile: true,
    });
  });
});
