import {
  formatCents,
  formatDate,
  sponsoredRecordName,
  TRIAL_REMINDER_DAYS_BEFORE,
  trialReminderDate,
} from '@kinship/domain';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Db, PartnerRow, Queryable } from '../../../db/types.ts';
import type { MailMessage } from '../../../platform/messaging/mail.ts';
import { storedMessage, type OutboxRow } from '../../../platform/messaging/outbox.ts';
import type { Storage } from '../../../platform/storage.ts';
import { logoPng, pdfSafe } from '../receipts/receipts.service.ts';
import { formatCode } from './codes.ts';
import { findGiftById, findRecord, type GiftRow, type TrialRow } from './gifts.repository.ts';
import { type SiteUrlConfig, partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';
import { findPartnerById } from '../../partners/index.ts';

/**
 * The gift's mail (outbox kind 'gift', decision 047): the recipient's link and code, with the gift
 * card PDF rendered at send time (pdfkit, decision 007): the partner's logo and colour, the record's
 * first name and picture only when the record is not masked, the code and the giver's message.
 */

export const GIFT_CARD_FILENAME = 'gift-card.pdf';
const GIFT_KEY = /^gift:(\d+):/;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const giftSubject = (partnerName: string, giverName: string | null) =>
  `${giverName || 'Someone'} gave you a sponsorship with ${partnerName}`;

export function redeemLink(partner: { subdomain: string }, code: string, config?: SiteUrlConfig) {
  return partnerSiteUrl(partner, `/redeem/${code}`, config);
}

interface GiftView {
  partnerName: string;
  giverName: string | null;
  recipientName: string | null;
  message: string | null;
  period: string;
  code: string;
  link: string;
  /** Null when the record is masked. */
  recordFirstName: string | null;
  expires: string | null;
}

function viewOf(
  partner: PartnerRow,
  gift: GiftRow,
  record: {
    firstName: string | null;
    title: string | null;
    sponsoredTypesId: number;
    id: number;
    masked: boolean;
  } | null,
  config?: SiteUrlConfig,
): GiftView {
  return {
    partnerName: partner.name,
    giverName: gift.giverName,
    recipientName: gift.recipientName,
    message: gift.message,
    period: gift.openEnded ? 'the first month' : `${gift.months} months`,
    code: formatCode(gift.code),
    link: redeemLink(partner, gift.code, config),
    recordFirstName: record && !record.masked ? sponsoredRecordName(record, '') || null : null,
    expires: gift.expiresAt ? formatDate(gift.expiresAt.toISOString().slice(0, 10)) : null,
  };
}

function giftText(v: GiftView): string {
  return [
    `Dear ${v.recipientName || 'friend'},`,
    '',
    `${v.giverName || 'Someone'} has given you a sponsorship${v.recordFirstName ? ` of ${v.recordFirstName}` : ''} with ${v.partnerName}, paid for ${v.period}.`,
    ...(v.message ? ['', v.message] : []),
    '',
    `Redeem your gift: ${v.link}`,
    `Your code: ${v.code}${v.expires ? ` (use it by ${v.expires})` : ''}`,
    '',
    'Your gift card is attached as a PDF.',
    '',
    v.partnerName,
    '',
  ].join('\n');
}

function giftHtml(v: GiftView): string {
  return [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;color:#222">',
    `<h1 style="font-size:1.4rem">${escapeHtml(v.partnerName)}</h1>`,
    `<p>Dear ${escapeHtml(v.recipientName || 'friend')},</p>`,
    `<p>${escapeHtml(`${v.giverName || 'Someone'} has given you a sponsorship${v.recordFirstName ? ` of ${v.recordFirstName}` : ''} with ${v.partnerName}, paid for ${v.period}.`)}</p>`,
    ...(v.message
      ? [
          `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:1rem">${escapeHtml(v.message)}</blockquote>`,
        ]
      : []),
    `<p><a href="${escapeHtml(v.link)}">Redeem your gift</a></p>`,
    `<p>Your code: <strong>${escapeHtml(v.code)}</strong>${v.expires ? ` (use it by ${escapeHtml(v.expires)})` : ''}</p>`,
    '<p style="color:#555;font-size:0.9rem">Your gift card is attached as a PDF.</p>',
    '</body></html>',
  ].join('\n');
}

/** Queues the recipient's mail; `attempt` keeps a resend apart from the first delivery. */
export async function queueGiftMail(
  tx: Queryable,
  partner: PartnerRow,
  gift: GiftRow,
  attempt: number,
  config?: SiteUrlConfig,
): Promise<void> {
  const record = gift.sponsoredsId ? await findRecord(tx, partner.id, gift.sponsoredsId) : null;
  const view = viewOf(partner, gift, record, config);
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'gift',
    dedupeKey: `gift:${gift.id}:${attempt}`,
    toAddress: gift.recipientEmail!,
    subject: giftSubject(partner.name, gift.giverName),
    bodyText: giftText(view),
    bodyHtml: giftHtml(view),
    attachments: [{ filename: GIFT_CARD_FILENAME, path: `gift:${gift.id}` }],
  });
}

