import { defineMessages } from '@formatjs/intl';
import {
  formatCents,
  formatCentsIn,
  formatDate,
  formatDateIn,
  sponsoredRecordName,
  TRIAL_REMINDER_DAYS_BEFORE,
  trialReminderDate,
  type Locale,
} from '@kinship/domain';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Db, PartnerRow, Queryable } from '../../../db/types.ts';
import type { MailMessage } from '../../../platform/messaging/mail.ts';
import { storedMessage, type OutboxRow } from '../../../platform/messaging/outbox.ts';
import type { Storage } from '../../../platform/storage.ts';
import { logoPng, pdfSafe } from '../receipts/receipts.service.ts';
import { formatCode } from './codes.ts';
import {
  findGiftById,
  findRecord,
  orderLocaleOf,
  savedLocaleOf,
  trialRedeemerOf,
  type GiftRow,
  type TrialRow,
} from './gifts.repository.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn } from '../../../platform/messages.ts';
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

/** The gift's, trial's and reminder mails' words and the gift card's (decision 073); English as today. */
export const giftMailMessages = defineMessages({
  subject: {
    id: 'mail.gift.subject',
    defaultMessage: '{giverName} gave you a sponsorship with {partnerName}',
  },
  someone: { id: 'mail.gift.someone', defaultMessage: 'Someone' },
  dear: {
    id: 'mail.gift.dear',
    defaultMessage: '{hasName, select, yes {Dear {name},} other {Dear friend,}}',
  },
  given: {
    id: 'mail.gift.given',
    defaultMessage:
      '{hasRecord, select, yes {{giverName} has given you a sponsorship of {recordName} with {partnerName}, paid for {period}.} other {{giverName} has given you a sponsorship with {partnerName}, paid for {period}.}}',
  },
  period: {
    id: 'mail.gift.period',
    defaultMessage: '{openEnded, select, yes {the first month} other {{months} months}}',
  },
  redeemLine: { id: 'mail.gift.redeemLine', defaultMessage: 'Redeem your gift: {link}' },
  redeemLink: { id: 'mail.gift.redeemLink', defaultMessage: 'Redeem your gift' },
  codeLine: {
    id: 'mail.gift.codeLine',
    defaultMessage:
      '{hasExpiry, select, yes {Your code: {code} (use it by {expires})} other {Your code: {code}}}',
  },
  cardAttached: { id: 'mail.gift.cardAttached', defaultMessage: 'Your gift card is attached as a PDF.' },
  hello: { id: 'mail.gift.hello', defaultMessage: 'Hello,' },
  endsIfNothing: {
    id: 'mail.gift.endsIfNothing',
    defaultMessage: 'If you do nothing, the sponsorship ends on that day and the place goes to someone else.',
  },
  reminderSubject: {
    id: 'mail.gift.reminderSubject',
    defaultMessage:
      '{kind, select, gift {The sponsorship you were given} other {Your trial sponsorship}} with {partnerName} ends on {ends}',
  },
  reminderEnds: {
    id: 'mail.gift.reminderEnds',
    defaultMessage:
      '{kind, select, gift {The sponsorship you were given} other {Your trial sponsorship}} with {partnerName} ends on {ends}.',
  },
  reminderContinue: {
    id: 'mail.gift.reminderContinue',
    defaultMessage: 'To keep sponsoring, continue with your own card in one step from your sponsorships:',
  },
  reminderLink: { id: 'mail.gift.reminderLink', defaultMessage: 'Continue my sponsorship' },
  trialSubject: {
    id: 'mail.trial.subject',
    defaultMessage: 'Your trial sponsorship with {partnerName} ends on {ends}',
  },
  trialBegun: {
    id: 'mail.trial.begun',
    defaultMessage:
      'Your {days}-day trial sponsorship of {recordName} with {partnerName} has begun. It ends on {ends}.',
  },
  trialReminderOn: {
    id: 'mail.trial.reminderOn',
    defaultMessage: 'We will email you a reminder on {date}, {days} days before it ends.',
  },
  trialReminderSoon: {
    id: 'mail.trial.reminderSoon',
    defaultMessage: 'We will email you a reminder shortly, as it ends within a few days.',
  },
  trialKeep: {
    id: 'mail.trial.keep',
    defaultMessage: 'To keep sponsoring after the trial, choose "Keep sponsoring" in your sponsorships:',
  },
  trialKeepLink: { id: 'mail.trial.keepLink', defaultMessage: 'Keep sponsoring' },
  cardTitle: { id: 'pdf.giftCard.title', defaultMessage: 'Gift card from {partnerName}' },
  cardHeading: { id: 'pdf.giftCard.heading', defaultMessage: 'A gift of sponsorship' },
  cardFor: {
    id: 'pdf.giftCard.for',
    defaultMessage: 'For {recipientName}, from {giverName}: {what}, paid for {period}.',
  },
  cardYou: { id: 'pdf.giftCard.you', defaultMessage: 'you' },
  cardFriend: { id: 'pdf.giftCard.friend', defaultMessage: 'a friend' },
  cardWhat: {
    id: 'pdf.giftCard.what',
    defaultMessage: '{hasRecord, select, yes {the sponsorship of {recordName}} other {a sponsorship}}',
  },
  cardCode: { id: 'pdf.giftCard.code', defaultMessage: 'Your code' },
  cardUseBy: { id: 'pdf.giftCard.useBy', defaultMessage: 'Use it by {expires}' },
  cardRedeemAt: { id: 'pdf.giftCard.redeemAt', defaultMessage: 'Redeem it at' },
});
const m = giftMailMessages;

