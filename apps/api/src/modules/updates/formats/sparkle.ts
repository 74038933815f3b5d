/**
 * Sparkle's appcast (Sparkle 2 "Publishing an update" / appcast documentation; read by Sparkle's
 * SUAppcast / SUAppcastItem): an RSS 2.0 feed with Sparkle's namespace, one `<item>` per release.
 * Built with fast-xml-parser's XMLBuilder, which escapes text and attributes. Pure: no I/O.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { Arch } from '@flockr/contract';
import type { FeedArtifact, FeedRelease } from '../feed-model.js';

/** Sparkle's XML namespace; Sparkle looks elements up by the literal `sparkle:` prefix. */
export const SPARKLE_NAMESPACE = 'http://www.andymatuschak.org/xml-namespaces/sparkle';

/** The appcast's `<channel>` header. */
export interface SparkleAppcastOptions {
  /** The feed's title (e.g. the program's name). */
  title: string;
  /** The program's web page. */
  link: string;
  /** The feed's description; the title when absent (RSS 2.0 requires one). */
  description?: string;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

/** Characters XML 1.0 cannot carry at all, escaped or not (controls, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` without the characters XML 1.0 cannot carry. */
function xmlText(s: string): string {
  return s.replace(NOT_XML, '');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as RFC 822 / RSS `pubDate`, in UTC with a numeric zone, the pattern Sparkle parses
 * (`E, dd MMM yyyy HH:mm:ss Z`), e.g. `Mon, 04 May 2026 10:00:00 +0000`.
 */
export function rfc822Date(date: Date): string {
  return (
    `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ` +
    `${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:` +
    `${two(date.getUTCSeconds())} +0000`
  );
}

/**
 * Preference among macOS builds: a Sparkle item has one enclosure for every Mac, so the
 * universal build first, then Intel (runs on Apple silicon too), then Apple silicon only.
 */
const MAC_PREFERENCE: Arch[] = ['universal', 'x64', 'arm64'];

/** The release's Sparkle update: a macOS `zip` (preferred), else a `dmg`; null when neither. */
function enclosureArtifact(release: FeedRelease): FeedArtifact | null {
  for (const kind of ['zip', 'dmg'] as const) {
    for (const arch of MAC_PREFERENCE) {
      const found = release.artifacts.find(
        (a) => a.platform === 'macos' && a.kind === kind && a.arch === arch,
      );
      if (found) return found;
    }
  }
  return null;
}

/** One `<item>`, keys in the order Sparkle's generate_appcast writes them. */
function item(release: FeedRelease, artifact: FeedArtifact): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    title: xmlText(release.title ?? `Version ${release.version}`),
    pubDate: rfc822Date(release.publishedAt),
    'sparkle:version': release.version,
    'sparkle:shortVersionString': release.version,
  };
  if (release.channel !== 'stable') entry['sparkle:channel'] = release.channel;
  if (release.minimumSystemVersion !== null) {
    entry['sparkle:minimumSystemVersion'] = xmlText(release.minimumSystemVersion);
  }
  // Sparkle 2.9+: an Apple-silicon-only build is not offered to Intel Macs.
  if (artifact.arch === 'arm64') entry['sparkle:hardwareRequirements'] = 'arm64';
  // An empty element: critical for every version below this one.
  if (release.critical) entry['sparkle:criticalUpdate'] = '';
  if (release.notes !== null) {
    entry.description = { '#text': xmlText(release.notes), '@_sparkle:format': 'markdown' };
  }
  const enclosure: Record<string, string> = {
    '@_url': xmlText(artifact.url),
    '@_length': String(artifact.size),
    '@_type': 'application/octet-stream',
  };
  if (artifact.edSignature !== null) enclosure['@_sparkle:edSignature'] = artifact.edSignature;
  entry.enclosure = enclosure;
  return entry;
}

/**
 * The appcast of `releases` (newest first) as XML text: RSS 2.0 with the `xmlns:sparkle`
 * namespace and a `<channel>` of `opts`, then one `<item>` per release that has a macOS `zip`
 * (or else `dmg`) artifact, universal build preferred, then x64, then arm64 (that one marked
 * `sparkle:hardwareRequirements` arm64). An item has `title` (the changelog title or
 * "Version x"), `pubDate` (RFC 822), `sparkle:version` and `sparkle:shortVersionString` (the
 * semantic version: the app's CFBundleVersion must be it for Sparkle's comparison to hold),
 * `sparkle:channel` (omitted for stable: Sparkle offers channel-less items to everyone),
 * `sparkle:minimumSystemVersion` when set, an empty `sparkle:criticalUpdate` when critical,
 * `description sparkle:format="markdown"` with the notes (Sparkle 2.4+ shows them as plain text)
 * when there are some, and `enclosure` (`url`, `length` in bytes, `type`, `sparkle:edSignature`
 * when stored). Text and attributes are escaped; characters XML cannot carry are dropped.
 */
export function sparkleAppcast(releases: FeedRelease[], opts: SparkleAppcastOptions): string {
  const items: Record<string, unknown>[] = [];
  for (const release of releases) {
    const artifact = enclosureArtifact(release);
    if (artifact) items.push(item(release, artifact));
  }
  const channel: Record<string, unknown> = {
    title: xmlText(opts.title),
    link: xmlText(opts.link),
    description: xmlText(opts.description ?? opts.title),
  };
  if (items.length > 0) channel.item = items;
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:sparkle': SPARKLE_NAMESPACE,
      channel,
    },
  }) as string;
}
