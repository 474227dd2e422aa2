import crypto from 'node:crypto';
import { defineMessages } from '@formatjs/intl';
import {
  formatCentsIn,
  formatDate,
  formatDateIn,
  formatReceiptAmount,
  isStatementYear,
  taxDeductibleNotice,
  ERRORS,
  type Locale,
  type Receipt,
} from '@kinship/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';
import { badRequest, forbidden, unauthorized, refuse } from '../../../platform/errors.ts';
import type { MailMessage } from '../../../platform/messaging/mail.ts';
import type { OutboxRow } from '../../../platform/messaging/outbox.ts';
import { insertOutboxMessage, storedMessage } from '../../../platform/messaging/outbox.ts';
import { partnerSiteUrl, type SiteUrlConfig } from '../../../platform/messaging/site-urls.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn } from '../../../platform/messages.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { PartnerRow } from '../../../db/types.ts';
import { partnerEmail } from '../../partners/index.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import {
  receiptMailMessages,
  receiptEmailHtml,
  receiptEmailText,
  receiptSubject,
  refundEmailHtml,
  refundEmailText,
  refundSubject,
  type ReceiptEmailInput,
  receiptFactsHtml,
  receiptFactsText,
} from './receipt-email.ts';
import { renderReceiptPdf, renderStatementPdf } from './receipt-pdf.ts';
import {
  donationDescriptionIn,
  giftDescriptionIn,
  paymentNoticeIn,
  sponsorshipDescriptionIn,
} from './receipt-words.ts';
import {
  findInitiativeTitle,
  findOrderHoldLines,
  findPaymentByReceiptCode,
  findPaymentForReceipt,
  findPaymentsOfPerson,
  findStatementPerson,
  findSubscriptionLines,
  findSucceededRefunds,
  type PaymentForReceipt,
} from './receipts.repository.ts';
import { findPartnerById } from '../../partners/index.ts';

/** The PDF text helper other mail of this area uses (gift cards, reminders). */
export { pdfSafe } from './receipt-pdf.ts';

export const RECEIPT_NOT_FOUND = 'Receipt not found.';
export const STATEMENT_FORBIDDEN = 'You can only download your own giving statement.';
export const RECEIPT_PDF_FILENAME = 'message.pdf';

/** The outbox key of a payment's receipt: one receipt per payment, whatever retries happen. */
export const receiptDedupeKey = (paymentsId: number) => `receipt:payment:${paymentsId}`;
const RECEIPT_KEY = /^receipt:payment:(\d+)$/;

/** An unguessable receipt code: the receipt page's only credential. */
export function newReceiptCode(): string {
  return crypto.randomBytes(15).toString('base64url');
}

// ------------------------------------------------------------------------------------ links

/** The receipt page of a payment on the partner's own site: {origin}/receipts/{code}. */
export function receiptUrl(
  partner: { subdomain: string },
  receiptCode: string,
  config?: SiteUrlConfig,
): string {
  return partnerSiteUrl(partner, `/receipts/${encodeURIComponent(receiptCode)}`, config);
}

// ------------------------------------------------------------------------------------ views

type ReceiptPartner = Pick<PartnerRow, 'id' | 'name' | 'ein' | 'countriesId' | 'subdomain'>;

/**
 * The language a payment's receipt is written in (decision 070): the payer's saved preference when
 * the receipt goes to them, else the language the order was placed in, else the partner's default.
 */
function recipientLocaleOf(partner: PartnerRow, payment: PaymentForReceipt): Locale {
  const to = donorEmailOf(payment)?.toLowerCase();
  const payer = payment.payer;
  const saved = payer?.email && payer.email.toLowerCase() === to ? payer.locale : null;
  return localeOfRecipient(partner, saved ?? payment.orderLocale);
}

function kindOf(payment: PaymentForReceipt): Receipt['kind'] {
  return payment.subscriptionsId !== null || payment.orderKind === 'subscription'
    ? 'subscription'
    : 'donation';
}