const yes = (value: unknown) => (value ? 'yes' : 'no');

/** A date as the recipient reads it: en-US keeps the spec's MM/DD/YYYY (formatDate) exactly. */
const dateIn = (locale: Locale, d: Date | string) =>
  locale === 'en-US' ? formatDate(d) : formatDateIn(locale, d);

export const giftSubject = (partnerName: string, giverName: string | null, locale: Locale = 'en-US') => {
  const say = sayIn(locale);
  return say(m.subject, { giverName: giverName || say(m.someone), partnerName });
};

export function redeemLink(partner: { subdomain: string }, code: string, config?: SiteUrlConfig) {
  return partnerSiteUrl(partner, `/redeem/${code}`, config);
}

/**
 * The language of a gift's mail and card (decision 073): the recipient's saved preference once
 * they have an account that redeemed it, else the language the giver bought it in (the order's),
 * else the partner's default. The giver chose the site's language and wrote the message in it,
 * so it is the best guess for a recipient the site has never seen.
 */
export async function localeOfGift(
  db: Queryable,
  partner: PartnerRow,
  gift: Pick<GiftRow, 'ordersId' | 'redeemedByUsersId'>,
): Promise<Locale> {
  const saved = await savedLocaleOf(db, gift.redeemedByUsersId);
  return localeOfRecipient(partner, saved ?? (await orderLocaleOf(db, gift.ordersId)));
}

interface GiftView {
  locale: Locale;
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
  locale: Locale,
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
    locale,
    partnerName: partner.name,
    giverName: gift.giverName,
    recipientName: gift.recipientName,
    message: gift.message,
    period: sayIn(locale)(m.period, { openEnded: yes(gift.openEnded), months: String(gift.months) }),
    code: formatCode(gift.code),
    link: redeemLink(partner, gift.code, config),
    recordFirstName: record && !record.masked ? sponsoredRecordName(record, '') || null : null,
    expires: gift.expiresAt ? dateIn(locale, gift.expiresAt.toISOString().slice(0, 10)) : null,
  };
}

/** The sentence saying who gave what. */
function givenLine(v: GiftView): string {
  const say = sayIn(v.locale);
  return say(m.given, {
    hasRecord: yes(v.recordFirstName),
    giverName: v.giverName || say(m.someone),
    recordName: v.recordFirstName ?? '',
    partnerName: v.partnerName,
    period: v.period,
  });
}

const dearOf = (v: GiftView) =>
  sayIn(v.locale)(m.dear, { hasName: yes(v.recipientName), name: v.recipientName ?? '' });

function giftText(v: GiftView): string {
  const say = sayIn(v.locale);
  return [
    dearOf(v),
    '',
    givenLine(v),
    ...(v.message ? ['', v.message] : []),
    '',
    say(m.redeemLine, { link: v.link }),
    say(m.codeLine, { hasExpiry: yes(v.expires), code: v.code, expires: v.expires ?? '' }),
    '',
    say(m.cardAttached),
    '',
    v.partnerName,
    '',
  ].join('\n');
}

