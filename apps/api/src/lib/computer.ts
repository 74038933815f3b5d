/**
 * Which computer a request comes from, for offering the right build (docs/downloads.md "Which
 * build is yours"). User-Agent Client Hints where the browser sends them (Chromium-based
 * browsers: `Sec-CH-UA-Platform` and `Sec-CH-UA-Mobile` always, `Sec-CH-UA-Arch` and
 * `Sec-CH-UA-Bitness` once a page asked for them with `Accept-CH`, see {@link ACCEPT_CLIENT_HINTS};
 * WICG "User-Agent Client Hints"), else the User-Agent string (RFC 9110 §10.1.5), whose
 * architecture browsers have frozen on macOS ("Intel Mac OS X" on every Mac) and mostly on
 * Windows ("Win64; x64"). Pure: headers in, a guess out; nothing here is trusted for access.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { archNamed, type Arch, type Computer, type Platform } from '@flockr/contract';

/**
 * The client hints the web app's pages ask for (`Accept-CH` on every HTML document), so that
 * the browser's later requests, the download calls among them, carry the CPU architecture.
 */
export const ACCEPT_CLIENT_HINTS = 'Sec-CH-UA-Platform, Sec-CH-UA-Arch, Sec-CH-UA-Bitness';

/** The request headers an answer read by {@link computerOf} depends on (its `Vary`). */
export const COMPUTER_HEADERS = [
  'User-Agent',
  'Sec-CH-UA-Platform',
  'Sec-CH-UA-Mobile',
  'Sec-CH-UA-Arch',
  'Sec-CH-UA-Bitness',
] as const;

/** A computer as read from a request, with the Linux package format its distribution uses. */
export interface DetectedComputer extends Computer {
  /** `deb` on Debian, Ubuntu and their kin, `rpm` on Fedora, Red Hat and SUSE, when told. */
  linuxPackage: 'deb' | 'rpm' | null;
}

/** One header's value as a string (Node joins repeated headers; an array takes its first). */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A structured-header string (`"macOS"`) without its quotes; undefined when absent. */
function hint(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = header(headers, name);
  if (value === undefined) return undefined;
  return value.trim().replace(/^"(.*)"$/, '$1');
}

/** The platform named by `Sec-CH-UA-Platform`, null for any other, 'mobile' for a phone's. */
function platformFromHint(value: string): Platform | 'mobile' | null {
  switch (value.toLowerCase()) {
    case 'windows':
      return 'windows';
    case 'macos':
      return 'macos';
    case 'linux':
    case 'chrome os':
    case 'chromium os':
      return 'linux';
    case 'android':
    case 'ios':
      return 'mobile';
    default:
      return null;
  }
}

/** The platform a User-Agent string names, null when none we build for, 'mobile' for a phone's. */
function platformFromUserAgent(ua: string): Platform | 'mobile' | null {
  // Before the desktop tests: Android's says "Linux", an iPad's or iPhone's "like Mac OS X".
  if (/Android|iPhone|iPad|iPod|Windows Phone|Mobile Safari/i.test(ua)) return 'mobile';
  if (/Windows NT|Win64|Win32|WOW64/i.test(ua)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'macos';
  // Chrome OS runs Linux programs in its Linux environment.
  if (/X11|Linux|CrOS|Ubuntu|Fedora/i.test(ua)) return 'linux';
  return null;
}

/**
 * The architecture `Sec-CH-UA-Arch` and `Sec-CH-UA-Bitness` name (contract `ARCH_ALIASES`
 * `clientHints`), null when not told.
 */
function archFromHints(arch: string, bitness: string | undefined): Arch | null {
  const name = arch.toLowerCase() + (bitness === '32' ? '/32' : '');
  return archNamed(name, 'clientHints');
}

/** The order in which a User-Agent's CPU words are believed when it names several. */
const USER_AGENT_ARCH_ORDER: readonly Arch[] = ['arm64', 'x64', 'ia32'];

/**
 * The architecture a User-Agent string names on `platform`, null when it does not tell: macOS
 * always says Intel, so it tells nothing there; Windows and Linux browsers name their CPU in a
 * word of the string (`Win64; x64`, `WOW64`, `ARM64`, `x86_64`, `aarch64`, `i686`: contract
 * `ARCH_ALIASES` `userAgent`), ARM first, then 64-bit, then 32-bit.
 */
function archFromUserAgent(ua: string, platform: Platform): Arch | null {
  if (platform === 'macos') return null;
  const named = new Set(
    (ua.match(/\w+/g) ?? []).map((word) => archNamed(word.toLowerCase(), 'userAgent')),
  );
  const arch = USER_AGENT_ARCH_ORDER.find((a) => named.has(a));
  if (arch) return arch;
  // A 32-bit Windows says only "Windows NT 10.0".
  if (platform === 'windows' && /Windows NT/i.test(ua)) return 'ia32';
  return null;
}

/**
 * The computer the request with `headers` comes from: client hints first, then the User-Agent
 * string. `platform` null and `mobile` true for a phone or tablet (nothing we build runs there);
 * `platform` null and `mobile` false when nothing tells (a script, an unknown browser).
 */
export function computerOf(headers: IncomingHttpHeaders): DetectedComputer {
  const ua = header(headers, 'user-agent') ?? '';
  const platformHint = hint(headers, 'sec-ch-ua-platform');
  const fromHint = platformHint ? platformFromHint(platformHint) : undefined;
  const found = fromHint === undefined || fromHint === null ? platformFromUserAgent(ua) : fromHint;
  const mobileHint = hint(headers, 'sec-ch-ua-mobile');
  if (found === 'mobile' || (found === null && mobileHint === '?1')) {
    return { platform: null, arch: null, mobile: true, linuxPackage: null };
  }
  if (found === null) return { platform: null, arch: null, mobile: false, linuxPackage: null };
  const archHint = hint(headers, 'sec-ch-ua-arch');
  const arch =
    (archHint ? archFromHints(archHint, hint(headers, 'sec-ch-ua-bitness')) : null) ??
    archFromUserAgent(ua, found);
  const linuxPackage =
    found !== 'linux'
      ? null
      : /Ubuntu|Debian|Mint|Pop!_OS|elementary/i.test(ua)
        ? 'deb'
        : /Fedora|Red Hat|CentOS|SUSE/i.test(ua)
          ? 'rpm'
          : null;
  return { platform: found, arch, mobile: false, linuxPackage };
}