function intervalOf(payment: PaymentForReceipt): Receipt['interval'] {
  const interval = payment.subscriptionInterval ?? payment.orderInterval;
  return interval === 'month' || interval === 'year' ? interval : null;
}

function nameOf(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last].filter((p) => p && p.trim()).join(' ');
  return name || null;
}

function donorNameOf(payment: PaymentForReceipt): string | null {
  return (
    nameOf(payment.donation?.firstName, payment.donation?.lastName) ??
    nameOf(payment.payer?.firstName, payment.payer?.lastName)
  );
}

function donorEmailOf(payment: PaymentForReceipt): string | null {
  return payment.donation?.email || payment.giver?.email || payment.payer?.email || null;
}

async function descriptionOf(
  db: Db | Tx,
  payment: PaymentForReceipt,
  locale: Locale = 'en-US',
): Promise<string> {
  if (kindOf(payment) === 'subscription') {
    let lines = payment.subscriptionsId
      ? await findSubscriptionLines(db, payment.partnersId, payment.subscriptionsId)
      : [];
    if (lines.length === 0 && payment.ordersId)
      lines = await findOrderHoldLines(db, payment.partnersId, payment.ordersId);
    return sponsorshipDescriptionIn(locale, intervalOf(payment), lines);
  }
  if (payment.orderKind === 'gift') return giftDescriptionIn(locale);
  return donationDescriptionIn(
    locale,
    await findInitiativeTitle(db, payment.partnersId, payment.donation?.initiative ?? null),
  );
}

function codeOf(payment: PaymentForReceipt): string {
  return payment.receiptCode ?? payment.orderReceiptCode ?? '';
}

/** A receipt; its description and payment notice in `locale` (the API's answer is en-US). */
async function receiptView(
  db: Db | Tx,
  payment: PaymentForReceipt,
  partner: ReceiptPartner,
  locale: Locale = 'en-US',
): Promise<Receipt> {
  return {
    code: codeOf(payment),
    partnerName: partner.name,
    amount: payment.amount,
    currency: payment.currency,
    date: payment.createdAt.toISOString(),
    description: await descriptionOf(db, payment, locale),
    donorName: donorNameOf(payment),
    taxNotice: taxDeductibleNotice(partner),
    paymentNotice: paymentNoticeIn(locale, partner),
    kind: kindOf(payment),
    interval: intervalOf(payment),
    ...(await refundsOf(db, payment)),
  };
}

async function refundsOf(
  db: Db | Tx,
  payment: PaymentForReceipt,
): Promise<Pick<Receipt, 'refundedAmount' | 'refunds'>> {
  const rows = await findSucceededRefunds(db, payment.paymentsId);
  return {
    refundedAmount: rows.reduce((sum, r) => sum + r.amount, 0),
    refunds: rows.map((r) => ({ amount: r.amount, date: r.createdAt.toISOString() })),
  };
}

/**
 * Amounts and dates of a receipt in `locale`: en-US as the spec's receipts always were ($12.00,
 * another currency named after it; MM/DD/YYYY), other locales through Intl in the payment's currency
 * (fr-CA `1 234,56 $`, `2026-11-27`).
 */
function receiptFormats(locale: Locale, currency: string) {
  if (locale === 'en-US')
    return { money: (cents: number) => formatReceiptAmount(cents, currency), date: formatDate };
  return {
    money: (cents: number) => formatCentsIn(locale, currency || 'usd', cents),
    date: (d: Date | string) => formatDateIn(locale, d),
  };
}

function emailInput(
  receipt: Receipt,
  partner: PartnerRow,
  config?: SiteUrlConfig,
  locale: Locale = 'en-US',
): ReceiptEmailInput {
  const format = receiptFormats(locale, receipt.currency);
  return {
    locale,
    partnerName: partner.name,
    donorName: receipt.donorName,
    kind: receipt.kind,
    code: receipt.code,
    date: format.date(receipt.date),
    description: receipt.description,
    amount: format.money(receipt.amount),
    refunds: receipt.refunds.map((r) => ({ date: format.date(r.date), amount: format.money(r.amount) })),
    netAmount: receipt.refundedAmount > 0 ? format.money(receipt.amount - receipt.refundedAmount) : null,
    paymentNotice: receipt.paymentNotice,
    receiptUrl: receiptUrl(partner, receipt.code, config),
    supportEmail: partner.supportEmail,
  };
}