/**
 * The words of a mail about a sponsorship that ends unless the person keeps it (a trial's
 * confirmation, the reminder of a gift's or trial's end): a greeting, the mail's own lines, the
 * link to their sponsorships (in HTML a link labelled `linkLabel`), what happens if they do
 * nothing, and the partner's name. Sent as stored.
 */
function sponsorshipEndingMail(
  partner: PartnerRow,
  config: SiteUrlConfig | undefined,
  lines: string[],
  linkLabel: string,
): { bodyText: string; bodyHtml: string } {
  const link = partnerSiteUrl(partner, '/profile/sponsorships', config);
  const text = [
    'Hello,',
    '',
    ...lines,
    link,
    '',
    'If you do nothing, the sponsorship ends on that day and the place goes to someone else.',
    '',
    partner.name,
    '',
  ].join('\n');
  const paragraphs = text
    .split('\n')
    .map((l) =>
      l === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`
        : `<p>${escapeHtml(l)}</p>`,
    );
  return {
    bodyText: text,
    bodyHtml: `<!doctype html><html><body style="font-family:sans-serif">${paragraphs.join('')}</body></html>`,
  };
}

/** The invitation to continue a gift, or the reminder of a trial's end (kind 'reminder', sent as stored). */
export async function queueReminderMail(
  tx: Queryable,
  partner: PartnerRow,
  kind: 'gift' | 'trial',
  row: (GiftRow | TrialRow) & { endsOn?: Date | null },
  config: SiteUrlConfig | undefined,
  to?: string | null,
): Promise<void> {
  const address = to ?? (row as GiftRow).recipientEmail ?? null;
  if (!address) return;
  const ends =
    (kind === 'gift' ? (row as GiftRow).paidThrough : (row as TrialRow).endsAt)?.toISOString().slice(0, 10) ??
    '';
  const what = kind === 'gift' ? 'The sponsorship you were given' : 'Your trial sponsorship';
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'reminder',
    dedupeKey: `${kind}:${row.id}:reminder`,
    toAddress: address,
    subject: `${what} with ${partner.name} ends on ${ends}`,
    ...sponsorshipEndingMail(
      partner,
      config,
      [
        `${what} with ${partner.name} ends on ${ends}.`,
        'To keep sponsoring, continue with your own card in one step from your sponsorships:',
      ],
      'Continue my sponsorship',
    ),
  });
}

/**
 * The confirmation of a trial just started (kind 'sponsorship_notice', sent as stored, once per
 * trial): whom it sponsors, when it ends, when the reminder comes, and where to keep sponsoring.
 */
export async function queueTrialStartedMail(
  tx: Queryable,
  partner: PartnerRow,
  trial: { id: number; days: number; endsAt: Date },
  recordName: string,
  to: string | null,
  config?: SiteUrlConfig,
): Promise<void> {
  if (!to) return;
  const ends = formatDate(trial.endsAt);
  const reminder = trialReminderDate(trial.endsAt);
  const reminderLine =
    trial.days > TRIAL_REMINDER_DAYS_BEFORE
      ? `We will email you a reminder on ${formatDate(reminder)}, ${TRIAL_REMINDER_DAYS_BEFORE} days before it ends.`
      : 'We will email you a reminder shortly, as it ends within a few days.';
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'sponsorship_notice',
    dedupeKey: `trial:${trial.id}:started`,
    toAddress: to,
    subject: `Your trial sponsorship with ${partner.name} ends on ${ends}`,
    ...sponsorshipEndingMail(
      partner,
      config,
      [
        `Your ${trial.days}-day trial sponsorship of ${recordName} with ${partner.name} has begun. It ends on ${ends}.`,
        reminderLine,
        'To keep sponsoring after the trial, choose "Keep sponsoring" in your sponsorships:',
      ],
      'Keep sponsoring',
    ),
  });
}

// ------------------------------------------------------------------------------------ PDF

export interface GiftCardInput {
  partnerName: string;
  brandColor: string;
  logo: Buffer | null;
  /** Only when the record is not masked. */
  recordFirstName: string | null;
  picture: Buffer | null;
  giverName: string | null;
  recipientName: string | null;
  message: string | null;
  period: string;
  code: string;
  link: string;
  amount: string | null;
  /** The day the gift is given (its delivery date), as the site writes dates. */
  givenOn: string | null;
  /** The last day the code can be redeemed. */
  expires: string | null;
}

export function renderGiftCardPdf(input: GiftCardInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 48,
    info: {
      Title: `Gift card from ${pdfSafe(input.partnerName)}`,
      Author: pdfSafe(input.partnerName),
      Creator: 'Kinship',
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const color = /^#[0-9a-f]{6}$/i.test(input.brandColor) ? input.brandColor : '#1c7ed6';
  const width = doc.page.width;
  const height = doc.page.height;
  const margin = 48;
  doc.rect(0, 0, width, 18).fill(color);
  doc.rect(0, height - 18, width, 18).fill(color);
  // Header: the partner's logo and name, the date the gift is given on the right.
  let y = 44;
  if (input.logo) {
    try {
      doc.image(input.logo, margin, y, { fit: [56, 56] });
    } catch {
      // An unreadable logo leaves the name alone.
    }
  }
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(pdfSafe(input.partnerName), input.logo ? margin + 68 : margin, y + 16, { width: width / 2 });
  if (input.givenOn)
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor('#555')
      .text(pdfSafe(input.givenOn), width / 2, y + 22, { width: width / 2 - margin, align: 'right' });
  y += 84;

  // The code panel fills the bottom of the card: what the recipient needs, large and boxed.
  const panelHeight = 120;
  const panelY = height - 18 - 28 - panelHeight;
  // The picture of the record (not masked) on the left, the words beside it.
  const pictureWidth = input.picture ? 250 : 0;
  if (input.picture) {
    try {
      doc.image(input.picture, margin, y, { fit: [pictureWidth, panelY - y - 20], align: 'center' });
    } catch {
      // No picture rather than a broken card.
    }
  }
  const textX = input.picture ? margin + pictureWidth + 32 : margin;
  const textWidth = width - textX - margin;
  doc
    .fillColor(color)
    .font('Helvetica-Bold')
    .fontSize(34)
    .text('A gift of sponsorship', textX, y, { width: textWidth });
  doc.moveDown(0.5);
  doc
    .fillColor('#000')
    .font('Helvetica')
    .fontSize(17)
    .text(
      pdfSafe(
        `For ${input.recipientName || 'you'}, from ${input.giverName || 'a friend'}: ${
          input.recordFirstName ? `the sponsorship of ${input.recordFirstName}` : 'a sponsorship'
        }, paid for ${input.period}.`,
      ),
      { width: textWidth, lineGap: 3 },
    );
  if (input.message) {
    doc.moveDown(0.8);
    doc
      .font('Helvetica-Oblique')
      .fontSize(15)
      .fillColor('#333')
      .text(pdfSafe(`“${input.message}”`), {
        width: textWidth,
        lineGap: 2,
        height: Math.max(40, panelY - doc.y - 16),
        ellipsis: true,
      });
  }

  doc
    .roundedRect(margin, panelY, width - 2 * margin, panelHeight, 10)
    .lineWidth(1.5)
    .stroke(color);
  const inner = margin + 24;
  const innerWidth = width - 2 * margin - 48;
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#555')
    .text('Your code', inner, panelY + 18, { width: innerWidth / 2 });
  doc
    .font('Courier-Bold')
    .fontSize(26)
    .fillColor('#000')
    .text(input.code, inner, panelY + 34, { width: innerWidth / 2 });
  if (input.expires)
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#000')
      .text(pdfSafe(`Use it by ${input.expires}`), inner, panelY + 74, { width: innerWidth / 2 });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#555')
    .text('Redeem it at', inner + innerWidth / 2, panelY + 18, { width: innerWidth / 2 })
    .fillColor(color)
    .fontSize(12)
    .text(pdfSafe(input.link), inner + innerWidth / 2, panelY + 36, {
      width: innerWidth / 2,
      link: input.link,
      underline: true,
    });
  doc.end();
  return done;
}

async function pictureOf(storage: Storage, path: string | null): Promise<Buffer | null> {
  if (!path) return null;
  try {
    const stored = await storage.get(path.replace(/^\/?media\//, ''));
    if (!stored) return null;
    return await sharp(stored.data).resize(440, 520, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    return null;
  }
}

/** The gift card of a gift, as the mail attaches it. */
export async function giftCardPdf(
  deps: { db: Db; storage: Storage; config: SiteUrlConfig },
  gift: GiftRow,
  partner: PartnerRow,
) {
  const record = gift.sponsoredsId ? await findRecord(deps.db, partner.id, gift.sponsoredsId) : null;
  const view = viewOf(partner, gift, record, deps.config);
  return renderGiftCardPdf({
    partnerName: partner.name,
    brandColor: partner.brandColor,
    logo: await logoPng(deps.storage, partner),
    recordFirstName: view.recordFirstName,
    picture: record && !record.masked ? await pictureOf(deps.storage, record.profileImagePath) : null,
    giverName: gift.giverName,
    recipientName: gift.recipientName,
    message: gift.message,
    period: view.period,
    code: view.code,
    link: view.link,
    amount: formatCents(gift.amount),
    givenOn: formatDate((gift.deliverOn ?? gift.createdAt).toISOString().slice(0, 10)),
    expires: view.expires,
  });
}

/** The outbox composer of kind 'gift': the stored words with the card rendered now. */
export function giftComposer(deps: { db: Db; storage: Storage; config: SiteUrlConfig }) {
  return async (row: OutboxRow): Promise<MailMessage> => {
    const match = GIFT_KEY.exec(row.dedupeKey);
    if (!match) return storedMessage(row);
    const gift = await findGiftById(deps.db, Number(match[1]));
    const partner = gift ? await findPartnerById(deps.db, gift.partnersId) : null;
    if (!gift || !partner) return storedMessage(row);
    return {
      ...storedMessage(row),
      attachments: [
        {
          filename: GIFT_CARD_FILENAME,
          content: await giftCardPdf(deps, gift, partner),
          contentType: 'application/pdf',
        },
      ],
    };
  };
}
