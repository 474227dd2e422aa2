import { defineMessages } from '@formatjs/intl';
import type { Locale } from '@kinship/domain';
import { sayIn } from '../../../platform/messages.ts';

/** The receipt email's words, in plain text and simple HTML; every value is already formatted. */
export interface ReceiptEmailInput {
  /** The recipient's language (decision 070): their saved preference, else the partner's default. */
  locale?: Locale;
  partnerName: string;
  donorName: string | null;
  kind: 'donation' | 'subscription';
  code: string;
  date: string;
  description: string;
  amount: string;
  /** Each refund made ('01/02/2026', '$5.00') and the amount kept after them; empty and null when none. */
  refunds: { date: string; amount: string }[];
  netAmount: string | null;
  paymentNotice: string[];
  receiptUrl: string;
  supportEmail: string | null;
  /** A gift's receipt: the giver's page to change the recipient's address or send the gift again. */
  giftManageUrl?: string | null;
}

/** The receipt email's texts; the English defaults are today's receipt word for word. */
export const receiptMailMessages = defineMessages({
  subject: { id: 'mail.receipt.subject', defaultMessage: 'Your receipt from {partnerName}' },
  dear: { id: 'mail.receipt.dear', defaultMessage: 'Dear {name},' },
  hello: { id: 'mail.receipt.hello', defaultMessage: 'Hello,' },
  thanks: {
    id: 'mail.receipt.thanks',
    defaultMessage:
      'Thank you for your {kind, select, subscription {sponsorship payment} other {donation}} to {partnerName}.',
  },
  codeLine: { id: 'mail.receipt.codeLine', defaultMessage: 'Receipt: {code}' },
  dateLine: { id: 'mail.receipt.dateLine', defaultMessage: 'Date: {date}' },
  forLine: { id: 'mail.receipt.forLine', defaultMessage: 'For: {description}' },
  amountLine: { id: 'mail.receipt.amountLine', defaultMessage: 'Amount: {amount}' },
  refundLine: { id: 'mail.receipt.refundLine', defaultMessage: 'Refunded on {date}: {amount}' },
  netLine: { id: 'mail.receipt.netLine', defaultMessage: 'Net amount: {amount}' },
  codeLabel: { id: 'mail.receipt.codeLabel', defaultMessage: 'Receipt' },
  dateLabel: { id: 'mail.receipt.dateLabel', defaultMessage: 'Date' },
  forLabel: { id: 'mail.receipt.forLabel', defaultMessage: 'For' },
  amountLabel: { id: 'mail.receipt.amountLabel', defaultMessage: 'Amount' },
  refundLabel: { id: 'mail.receipt.refundLabel', defaultMessage: 'Refunded on {date}' },
  netLabel: { id: 'mail.receipt.netLabel', defaultMessage: 'Net amount' },
  giftManage: {
    id: 'mail.receipt.giftManage',
    defaultMessage: "To change the recipient's address or send the gift again, keep this link: {link}",
  },
  giftManageLink: { id: 'mail.receipt.giftManageLink', defaultMessage: 'manage your gift' },
  viewOnlineLine: { id: 'mail.receipt.viewOnlineLine', defaultMessage: 'View your receipt online: {url}' },
  viewOnlineLink: { id: 'mail.receipt.viewOnlineLink', defaultMessage: 'View your receipt online' },
  pdfAttached: { id: 'mail.receipt.pdfAttached', defaultMessage: 'A PDF copy of this receipt is attached.' },
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The receipt's messages in its recipient's language (en-US when none is given). */
function wordsOf(input: Pick<ReceiptEmailInput, 'locale'>) {
  const say = sayIn(input.locale ?? 'en-US');
  const m = receiptMailMessages;
  return {
    say,
    greeting: (name: string | null) => (name ? say(m.dear, { name }) : say(m.hello)),
    /** A whole sentence with one link in it: the sentence escaped, the link's markup kept. */
    sentenceWithLink: (html: string) => {
      const token = '\u0000link\u0000';
      return escapeHtml(say(m.giftManage, { link: token })).replace(token, html);
    },
  };
}

export function receiptSubject(partnerName: string, locale: Locale = 'en-US'): string {
  return sayIn(locale)(receiptMailMessages.subject, { partnerName });
}

function thanks(input: ReceiptEmailInput): string {
  return wordsOf(input).say(receiptMailMessages.thanks, { kind: input.kind, partnerName: input.partnerName });
}

/** The facts of the receipt as plain-text lines, from "Receipt:" to the PDF line. */
function factLines(input: ReceiptEmailInput): string[] {
  const { say } = wordsOf(input);
  const m = receiptMailMessages;
  return [
    say(m.codeLine, { code: input.code }),
    say(m.dateLine, { date: input.date }),
    say(m.forLine, { description: input.description }),
    say(m.amountLine, { amount: input.amount }),
    ...input.refunds.map((r) => say(m.refundLine, { date: r.date, amount: r.amount })),
    ...(input.netAmount ? [say(m.netLine, { amount: input.netAmount })] : []),
    '',
    ...input.paymentNotice.flatMap((p) => [p, '']),
    ...(input.giftManageUrl ? [say(m.giftManage, { link: input.giftManageUrl }), ''] : []),
    say(m.viewOnlineLine, { url: input.receiptUrl }),
    say(m.pdfAttached),
    '',
  ];
}

/** The facts of the receipt as HTML: a table of them, the notices and the links. */
function factsHtml(input: ReceiptEmailInput): string[] {
  const { say, sentenceWithLink } = wordsOf(input);
  const m = receiptMailMessages;
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  return [
    '<table style="border-collapse:collapse">',
    row(say(m.codeLabel), input.code),
    row(say(m.dateLabel), input.date),
    row(say(m.forLabel), input.description),
    row(say(m.amountLabel), input.amount),
    ...input.refunds.map((r) => row(say(m.refundLabel, { date: r.date }), r.amount)),
    ...(input.netAmount ? [row(say(m.netLabel), input.netAmount)] : []),
    '</table>',
    ...input.paymentNotice.map((p) => `<p style="color:#555;font-size:0.9rem">${escapeHtml(p)}</p>`),
    ...(input.giftManageUrl
      ? [
          `<p>${sentenceWithLink(`<a href="${escapeHtml(input.giftManageUrl)}">${escapeHtml(say(m.giftManageLink))}</a>`)}</p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(input.receiptUrl)}">${escapeHtml(say(m.viewOnlineLink))}</a></p>`,
    `<p style="color:#555;font-size:0.9rem">${escapeHtml(say(m.pdfAttached))}</p>`,
  ];
}

/** The partner's name and support address that close every mail of this file, as text lines. */
const signatureText = (partnerName: string, supportEmail: string | null) => [
  partnerName,
  ...(supportEmail ? [supportEmail] : []),
  '',
];

/**
 * The HTML frame of the receipt and refund mails: the partner's name as the heading, the body's
 * blocks, and the partner's name with its support address at the foot.
 */
function mailHtml(partnerName: string, supportEmail: string | null, body: string[]): string {
  return [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;color:#222">',
    `<h1 style="font-size:1.4rem">${escapeHtml(partnerName)}</h1>`,
    ...body,
    `<p>${escapeHtml(partnerName)}${supportEmail ? `<br>${escapeHtml(supportEmail)}` : ''}</p>`,
    '</body></html>',
  ].join('\n');
}

export function receiptEmailText(input: ReceiptEmailInput): string {
  return [
    wordsOf(input).greeting(input.donorName),
    '',
    thanks(input),
    '',
    ...factLines(input),
    ...signatureText(input.partnerName, input.supportEmail),
  ].join('\n');
}

export function receiptEmailHtml(input: ReceiptEmailInput): string {
  return mailHtml(input.partnerName, input.supportEmail, [
    `<p>${escapeHtml(wordsOf(input).greeting(input.donorName))}</p>`,
    `<p>${escapeHtml(thanks(input))}</p>`,
    ...factsHtml(input),
  ]);
}

/**
 * The donor's notice of a refund: what was refunded, what the payment now comes to, and the
 * receipt's address, where the updated receipt (and its PDF) shows every refund.
 */
export interface RefundEmailInput {
  /** The recipient's language (decision 073), as the receipt's; en-US when not given. */
  locale?: Locale;
  partnerName: string;
  donorName: string | null;
  code: string;
  description: string;
  refunded: string;
  netAmount: string;
  date: string;
  receiptUrl: string;
  supportEmail: string | null;
}

/** The refund notice's texts (decision 073); the English defaults are today's notice word for word. */
export const refundMailMessages = defineMessages({
  subject: { id: 'mail.refund.subject', defaultMessage: 'A refund from {partnerName}' },
  refunded: {
    id: 'mail.refund.refunded',
    defaultMessage:
      '{partnerName} has refunded {refunded} of your payment for {description} (receipt {code}) on {date}.',
  },
  netAmount: {
    id: 'mail.refund.netAmount',
    defaultMessage:
      'The payment now comes to {netAmount}. The refund reaches your card or account within 5 to 10 business days.',
  },
  updatedLine: { id: 'mail.refund.updatedLine', defaultMessage: 'Your updated receipt: {url}' },
  updatedLink: { id: 'mail.refund.updatedLink', defaultMessage: 'Your updated receipt' },
});

export function refundSubject(partnerName: string, locale: Locale = 'en-US'): string {
  return sayIn(locale)(refundMailMessages.subject, { partnerName });
}

function refundLines(input: RefundEmailInput): string[] {
  const { say, greeting } = wordsOf(input);
  const m = refundMailMessages;
  return [
    greeting(input.donorName),
    say(m.refunded, {
      partnerName: input.partnerName,
      refunded: input.refunded,
      description: input.description,
      code: input.code,
      date: input.date,
    }),
    say(m.netAmount, { netAmount: input.netAmount }),
  ];
}

export function refundEmailText(input: RefundEmailInput): string {
  return [
    ...refundLines(input).flatMap((line) => [line, '']),
    wordsOf(input).say(refundMailMessages.updatedLine, { url: input.receiptUrl }),
    '',
    ...signatureText(input.partnerName, input.supportEmail),
  ].join('\n');
}

/** The receipt's fixed details that follow a partner's own wording (feature 12): never templated. */
export function receiptFactsText(input: ReceiptEmailInput): string {
  return factLines(input).join('\n');
}

export function refundEmailHtml(input: RefundEmailInput): string {
  return mailHtml(input.partnerName, input.supportEmail, [
    ...refundLines(input).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.receiptUrl)}">${escapeHtml(wordsOf(input).say(refundMailMessages.updatedLink))}</a></p>`,
  ]);
}

export function receiptFactsHtml(input: ReceiptEmailInput): string {
  return factsHtml(input).join('\n');
}