function giftHtml(v: GiftView): string {
  const say = sayIn(v.locale);
  // The code in bold inside its sentence: the sentence escaped, the code's markup kept.
  const token = '\u0000code\u0000';
  const codeHtml = escapeHtml(
    say(m.codeLine, { hasExpiry: yes(v.expires), code: token, expires: v.expires ?? '' }),
  ).replace(token, `<strong>${escapeHtml(v.code)}</strong>`);
  return [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;color:#222">',
    `<h1 style="font-size:1.4rem">${escapeHtml(v.partnerName)}</h1>`,
    `<p>${escapeHtml(dearOf(v))}</p>`,
    `<p>${escapeHtml(givenLine(v))}</p>`,
    ...(v.message
      ? [
          `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:1rem">${escapeHtml(v.message)}</blockquote>`,
        ]
      : []),
    `<p><a href="${escapeHtml(v.link)}">${escapeHtml(say(m.redeemLink))}</a></p>`,
    `<p>${codeHtml}</p>`,
    `<p style="color:#555;font-size:0.9rem">${escapeHtml(say(m.cardAttached))}</p>`,
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
  const locale = await localeOfGift(tx, partner, gift);
  const view = viewOf(locale, partner, gift, record, config);
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'gift',
    dedupeKey: `gift:${gift.id}:${attempt}`,
    toAddress: gift.recipientEmail!,
    subject: giftSubject(partner.name, gift.giverName, locale),
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
  locale: Locale,
  partner: PartnerRow,
  config: SiteUrlConfig | undefined,
  lines: string[],
  linkLabel: string,
): { bodyText: string; bodyHtml: string } {
  const say = sayIn(locale);
  const link = partnerSiteUrl(partner, '/profile/sponsorships', config);
  const text = [say(m.hello), '', ...lines, link, '', say(m.endsIfNothing), '', partner.name, ''].join('\n');
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

/**
 * The invitation to continue a gift, or the reminder of a trial's end (kind 'reminder', sent as
 * stored), in the language of the person it goes to: a trial's redeemer's saved one; a gift's
 * recipient's saved one, else the gift's order's (localeOfGift).
 */
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
  const locale =
    kind === 'gift'
      ? await localeOfGift(tx, partner, row as GiftRow)
      : localeOfRecipient(partner, await savedLocaleOf(tx, (row as TrialRow).redeemedByUsersId));
  const say = sayIn(locale);
  const endsOn = (kind === 'gift' ? (row as GiftRow).paidThrough : (row as TrialRow).endsAt)
    ?.toISOString()
    .slice(0, 10);
  // en-US keeps today's ISO date; other locales write it their way.
  const ends = !endsOn ? '' : locale === 'en-US' ? endsOn : dateIn(locale, endsOn);
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'reminder',
    dedupeKey: `${kind}:${row.id}:reminder`,
    toAddress: address,
    subject: say(m.reminderSubject, { kind, partnerName: partner.name, ends }),
    ...sponsorshipEndingMail(
      locale,
      partner,
      config,
      [say(m.reminderEnds, { kind, partnerName: partner.name, ends }), say(m.reminderContinue)],
      say(m.reminderLink),
    ),
  });
}

/**
 * The confirmation of a trial just started (kind 'sponsorship_notice', sent as stored, once per
 * trial): whom it sponsors, when it ends, when the reminder comes, and where to keep sponsoring.
 * In the redeemer's saved language, else the partner's default.
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
  const locale = localeOfRecipient(partner, await savedLocaleOf(tx, await trialRedeemerOf(tx, trial.id)));
  const say = sayIn(locale);
  const ends = dateIn(locale, trial.endsAt);
  const reminder = trialReminderDate(trial.endsAt);
  const reminderLine =
    trial.days > TRIAL_REMINDER_DAYS_BEFORE
      ? say(m.trialReminderOn, { date: dateIn(locale, reminder), days: TRIAL_REMINDER_DAYS_BEFORE })
      : say(m.trialReminderSoon);
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'sponsorship_notice',
    dedupeKey: `trial:${trial.id}:started`,
    toAddress: to,
    subject: say(m.trialSubject, { partnerName: partner.name, ends }),
    ...sponsorshipEndingMail(
      locale,
      partner,
      config,
      [
        say(m.trialBegun, { days: trial.days, recordName, partnerName: partner.name, ends }),
        reminderLine,
        say(m.trialKeep),
      ],
      say(m.trialKeepLink),
    ),
  });
}

// ------------------------------------------------------------------------------------ PDF

export interface GiftCardInput {
  /** The card's language (decision 073); en-US when left out. */
  locale?: Locale;
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
  const say = sayIn(input.locale ?? 'en-US');
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 48,
    info: {
      Title: say(m.cardTitle, { partnerName: pdfSafe(input.partnerName) }),
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
    .text(pdfSafe(say(m.cardHeading)), textX, y, { width: textWidth });
  doc.moveDown(0.5);
  doc
    .fillColor('#000')
    .font('Helvetica')
    .fontSize(17)
    .text(
      pdfSafe(
        say(m.cardFor, {
          recipientName: input.recipientName || say(m.cardYou),
          giverName: input.giverName || say(m.cardFriend),
          what: say(m.cardWhat, {
            hasRecord: yes(input.recordFirstName),
            recordName: input.recordFirstName ?? '',
          }),
          period: input.period,
        }),
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
    .text(pdfSafe(say(m.cardCode)), inner, panelY + 18, { width: innerWidth / 2 });
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
      .text(pdfSafe(say(m.cardUseBy, { expires: input.expires })), inner, panelY + 74, {
        width: innerWidth / 2,
      });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#555')
    .text(pdfSafe(say(m.cardRedeemAt)), inner + innerWidth / 2, panelY + 18, { width: innerWidth / 2 })
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
  const locale = await localeOfGift(deps.db, partner, gift);
  const view = viewOf(locale, partner, gift, record, deps.config);
  return renderGiftCardPdf({
    locale,
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
    amount:
      locale === 'en-US' ? formatCents(gift.amount) : formatCentsIn(locale, partner.currency, gift.amount),
    givenOn: dateIn(locale, (gift.deliverOn ?? gift.createdAt).toISOString().slice(0, 10)),
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
