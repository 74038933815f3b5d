/**
 * A real SMTP server for tests (the `smtp-server` package): messages sent by the app through
 * nodemailer arrive here over TCP and are parsed with `postal-mime`.
 */
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface TestInbox {
  url: string;
  messages: Email[];
  /** Waits until a message to `to` (and matching `subject`, when given) arrives. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<Email>;
  /** Messages to `to`. */
  to(address: string): Email[];
  close(): Promise<void>;
}

/** Starts an SMTP server on a free port of 127.0.0.1. */
export async function startSmtp(): Promise<TestInbox> {
  const messages: Email[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            messages.push(email);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const to = (address: string) =>
    messages.filter((m) => m.to?.some((t) => t.address?.toLowerCase() === address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address, subject, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address).find((m) => !subject || subject.test(m.subject ?? ''));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no e-mail to ${address} matching ${subject} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first URL in a message's text part that starts with `prefix`. */
export function linkIn(email: Email, prefix: string): string {
  const match = (email.text ?? '').match(
    new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s]+`),
  );
  if (!match) throw new Error(`no link ${prefix} in: ${email.text}`);
  return match[0];
}
