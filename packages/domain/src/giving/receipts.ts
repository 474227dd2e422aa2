import { z } from 'zod';
import { formatCents } from '../shared/format.ts';

// Receipts (spec 1 and 4: "an email receipt is sent", "success with a receipt link") and
// year-end giving statements.

/** GET receipts/{code}: what the receipt page and the receipt email show. Amounts are cents. */
export const receiptSchema = z.object({
  code: z.string(),
  partnerName: z.string(),
  amount: z.int().nonnegative(),
  /** Lower-case ISO 4217 code of the partner's currency, e.g. 'usd'. */
  currency: z.string(),
  /** When the payment was made (ISO 8601). */
  date: z.string(),
  description: z.string(),
  donorName: z.string().nullable(),
  /** The tax-deductibility sentence for partners with an ein, else null. */
  taxNotice: z.string().nullable(),
  /** Paragraphs of the payment notice (processing and receipt, then the tax notice). */
  paymentNotice: z.array(z.string()),
  kind: z.enum(['donation', 'subscription']),
  interval: z.enum(['month', 'year']).nullable(),
  /** Cents refunded so far (0 when none), and each refund: its amount and when it was made. */
  refundedAmount: z.int().nonnegative(),
  refunds: z.array(z.object({ amount: z.int().positive(), date: z.string() })),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * An amount as the spec shows currency ('$1,234.00'); currencies other than US dollars are named
 * after it ('$1,234.00 CAD'), so a Canadian receipt is not mistaken for US dollars.
 */
export function formatReceiptAmount(cents: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  return code === '' || code === 'USD' ? formatCents(cents) : `${formatCents(cents)} ${code}`;
}

/** What a subscription payment was for: 'Monthly sponsorship of Ana (2 slots)'. */
export function sponsorshipDescription(
  interval: 'month' | 'year' | null,
  lines: { name: string; numSlots: number }[],
): string {
  const period =
    interval === 'year' ? 'Annual sponsorship' : interval === 'month' ? 'Monthly sponsorship' : 'Sponsorship';
  if (lines.length === 0) return period;
  const names = lines.map((l) => (l.numSlots > 1 ? `${l.name} (${l.numSlots} slots)` : l.name));
  const joined =
    names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${period} of ${joined}`;
}

/** What a one-off payment was for. */
export function donationDescription(initiativeTitle: string | null | undefined): string {
  return initiativeTitle ? `Donation to ${initiativeTitle}` : 'General donation';
}

/** A calendar year a giving statement can cover: 2000 up to the current year. */
export function isStatementYear(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= 2000 && year <= now.getUTCFullYear();
}
