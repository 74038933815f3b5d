/**
 * E-mail with nodemailer (README "E-mail"). With SMTP_URL set, messages go to that SMTP server. Without
 * it (the embedded default) each message is written as an .eml file under DATA_DIR/outbox and a
 * one-line log says where, so a local user can open it in any mail program.
 * Everything sent today is transactional (account links, receipts, reminders); marketing mail, once
 * there is any, goes only to users who opted in (`marketing_emails`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/logger.js';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';

/** A message to send; `text` and `html` are both required. */
interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: 'transactional' | 'marketing';
}

export interface Mailer {
  /** Sends `message`. Throws when the transport fails. */
  send(message: MailMessage): Promise<void>;
}

/**
 * How long the SMTP transport waits, in milliseconds, before it gives up and closes the
 * connection: for the TCP (and TLS) connection, for the server's greeting, and for any answer
 * once connected. nodemailer's own defaults (2 min, 30 s, 10 min) would hold a socket open past
 * the outbox's bound on one send (OUTBOX_SEND_TIMEOUT_MS, 2 min). Query parameters of SMTP_URL
 * with the same names (`?socketTimeout=30000`) override them (nodemailer's URL options).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 60_000,
} as const;

/** Builds the mailer `config` asks for. */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: Logger,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        log.info({ subject: message.subject }, 'e-mail sent');
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ file }, `e-mail "${message.subject}" written to ${file}`);
    },
  };
}