/** The partner's logo as PNG for a PDF (stored logos are WebP), or null. */
/** The partner's logo as a small PNG for PDFs (the gift card uses it too), or null. */
export async function logoPng(storage: Storage, partner: PartnerRow): Promise<Buffer | null> {
  if (!partner.logo) return null;
  const stored = await storage.get(partner.logo);
  if (!stored) return null;
  try {
    return await sharp(stored.data).resize(192, 192, { fit: 'inside' }).png().toBuffer();
  } catch {
    return null;
  }
}

async function receiptPdf(
  partner: PartnerRow,
  receipt: Receipt,
  logo: Buffer | null,
  config?: SiteUrlConfig,
  locale: Locale = 'en-US',
): Promise<Buffer> {
  return renderReceiptPdf({
    ...emailInput(receipt, partner, config, locale),
    logo,
    brandColor: partner.brandColor,
  });
}

// ------------------------------------------------------------------------------------ outbox

/**
 * The receipt email's subject, text and HTML: the partner's own wording when it has one (feature
 * 12) followed by the receipt's fixed details, else the default receipt.
 */
async function receiptMessage(
  db: Db | Tx,
  partner: PartnerRow,
  email: ReturnType<typeof emailInput>,
  config?: SiteUrlConfig,
): Promise<{ subject: string; text: string; html: string }> {
  const custom = await partnerEmail(
    db,
    partner,
    'receipt',
    {
      donorName: email.donorName ?? '',
      amount: email.amount,
      description: email.description,
      date: email.date,
      receiptUrl: email.receiptUrl,
    },
    { partner, logoUrl: partner.logo ? partnerSiteUrl(partner, `/media/${partner.logo}`, config) : null },
    { text: receiptFactsText(email), html: receiptFactsHtml(email) },
    email.locale,
  );
  return (
    custom ?? {
      subject: receiptSubject(partner.name, email.locale),
      text: receiptEmailText(email),
      html: receiptEmailHtml(email),
    }
  );
}

/**
 * Queues the receipt of a payment: ONE email_outbox row (dedupe key receipt:payment:{id}) written
 * in the caller's transaction, so the receipt exists exactly when the payment does. A payment
 * without a receipt code gets one here. Answers false when the receipt was already queued or
 * there is no address to send it to.
 */
export async function queueReceipt(
  tx: Db | Tx,
  input: { paymentsId: number; config?: SiteUrlConfig },
): Promise<boolean> {
  const payment = await findPaymentForReceipt(tx, input.paymentsId);
  if (!payment) throw new Error(`Payment ${input.paymentsId} does not exist.`);
  const to = donorEmailOf(payment);
  if (!to) return false;
  const partner = await findPartnerById(tx as Db, payment.partnersId);
  if (!partner) throw new Error(`Partner ${payment.partnersId} does not exist.`);
  if (!payment.receiptCode) {
    const code = newReceiptCode();
    await tx.update(payments).set({ receiptCode: code }).where(eq(payments.id, payment.paymentsId));
    payment.receiptCode = code;
  }
  const locale = recipientLocaleOf(partner, payment);
  const email = emailInput(await receiptView(tx, payment, partner, locale), partner, input.config, locale);
  // A gift's receipt carries the link its confirmation screen promises.
  if (payment.giftManageCode)
    email.giftManageUrl = partnerSiteUrl(
      partner,
      `/gift/manage/${encodeURIComponent(payment.giftManageCode)}`,
      input.config,
    );
  const message = await receiptMessage(tx, partner, email, input.config);
  return insertOutboxMessage(tx, {
    partnersId: payment.partnersId,
    kind: 'receipt',
    dedupeKey: receiptDedupeKey(payment.paymentsId),
    toAddress: to,
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html,
    attachments: [{ filename: RECEIPT_PDF_FILENAME, path: `receipt:${payment.receiptCode}` }],
  });
}

