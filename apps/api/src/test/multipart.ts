/**
 * A multipart/form-data body for `app.inject` (uploads): the text fields in order, then the file
 * part `file` when given, as the release upload expects (fields first, docs/updates.md).
 */
import { randomBytes } from 'node:crypto';

/** The body and its content type. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { filename: string; data: Buffer; contentType?: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----flockr${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
