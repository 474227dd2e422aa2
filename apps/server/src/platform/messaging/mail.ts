import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { PartnerRow } from '../../db/types.ts';

/**
 * Who a partner's mail is from: the partner's name as the display name of the platform's address
 * (MAIL_FROM's), and replies to the partner's support address. The platform address stays the
 * envelope sender, so bounces and SPF stay the platform's.
 */
export interface MailSender {
  name: string;
  replyTo?: string | null | undefined;
}

/** The sender of a partner's mail (white label): its name, replies to its support email when it has one. */
export function partnerSender(partner: Pick<PartnerRow, 'name' | 'supportEmail'>): MailSender {
  return { name: partner.name, replyTo: partner.supportEmail?.trim() || null };
}

export interface MailMessage {
  to: string;
  /** The partner the mail is sent for; unset, the mail is from MAIL_FROM as configured. */
  sender?: MailSender | undefined;
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

/** The bare address of MAIL_FROM (`Kinship <no-reply@x>` or `no-reply@x`). */
export function platformAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  return first?.address || from.trim();
}

/**
 * Nodemailer fields shared by both transports. A partner's mail is from an address object (the
 * partner's name, MAIL_FROM's address), which nodemailer quotes or encodes as the name needs.
 */
function envelope(from: string, message: MailMessage) {
  const { dedupeKey, sender, ...rest } = message;
  const address = platformAddress(from);
  const fields = {
    from: sender ? { name: sender.name, address } : from,
    ...(sender?.replyTo ? { replyTo: sender.replyTo } : {}),
    ...rest,
    envelope: { from: address, to: message.to },
  };
  if (!dedupeKey) return fields;
  return {
    ...fields,
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