/**
 * Queues the donor's notice of one refund (dedupe key receipt:refund:{refundId}), in the caller's
 * transaction. Answers false when there is no address or it was queued already.
 */
export async function queueRefundNotice(
  tx: Db | Tx,
  input: { paymentsId: number; refundId: number; amount: number; config?: SiteUrlConfig },
): Promise<boolean> {
  const payment = await findPaymentForReceipt(tx, input.paymentsId);
  if (!payment) throw new Error(`Payment ${input.paymentsId} does not exist.`);
  const to = donorEmailOf(payment);
  const partner = await findPartnerById(tx as Db, payment.partnersId);
  if (!to || !partner) return false;
  // In the receipt's language (decision 073): the payer's saved one, the order's, the partner's default.
  const locale = recipientLocaleOf(partner, payment);
  const format = receiptFormats(locale, payment.currency);
  const receipt = await receiptView(tx, payment, partner, locale);
  const email = {
    locale,
    partnerName: partner.name,
    donorName: receipt.donorName,
    code: receipt.code,
    description: receipt.description,
    refunded: format.money(input.amount),
    netAmount: format.money(receipt.amount - receipt.refundedAmount),
    date: format.date(new Date()),
    receiptUrl: receiptUrl(partner, receipt.code, input.config),
    supportEmail: partner.supportEmail,
  };
  return insertOutboxMessage(tx, {
    partnersId: payment.partnersId,
    kind: 'receipt',
    dedupeKey: `receipt:refund:${input.refundId}`,
    toAddress: to,
    subject: refundSubject(partner.name, locale),
    bodyText: refundEmailText(email),
    bodyHtml: refundEmailHtml(email),
  });
}

/**
 * The composer of the outbox's receipts: a receipt is rendered again at send time, with the
 * worker's configured links and its PDF attached.
 */
export function receiptComposer(deps: { db: Db; storage: Storage; config: SiteUrlConfig }) {
  // One dispatch run converts each partner's logo once.
  const logos = new Map<number, Promise<Buffer | null>>();
  const logoOf = (partner: PartnerRow) => {
    if (!logos.has(partner.id)) logos.set(partner.id, logoPng(deps.storage, partner));
    return logos.get(partner.id)!;
  };
  return async (row: OutboxRow): Promise<MailMessage> => {
    const statement = row.kind === 'receipt' ? STATEMENT_KEY.exec(row.dedupeKey) : null;
    if (statement) return composeStatement(deps, row, statement, logoOf);
    const match = RECEIPT_KEY.exec(row.dedupeKey);
    if (row.kind !== 'receipt' || !match) return storedMessage(row);
    const payment = await findPaymentForReceipt(deps.db, Number(match[1]));
    const partner = payment ? await findPartnerById(deps.db, payment.partnersId) : null;
    if (!payment || !partner) return storedMessage(row);
    const locale = recipientLocaleOf(partner, payment);
    const receipt = await receiptView(deps.db, payment, partner, locale);
    const email = emailInput(receipt, partner, deps.config, locale);
    const message = await receiptMessage(deps.db, partner, email, deps.config);
    return {
      to: row.toAddress,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: [
        {
          filename: RECEIPT_PDF_FILENAME,
          content: await receiptPdf(partner, receipt, await logoOf(partner), deps.config, locale),
          contentType: 'application/pdf',
        },
      ],
    };
  };
}

// ------------------------------------------------------------------------------------ API

async function paymentOfCode(db: Db, ctx: SiteContext, code: string): Promise<PaymentForReceipt> {
  const payment = await findPaymentByReceiptCode(db, ctx.partner.id, code);
  if (!payment) throw refuse(ERRORS.RECEIPT_NOT_FOUND, RECEIPT_NOT_FOUND);
  return payment;
}

/** GET receipts/{code}: no sign-in, the unguessable code is the credential; only this site's receipts. */
export async function getReceipt(db: Db, ctx: SiteContext, code: string): Promise<Receipt> {
  return receiptView(db, await paymentOfCode(db, ctx, code), ctx.partner);
}

