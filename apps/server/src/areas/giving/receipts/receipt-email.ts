/** The receipt email's words, in plain text and simple HTML; every value is already formatted. */
export interface ReceiptEmailInput {
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

export const GIFT_MANAGE_LINE = "To change the recipient's address or send the gift again, keep this link";

const giftManageText = (input: ReceiptEmailInput) =>
  input.giftManageUrl ? [`${GIFT_MANAGE_LINE}: ${input.giftManageUrl}`, ''] : [];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function receiptSubject(partnerName: string): string {
  return `Your receipt from ${partnerName}`;
}

function thanks(input: ReceiptEmailInput): string {
  const what = input.kind === 'subscription' ? 'sponsorship payment' : 'donation';
  return `Thank you for your ${what} to ${input.partnerName}.`;
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

const greeting = (donorName: string | null) => (donorName ? `Dear ${donorName},` : 'Hello,');

export function receiptEmailText(input: ReceiptEmailInput): string {
  return [
    greeting(input.donorName),
    '',
    thanks(input),
    '',
    receiptFactsText(input),
    ...signatureText(input.partnerName, input.supportEmail),
  ].join('\n');
}

export function receiptEmailHtml(input: ReceiptEmailInput): string {
  return mailHtml(input.partnerName, input.supportEmail, [
    `<p>${escapeHtml(greeting(input.donorName))}</p>`,
    `<p>${escapeHtml(thanks(input))}</p>`,
    receiptFactsHtml(input),
  ]);
}

/**
 * The donor's notice of a refund: what was refunded, what the payment now comes to, and the
 * receipt's address, where the updated receipt (and its PDF) shows every refund.
 */
export interface RefundEmailInput {
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

export function refundSubject(partnerName: string): string {
  return `A refund from ${partnerName}`;
}

function refundLines(input: RefundEmailInput): string[] {
  return [
    greeting(input.donorName),
    `${input.partnerName} has refunded ${input.refunded} of your payment for ${input.description} (receipt ${input.code}) on ${input.date}.`,
    `The payment now comes to ${input.netAmount}. The refund reaches your card or account within 5 to 10 business days.`,
  ];
}

export function refundEmailText(input: RefundEmailInput): string {
  return [
    ...refundLines(input).flatMap((line) => [line, '']),
    `Your updated receipt: ${input.receiptUrl}`,
    '',
    ...signatureText(input.partnerName, input.supportEmail),
  ].join('\n');
}

/** The receipt's fixed details that follow a partner's own wording (feature 12): never templated. */
export function receiptFactsText(input: ReceiptEmailInput): string {
  return [
    `Receipt: ${input.code}`,
    `Date: ${input.date}`,
    `For: ${input.description}`,
    `Amount: ${input.amount}`,
    ...input.refunds.map((r) => `Refunded on ${r.date}: ${r.amount}`),
    ...(input.netAmount ? [`Net amount: ${input.netAmount}`] : []),
    '',
    ...input.paymentNotice.flatMap((p) => [p, '']),
    ...giftManageText(input),
    `View your receipt online: ${input.receiptUrl}`,
    'A PDF copy of this receipt is attached.',
    '',
  ].join('\n');
}

export function refundEmailHtml(input: RefundEmailInput): string {
  return mailHtml(input.partnerName, input.supportEmail, [
    ...refundLines(input).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.receiptUrl)}">Your updated receipt</a></p>`,
  ]);
}

export function receiptFactsHtml(input: ReceiptEmailInput): string {
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  return [
    '<table style="border-collapse:collapse">',
    row('Receipt', input.code),
    row('Date', input.date),
    row('For', input.description),
    row('Amount', input.amount),
    ...input.refunds.map((r) => row(`Refunded on ${r.date}`, r.amount)),
    ...(input.netAmount ? [row('Net amount', input.netAmount)] : []),
    '</table>',
    ...input.paymentNotice.map((p) => `<p style="color:#555;font-size:0.9rem">${escapeHtml(p)}</p>`),
    ...(input.giftManageUrl
      ? [
          `<p>${escapeHtml(GIFT_MANAGE_LINE)}: <a href="${escapeHtml(input.giftManageUrl)}">manage your gift</a></p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(input.receiptUrl)}">View your receipt online</a></p>`,
    '<p style="color:#555;font-size:0.9rem">A PDF copy of this receipt is attached.</p>',
  ].join('\n');
}
