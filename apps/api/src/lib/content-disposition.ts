/**
 * The `Content-Disposition: attachment` value of a download (RFC 6266 §4, RFC 8187 for names
 * beyond ASCII), written the way @fastify/static's `reply.download` writes it (the
 * `content-disposition` package), so a file answered through nginx (docs/downloads.md) names
 * itself exactly like one streamed from here.
 */

/** An RFC 9110 §5.6.2 token: sent bare (`filename=flockr-v1.0.0.zip`). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `attachment; filename=…` for `filename` (a name, not a path). Printable ASCII without `%XX`:
 * bare if a token, else quoted (`\` before `"` and `\`). Anything else: quoted with `?` for each
 * character beyond ASCII, plus `filename*=UTF-8''…` carrying the exact name percent-encoded.
 * Pure; never throws.
 */
export function attachmentDisposition(filename: string): string {
  const quoted = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;
  if (/^[\x20-\x7e]*$/.test(filename) && !/%[0-9A-Fa-f]{2}/.test(filename))
    return `attachment; filename=${TOKEN.test(filename) ? filename : quoted(filename)}`;
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename=${quoted(filename.replace(/[^\x20-\x7e]/g, '?'))}; filename*=UTF-8''${exact}`;
}