/** GET receipts/{code}/pdf: the same receipt as a PDF, branded with the partner's name and logo. */
export async function getReceiptPdf(
  deps: { db: Db; storage: Storage; config: SiteUrlConfig },
  ctx: SiteContext,
  code: string,
  locale: Locale = 'en-US',
): Promise<Buffer> {
  const receipt = await receiptView(deps.db, await paymentOfCode(deps.db, ctx, code), ctx.partner, locale);
  return receiptPdf(ctx.partner, receipt, await logoPng(deps.storage, ctx.partner), deps.config, locale);
}

/** Whose statement: a person by account (and their guest gifts by email), or a guest by email. */
export interface StatementDonor {
  usersId: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * A donor's year-end giving statement at a partner, a PDF listing that calendar year's (UTC)
 * payments, net of refunds, with the total and the tax notice.
 */
export async function buildGivingStatementPdf(
  deps: { db: Db; storage: Storage },
  partner: PartnerRow,
  donor: StatementDonor,
  year: number,
  now: Date = new Date(),
  logo?: Buffer | null,
  locale: Locale = 'en-US',
): Promise<Buffer> {
  const rows = await findPaymentsOfPerson(deps.db, {
    partnersId: partner.id,
    usersId: donor.usersId,
    email: donor.email,
    from: new Date(Date.UTC(year, 0, 1)),
    to: new Date(Date.UTC(year + 1, 0, 1)),
  });
  const currency = rows[0]?.currency ?? partner.currency;
  const totalFormat = receiptFormats(locale, currency);
  let total = 0;
  const lines = [];
  for (const payment of rows) {
    const net = payment.amount - payment.refundedAmount;
    total += net;
    const format = receiptFormats(locale, payment.currency);
    lines.push({
      date: format.date(payment.createdAt),
      description: await descriptionOf(deps.db, payment, locale),
      code: codeOf(payment),
      amount: format.money(net),
    });
  }
  return renderStatementPdf({
    locale,
    partnerName: partner.name,
    logo: logo === undefined ? await logoPng(deps.storage, partner) : logo,
    brandColor: partner.brandColor,
    year,
    donorName: nameOf(donor.firstName, donor.lastName),
    donorEmail: donor.email,
    rows: lines,
    total: totalFormat.money(total),
    // en-US keeps the domain's notice; other locales the catalogue's tax paragraph, when the partner has a number.
    taxNotice:
      locale === 'en-US' ? taxDeductibleNotice(partner) : (paymentNoticeIn(locale, partner)[1] ?? null),
    supportEmail: partner.supportEmail,
    issuedOn: totalFormat.date(now),
  });
}

/**
 * GET users/{id}/statement?year=: the person's year-end giving statement at this partner.
 * Only the person themself may download it.
 */
export async function getGivingStatementPdf(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  usersId: number,
  year: number,
  now: Date = new Date(),
  locale: Locale = 'en-US',
): Promise<Buffer> {
  if (!ctx.viewer) throw unauthorized();
  const person = ctx.viewer.user;
  if (!person || person.id !== usersId) throw forbidden(STATEMENT_FORBIDDEN);
  if (!isStatementYear(year, now))
    throw badRequest(`year must be a year from 2000 to ${now.getUTCFullYear()}.`);
  return buildGivingStatementPdf(
    deps,
    ctx.partner,
    { usersId, email: person.email, firstName: person.firstName, lastName: person.lastName },
    year,
    now,
    undefined,
    locale,
  );
}

// ------------------------------------------------------------------------------------ year-end

export const STATEMENT_PDF_FILENAME = 'statement.pdf';
/**
 * Statements' outbox keys start so; they are kept after delivery (decision 066), as a second run
 * for the same year, however much later, must find them.
 */
export const STATEMENT_KEY_PREFIX = 'statement:';
/** One year-end statement per partner, year and donor, however often the run is retried. */
export const statementDedupeKey = (partnersId: number, year: number, donorKey: string) =>
  `${STATEMENT_KEY_PREFIX}${partnersId}:${year}:${donorKey}`;
const STATEMENT_KEY = /^statement:(\d+):(\d{4}):(u(\d+)|e(.+))$/;

/** The year-end statement mail's words (decision 073); the English defaults are today's mail. */
export const statementMailMessages = defineMessages({
  subject: {
    id: 'mail.statement.subject',
    defaultMessage: 'Your {year} giving statement from {partnerName}',
  },
  thanks: {
    id: 'mail.statement.thanks',
    defaultMessage: 'Thank you for your support of {partnerName} in {year}.',
  },
  attached: {
    id: 'mail.statement.attached',
    defaultMessage:
      'Your giving statement for {year} is attached as a PDF: every payment of the year, net of refunds, with the total.',
  },
});

export function statementSubject(partnerName: string, year: number, locale: Locale = 'en-US'): string {
  return sayIn(locale)(statementMailMessages.subject, { year: String(year), partnerName });
}

/**
 * The language of a donor's statement (decision 073): a person's saved preference, else the
 * partner's default (a guest has none; their gifts may span orders in several languages).
 */
async function statementLocaleOf(db: Db | Tx, partner: PartnerRow, donor: StatementDonor): Promise<Locale> {
  const person = donor.usersId ? await findStatementPerson(db, donor.usersId) : null;
  return localeOfRecipient(partner, person?.locale);
}

function statementText(partner: PartnerRow, donorName: string | null, year: number, locale: Locale): string {
  const say = sayIn(locale);
  const m = statementMailMessages;
  const values = { partnerName: partner.name, year: String(year) };
  return [
    donorName ? say(receiptMailMessages.dear, { name: donorName }) : say(receiptMailMessages.hello),
    '',
    say(m.thanks, values),
    say(m.attached, values),
    '',
    partner.name,
    ...(partner.supportEmail ? [partner.supportEmail] : []),
    '',
  ].join('\n');
}

/**
 * Queues a donor's year-end statement (kind receipt, dedupe key statement:{partner}:{year}:{donor})
 * in the caller's transaction; the PDF is rendered when the outbox sends it. Answers false when it
 * was already queued (a retried run, or a second run for the same year).
 */
export async function queueYearEndStatement(
  tx: Db | Tx,
  input: { partner: PartnerRow; year: number; donorKey: string; donor: StatementDonor },
): Promise<boolean> {
  const locale = await statementLocaleOf(tx, input.partner, input.donor);
  const text = statementText(
    input.partner,
    nameOf(input.donor.firstName, input.donor.lastName),
    input.year,
    locale,
  );
  return insertOutboxMessage(tx, {
    partnersId: input.partner.id,
    kind: 'receipt',
    dedupeKey: statementDedupeKey(input.partner.id, input.year, input.donorKey),
    toAddress: input.donor.email ?? '',
    subject: statementSubject(input.partner.name, input.year, locale),
    bodyText: text,
    bodyHtml: null,
    attachments: [{ filename: STATEMENT_PDF_FILENAME, path: `statement:${input.year}` }],
  });
}

async function composeStatement(
  deps: { db: Db; storage: Storage },
  row: OutboxRow,
  match: RegExpExecArray,
  logo: (partner: PartnerRow) => Promise<Buffer | null>,
): Promise<MailMessage> {
  const partner = await findPartnerById(deps.db, Number(match[1]));
  if (!partner) return storedMessage(row);
  const year = Number(match[2]);
  const usersId = match[4] ? Number(match[4]) : null;
  const person = usersId ? await findStatementPerson(deps.db, usersId) : null;
  const donor: StatementDonor = {
    usersId,
    email: person?.email ?? row.toAddress,
    firstName: person?.firstName ?? null,
    lastName: person?.lastName ?? null,
  };
  const locale = localeOfRecipient(partner, person?.locale);
  const pdf = await buildGivingStatementPdf(
    deps,
    partner,
    donor,
    year,
    row.createdAt,
    await logo(partner),
    locale,
  );
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.bodyText,
    attachments: [{ filename: STATEMENT_PDF_FILENAME, content: pdf, contentType: 'application/pdf' }],
  };
}
