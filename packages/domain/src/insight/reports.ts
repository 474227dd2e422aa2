import { z } from 'zod';

// The dashboard's Overview and Reports (issue 13, decision 035): the answers' shapes, the report
// catalogue and the filters, shared by the server (routes, SQL) and the web app (tables, charts).

/** Every report, by its address under /dashboard/reports/{slug}. */
export const REPORT_SLUGS = [
  'giving-by-month',
  'giving-by-type',
  'giving-by-program',
  'giving-by-fund',
  'fees-and-tips',
  'sponsor-churn',
  'year-end-totals',
] as const;
export type ReportSlug = (typeof REPORT_SLUGS)[number];

export interface ReportDefinition {
  slug: ReportSlug;
  title: string;
  description: string;
  /** Whether the program filter applies (reports of money kept by program or sponsorships). */
  byProgram: boolean;
}

export const REPORT_DEFINITIONS: Readonly<Record<ReportSlug, ReportDefinition>> = {
  'giving-by-month': {
    slug: 'giving-by-month',
    title: 'Giving by month',
    description: 'Payments received each month: gross, refunded and net.',
    byProgram: true,
  },
  'giving-by-type': {
    slug: 'giving-by-type',
    title: 'Giving by type',
    description: 'Payments by the sponsored type of the record they pay for; donations apart.',
    byProgram: true,
  },
  'giving-by-program': {
    slug: 'giving-by-program',
    title: 'Giving by program',
    description: 'Payments by the program of the record they pay for; donations apart.',
    byProgram: true,
  },
  'giving-by-fund': {
    slug: 'giving-by-fund',
    title: 'Giving by fund',
    description: 'Sponsorships, general donations and initiatives.',
    byProgram: true,
  },
  'fees-and-tips': {
    slug: 'fees-and-tips',
    title: 'Fees and tips',
    description: "Each month's platform fees and donors' tips under the partner's fee model.",
    byProgram: true,
  },
  'sponsor-churn': {
    slug: 'sponsor-churn',
    title: 'New and lost sponsors',
    description: 'Sponsors who started their first sponsorship, and sponsors who ended their last, by month.',
    byProgram: true,
  },
  'year-end-totals': {
    slug: 'year-end-totals',
    title: 'Year-end totals per donor',
    description: 'What each donor gave in the period, net of refunds.',
    byProgram: true,
  },
};

/** Funds a payment belongs to. */
export const GIVING_FUNDS = ['sponsorship', 'general', 'initiative', 'gift'] as const;
export type GivingFund = (typeof GIVING_FUNDS)[number];
export const FUND_LABELS: Readonly<Record<GivingFund, string>> = {
  sponsorship: 'Sponsorship',
  general: 'General donation',
  initiative: 'Initiative',
  gift: 'Gift',
};

const isoDate = z.iso.date('Give the date as YYYY-MM-DD.');

/** A report's filters: a date range (both ends inclusive, UTC days) and a program. */
export const reportQuerySchema = z
  .object({
    partnersId: z.string().optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    entitiesId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .loose()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must be on or before to.',
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_COLUMN_KINDS = ['text', 'month', 'money', 'count'] as const;

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

const cell = z.union([z.string(), z.number(), z.null()]);

/** One report: its columns, rows and the totals row (money in cents). */
export const reportSchema = z.object({
  slug: z.enum(REPORT_SLUGS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  entitiesId: z.number().nullable(),
  currency: z.string(),
  /** The partner's applicationFeeModel (fee or tip), for the fees and tips report. */
  feeModel: z.enum(['fee', 'tip']),
  /** False for a program-scoped viewer: donations without a program are left out. */
  partnerWide: z.boolean(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), cell)),
  totals: z.record(z.string(), cell),
});
export type Report = z.infer<typeof reportSchema>;

/** A figure of the overview: its value and the table behind it. */
const figure = z.object({ value: z.number(), href: z.string() });

export const overviewSchema = z.object({
  currency: z.string(),
  partnerWide: z.boolean(),
  activeSponsorships: figure,
  monthlyRecurring: figure,
  donationsThisMonth: figure,
  donationsThisYear: figure,
  newSponsors: figure,
  failedPayments: figure,
  types: z.array(
    z.object({
      partnerSponsoredTypesId: z.number(),
      label: z.string(),
      sponsored: figure,
      waiting: figure,
    }),
  ),
  /** The last 12 months, oldest first: net giving in cents. */
  byMonth: z.array(z.object({ month: z.string(), net: z.number() })),
  /** This year, by fund: net giving in cents. */
  byFund: z.array(z.object({ fund: z.enum(GIVING_FUNDS), label: z.string(), net: z.number() })),
});
export type Overview = z.infer<typeof overviewSchema>;

/** The year-end receipts run: start one for a year, and the latest run's progress. */
export const yearEndRunInputSchema = z.object({
  year: z.number().int().min(2000).max(9999),
});
export type YearEndRunInput = z.infer<typeof yearEndRunInputSchema>;

export const yearEndRunSchema = z.object({
  jobId: z.string(),
  year: z.number().int(),
  state: z.enum(['queued', 'running', 'retrying', 'completed', 'failed']),
  done: z.number().int(),
  total: z.number().int().nullable(),
  message: z.string().nullable(),
  startedAt: z.string(),
});
export type YearEndRun = z.infer<typeof yearEndRunSchema>;

export const YEAR_END_RUN_JOB = 'reports.year_end_statements';

/** The month `YYYY-MM` of a date, in UTC. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** A default report range: the first day of the month eleven months ago to today (12 months). */
export function defaultReportRange(now: Date): { from: string; to: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: start.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** The address of a report with its filters. */
export function reportHref(slug: ReportSlug, filters: { from?: string; to?: string } = {}): string {
  const query = new URLSearchParams();
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return `/dashboard/reports/${slug}${text ? `?${text}` : ''}`;
}
