/** Reading the multipart bodies the admin's uploads send, in tests. */
import type { RecordedCall } from '../../../test/api';

/** The parts of a multipart request in order: name, the file name of file parts, and the value. */
export function multipartParts(
  call: RecordedCall,
): Array<{ name: string; filename?: string; value: string }> {
  const boundary = /boundary=(.+)$/.exec(call.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart request');
  return String(call.body)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.split('\r\n\r\n');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      return { name, filename, value: rest.join('\r\n\r\n').replace(/\r\n$/, '') };
    });
}
