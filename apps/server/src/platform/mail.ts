import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: { filename: string; content: Buffer; contentType?: string }[] | undefined;
  /**
   * The logical message's unique key (the outbox's dedupe key). It fixes the Message-ID, so a
   * retried SMTP delivery carries the same id, and the .eml file's name, so a retried file delivery
   * finds the file already written and writes nothing.
   */
  dedupeKey?: string | undefined;
}

export interface Mailer {
  /** `duplicate` is true when a message with this dedupe key had already been delivered (file transport). */
  send(message: MailMessage): Promise<{ messageId: string; duplicate?: boolean }>;
}

const safeFileName = (text: string) => text.replace(/[^A-Za-z0-9@._-]/g, '_');

/** A stable Message-ID for a dedupe key, on the sender's domain. */
export function dedupeMessageId(dedupeKey: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'kinship.localhost';
  return `<${dedupeKey.replace(/[^A-Za-z0-9._-]/g, '.')}@${domain}>`;
}

/** Nodemailer fields shared by both transports. */
function envelope(from: string, message: MailMessage) {
  const { dedupeKey, ...rest } = message;
  if (!dedupeKey) return { from, ...rest };
  return {
    from,
    ...rest,
    messageId: dedupeMessageId(dedupeKey, from),
    headers: { 'X-Kinship-Dedupe-Key': dedupeKey },
  };
}

/**
 * Mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file under DATA_DIR/mail (the embedded default, and what tests read verification links from).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  mailDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail(envelope(options.from, message));
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      await fs.mkdir(options.mailDir, { recursive: true });
      if (!message.dedupeKey) {
        const file = path.join(
          options.mailDir,
          `${Date.now()}-${safeFileName(message.to)}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`,
        );
        await fs.writeFile(file, info.message as Buffer);
        return { messageId: info.messageId };
      }
      // Written whole under a temporary name, then linked to its final name, which fails if a
      // previous attempt already delivered it: the file appears complete and exactly once.
      const file = path.join(
        options.mailDir,
        `${safeFileName(message.dedupeKey)}-${safeFileName(message.to)}-once.eml`,
      );
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await fs.writeFile(partial, info.message as Buffer);
      try {
        await fs.link(partial, file);
        return { messageId: info.messageId };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          return { messageId: info.messageId, duplicate: true };
        throw error;
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
  };
}
