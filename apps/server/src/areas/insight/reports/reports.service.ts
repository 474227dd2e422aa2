import {
  applicationFeeModel,
  defaultReportRange,
  FUND_LABELS,
  GIVING_FUNDS,
  monthOf,
  REPORT_DEFINITIONS,
  reportHref,
  YEAR_END_RUN_JOB,
  ERRORS,
  type GivingFund,
  type Overview,
  type Report,
  type ReportColumn,
  type ReportQuery,
  type ReportSlug,
  type YearEndRun,
} from '@kinship/domain';
import type { Db } from '../../../db/types.ts';
import { requireAccess, type AccessScope } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, refuse } from '../../../platform/errors.ts';
import type { JobContext, JobSender } from '../../../platform/jobs.ts';
import { yearEndStatementsJob } from './reports.jobs.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import type { ExportColumn } from '../../../platform/table-export.ts';
import { batchClock, giveWay } from '../../../platform/give-way.ts';
import { queueYearEndStatement } from '../../giving/index.ts';
import {
  churnQuery,
  donorTotalsQuery,
  failedPaymentsQuery,
  givingByKeyQuery,
  givingByMonthQuery,
  labelsQuery,
  latestRunQuery,
  overviewGivingQuery,
  recordsPerTypeQuery,
  run,
  sponsorshipFiguresQuery,
  yearDonorsQuery,
  type Period,
  type Row,
  type ShareFilter,
} from './reports.repository.ts';
import { findPartnerById } from '../../partners/index.ts';

// The dashboard's Overview and Reports (issue 13 items 1 and 5, decision 035). reports.view for
// every call; a program-scoped person's figures hold their programs' records only, and donations
// (which have no program) are partner-wide figures shown to partner-wide viewers only.

export const YEAR_END_FORBIDDEN =
  "Only staff who manage all of the partner's giving can send the year-end statements.";

const DAY = 24 * 60 * 60 * 1000;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

function filterOf(scope: AccessScope, entitiesId?: number): ShareFilter {
  return { entityIds: scope.entityIds, entitiesId };
}

/** The report's period: the query's dates (UTC days, `to` inclusive) or the last 12 months. */
export function periodOf(partnersId: number, query: Pick<ReportQuery, 'from' | 'to'>, now: Date) {
  const fallback = defaultReportRange(now);
  const from = query.from ?? fallback.from;
  const to = query.to ?? (query.from && query.from > fallback.to ? query.from : fallback.to);
  if (from > to) throw refuse(ERRORS.PERIOD_INVALID, 'from must be on or before to.');
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY);
  // A period of more than 20 years is refused (generate_series of months stays small).
  if (end.getTime() - start.getTime() > 20 * 366 * DAY)
    throw refuse(ERRORS.PERIOD_INVALID, 'The period may be at most 20 years.');
  const period: Period = { partnersId, from: start, to: end };
  return { period, from, to };
}

// ------------------------------------------------------------------------------------ overview

/** GET dashboard/overview: the home's figures, each with the table behind it, and its two charts. */
export async function getOverview(db: Db, ctx: SiteContext, now: Date = new Date()): Promise<Overview> {
  const scope = requireAccess(ctx, 'reports.view');
  const filter = filterOf(scope);
  const partnersId = ctx.partner.id;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const twelveMonths = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const since30 = new Date(now.getTime() - 30 * DAY);
  const end = new Date(now.getTime() + 1);
  const givingFrom = twelveMonths < yearStart ? twelveMonths : yearStart;

  const [types, [figures], giving, [failed]] = await Promise.all([
    run(db, recordsPerTypeQuery(partnersId, filter)),
    run(db, sponsorshipFiguresQuery(partnersId, filter, since30)),
    run(db, overviewGivingQuery({ partnersId, from: givingFrom, to: end }, filter)),
    run(db, failedPaymentsQuery({ partnersId, from: since30, to: end }, filter)),
  ]);

  const thisMonth = monthOf(now);
  const thisYear = String(now.getUTCFullYear());
  const byMonth = new Map<string, number>();
  for (let i = 0; i < 12; i++) {
    byMonth.set(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1))), 0);
  }
  const byFund = new Map<GivingFund, number>();
  let monthNet = 0;
  let yearNet = 0;
  for (const row of giving) {
    const month = String(row.month);
    const net = num(row.net);
    if (byMonth.has(month)) byMonth.set(month, byMonth.get(month)! + net);
    if (month === thisMonth) monthNet += net;
    if (month.startsWith(thisYear)) {
      yearNet += net;
      const fund = row.fund as GivingFund;
      byFund.set(fund, (byFund.get(fund) ?? 0) + net);
    }
  }
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const today = isoDay(now);
  return {
    currency: ctx.partner.currency,
    partnerWide: scope.entityIds === 'all',
    activeSponsorships: { value: num(figures?.active), href: '/dashboard/sponsors' },
    monthlyRecurring: { value: num(figures?.monthly), href: '/dashboard/donations?tab=subscriptions' },
    donationsThisMonth: {
      value: monthNet,
      href: reportHref('giving-by-month', { from: isoDay(monthStart), to: today }),
    },
    donationsThisYear: {
      value: yearNet,
      href: reportHref('giving-by-month', { from: isoDay(yearStart), to: today }),
    },
    newSponsors: {
      value: num(figures?.new_sponsors),
      href: reportHref('sponsor-churn', { from: isoDay(since30), to: today }),
    },
    failedPayments: { value: num(failed?.failed), href: '/dashboard/donations?status=failed' },
    types: types.map((t) => {
      const records = `/dashboard/records?type=${num(t.id)}`;
      return {
        partnerSponsoredTypesId: num(t.id),
        label: String(t.label),
        sponsored: { value: num(t.sponsored), href: `${records}&sponsored=true` },
        waiting: { value: num(t.waiting), href: `${records}&status=active&sponsored=false` },
      };
    }),
    byMonth: [...byMonth].map(([month, net]) => ({ month, net })),
    byFund: GIVING_FUNDS.filter((f) => byFund.has(f) || f !== 'gift').map((fund) => ({
      fund,
      label: FUND_LABELS[fund],
      net: byFund.get(fund) ?? 0,
    })),
  };
}

// ------------------------------------------------------------------------------------ reports

const MONEY_COLUMNS: ReportColumn[] = [
  { key: 'payments', label: 'Payments', kind: 'count' },
  { key: 'gross', label: 'Gross', kind: 'money' },
  { key: 'refunded', label: 'Refunded', kind: 'money' },
  { key: 'net', label: 'Net', kind: 'money' },
];

type Cells = Record<string, string | number | null>;

function moneyCells(row: Row): Cells {
  return {
    payments: num(row.payments),
    gross: num(row.gross),
    refunded: num(row.refunded),
    net: num(row.net),
  };
}

/** Splits a statement's rows into the rows and the totals row (GROUPING SETS' grand total). */
function withTotals(
  rows: Row[],
  cells: (row: Row) => Cells,
  totalLabel: Cells,
): { rows: Cells[]; totals: Cells } {
  const body = rows.filter((r) => r.is_total !== true);
  const total = rows.find((r) => r.is_total === true);
  return { rows: body.map(cells), totals: { ...(total ? cells(total) : {}), ...totalLabel } };
}

/** GET dashboard/reports/{slug}: one report, computed by one SQL statement (two with labels). */
export async function getReport(
  db: Db,
  ctx: SiteContext,
  slug: ReportSlug,
  query: ReportQuery,
  now: Date = new Date(),
): Promise<Report> {
  const scope = requireAccess(
    ctx,
    'reports.view',
    query.entitiesId !== undefined ? { entitiesId: query.entitiesId } : {},
  );
  const { period, from, to } = periodOf(ctx.partner.id, query, now);
  const filter = filterOf(scope, query.entitiesId);
  const feeModel = applicationFeeModel(ctx.partner.applicationFeeModel) === 'fee' ? 'fee' : 'tip';
  const base = {
    slug,
    title: REPORT_DEFINITIONS[slug].title,
    from,
    to,
    entitiesId: query.entitiesId ?? null,
    currency: ctx.partner.currency,
    feeModel,
    partnerWide: scope.entityIds === 'all' && query.entitiesId === undefined,
  } as const;
  const built = await buildReport(db, slug, period, filter, feeModel);
  return { ...base, ...built };
}

async function buildReport(
  db: Db,
  slug: ReportSlug,
  period: Period,
  filter: ShareFilter,
  feeModel: 'fee' | 'tip',
): Promise<Pick<Report, 'columns' | 'rows' | 'totals'>> {
  switch (slug) {
    case 'giving-by-month': {
      const rows = await run(db, givingByMonthQuery(period, filter, false));
      return {
        columns: [{ key: 'month', label: 'Month', kind: 'month' }, ...MONEY_COLUMNS],
        ...withTotals(rows, (r) => ({ month: String(r.month), ...moneyCells(r) }), { month: 'Total' }),
      };
    }
    case 'fees-and-tips': {
      const rows = await run(db, givingByMonthQuery(period, filter, feeModel === 'tip'));
      const cells = (r: Row): Cells => ({
        month: String(r.month),
        payments: num(r.payments),
        gross: num(r.gross),
        fees: num(r.fees),
        tips: num(r.tips),
        kept: num(r.net) - num(r.fees),
      });
      return {
        columns: [
          { key: 'month', label: 'Month', kind: 'month' },
          { key: 'payments', label: 'Payments', kind: 'count' },
          { key: 'gross', label: 'Gross', kind: 'money' },
          { key: 'fees', label: 'Platform fees', kind: 'money' },
          { key: 'tips', label: 'Tips', kind: 'money' },
          { key: 'kept', label: 'Net to the partner', kind: 'money' },
        ],
        ...withTotals(rows, cells, { month: 'Total' }),
      };
    }
    case 'giving-by-type':
    case 'giving-by-program':
    case 'giving-by-fund': {
      const key =
        slug === 'giving-by-type' ? 'pst_id' : slug === 'giving-by-program' ? 'entities_id' : 'fund';
      const [rows, labels] = await Promise.all([
        run(db, givingByKeyQuery(period, filter, key)),
        key === 'fund' ? Promise.resolve([]) : run(db, labelsQuery(period.partnersId)),
      ]);
      const kind = key === 'pst_id' ? 'type' : 'program';
      const names = new Map(labels.filter((l) => l.kind === kind).map((l) => [num(l.id), String(l.label)]));
      const labelOf = (r: Row): string => {
        if (key === 'fund') return FUND_LABELS[r.key as GivingFund] ?? String(r.key);
        if (r.key !== null && r.key !== undefined) return names.get(num(r.key)) ?? `#${num(r.key)}`;
        const fund = FUND_LABELS[r.fund_key as GivingFund] ?? 'Other';
        return key === 'pst_id' ? `${fund} (no record)` : `${fund} (no program)`;
      };
      const title = key === 'pst_id' ? 'Type' : key === 'entities_id' ? 'Program' : 'Fund';
      return {
        columns: [{ key: 'label', label: title, kind: 'text' }, ...MONEY_COLUMNS],
        ...withTotals(rows, (r) => ({ label: labelOf(r), ...moneyCells(r) }), { label: 'Total' }),
      };
    }
    case 'sponsor-churn': {
      const rows = await run(db, churnQuery(period, filter));
      const cells = (r: Row): Cells => ({
        month: String(r.month),
        newSponsors: num(r.new_sponsors),
        lostSponsors: num(r.lost_sponsors),
        change: num(r.new_sponsors) - num(r.lost_sponsors),
        started: num(r.started),
        ended: num(r.ended),
      });
      return {
        columns: [
          { key: 'month', label: 'Month', kind: 'month' },
          { key: 'newSponsors', label: 'New sponsors', kind: 'count' },
          { key: 'lostSponsors', label: 'Lost sponsors', kind: 'count' },
          { key: 'change', label: 'Change', kind: 'count' },
          { key: 'started', label: 'Sponsorships started', kind: 'count' },
          { key: 'ended', label: 'Sponsorships ended', kind: 'count' },
        ],
        ...withTotals(rows, cells, { month: 'Total' }),
      };
    }
    case 'year-end-totals': {
      const rows = await run(db, donorTotalsQuery(period, filter));
      const cells = (r: Row): Cells => ({
        donor: r.donor === null || r.donor === undefined ? null : String(r.donor),
        email: r.email === null || r.email === undefined ? null : String(r.email),
        ...moneyCells(r),
      });
      return {
        columns: [
          { key: 'donor', label: 'Donor', kind: 'text' },
          { key: 'email', label: 'Email', kind: 'text' },
          ...MONEY_COLUMNS,
        ],
        ...withTotals(rows, cells, { donor: 'Total', email: null }),
      };
    }
  }
}

/** A report as export columns and rows (money in the currency's units, the totals row last). */
export function reportExport(report: Report): { columns: ExportColumn<Cells>[]; rows: AsyncIterable<Cells> } {
  const columns: ExportColumn<Cells>[] = report.columns.map((c) => ({
    header: c.kind === 'money' ? `${c.label} (${report.currency.toUpperCase()})` : c.label,
    value: (row) => {
      const v = row[c.key];
      if (c.kind === 'money' && typeof v === 'number') return v / 100;
      return v ?? null;
    },
  }));
  async function* rows() {
    yield* report.rows;
    yield report.totals;
  }
  return { columns, rows: rows() };
}

// ------------------------------------------------------------------------------------ year-end run

export const YEAR_RANGE_MESSAGE = (now: Date) => `year must be a year from 2000 to ${now.getUTCFullYear()}.`;

/**
 * POST dashboard/reports/year-end-run: sends the tracked job that emails every donor of the year
 * their statement, in one transaction with the audit row. donations.manage (partner-wide): those who
 * only read reports may preview the run (GET), not mail every donor (decision 052).
 */
export async function startYearEndRun(
  deps: { db: Db; jobs: JobSender },
  ctx: SiteContext,
  year: number,
  now: Date = new Date(),
): Promise<YearEndRun> {
  const scope = requireAccess(ctx, 'donations.manage', {}, YEAR_END_FORBIDDEN);
  if (year < 2000 || year > now.getUTCFullYear()) throw badRequest(YEAR_RANGE_MESSAGE(now));
  const jobId = await deps.db.transaction(async (tx) => {
    const id = await deps.jobs.send(
      yearEndStatementsJob,
      { partnersId: ctx.partner.id, year },
      {
        tx,
        track: { scope, usersId: ctx.viewer!.user?.id ?? null },
      },
    );
    if (!id) throw new Error('The year-end run could not be queued.');
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'year_end_run.started',
      entityType: 'year_end_run',
      entityId: id,
      after: { year },
    });
    return id;
  });
  return {
    jobId,
    year,
    state: 'queued',
    done: 0,
    total: null,
    message: runMessage(year, 0, null),
    startedAt: now.toISOString(),
  };
}

function runMessage(year: number, done: number, total: number | null): string {
  return total === null ? `Statements for ${year}: starting` : `Statements for ${year}: ${done} of ${total}`;
}

const RUN_YEAR = /^Statements for (\d{4})/;

/** GET dashboard/reports/year-end-run: the latest run's progress (null when none ran). */
export async function latestYearEndRun(db: Db, ctx: SiteContext): Promise<YearEndRun | null> {
  requireAccess(ctx, 'reports.view');
  const [row] = await run(db, latestRunQuery(ctx.partner.id, YEAR_END_RUN_JOB));
  if (!row) return null;
  const message = row.message === null ? null : String(row.message);
  const year = num(row.year) || Number(RUN_YEAR.exec(message ?? '')?.[1] ?? 0);
  return {
    jobId: String(row.id),
    year,
    state: String(row.state) as YearEndRun['state'],
    done: num(row.done),
    total: row.total === null ? null : num(row.total),
    message,
    startedAt: new Date(row.created_at as string | Date).toISOString(),
  };
}

/**
 * The job: every donor of the year (a person by account, a guest by the email they gave with) gets
 * one statement through the outbox. The outbox's dedupe key makes a retry (or a second run for the
 * same year) skip those already queued.
 */
export async function runYearEndStatements(
  payload: { partnersId: number; year: number },
  ctx: JobContext,
): Promise<{ donors: number; queued: number; skipped: number }> {
  const db = ctx.database.db;
  const partner = await findPartnerById(db, payload.partnersId);
  if (!partner) throw new Error(`Partner ${payload.partnersId} does not exist.`);
  const from = new Date(Date.UTC(payload.year, 0, 1));
  const to = new Date(Date.UTC(payload.year + 1, 0, 1));
  const found = await run(db, yearDonorsQuery(partner.id, from, to));
  // A guest gift made with a person's own address is on that person's statement.
  const personEmails = new Set(
    found.filter((d) => d.users_id !== null).map((d) => String(d.email).toLowerCase()),
  );
  const donors = found.filter((d) => d.users_id !== null || !personEmails.has(String(d.email).toLowerCase()));
  const total = donors.length;
  await ctx.progress({ done: 0, total, message: runMessage(payload.year, 0, total) });
  let queued = 0;
  let done = 0;
  // Short transactions (50 donors, or BATCH_BUDGET_MS) that give way to requests between them
  // (decision 053); a retry finds the statements already queued (the outbox's dedupe key).
  const BATCH = 50;
  while (done < total) {
    const batch = donors.slice(done, done + BATCH);
    const clock = batchClock();
    const taken = await db.transaction(async (tx) => {
      let n = 0;
      for (const d of batch) {
        if (n > 0 && clock.spent()) break;
        n++;
        const fresh = await queueYearEndStatement(tx, {
          partner,
          year: payload.year,
          donorKey: String(d.donor_key),
          donor: {
            usersId: d.users_id === null ? null : num(d.users_id),
            email: String(d.email),
            firstName: d.first_name === null ? null : String(d.first_name),
            lastName: d.last_name === null ? null : String(d.last_name),
          },
        });
        if (fresh) queued += 1;
      }
      return n;
    });
    done += taken;
    await ctx.progress({ done, total, message: runMessage(payload.year, done, total) });
    if (done < total) await giveWay(clock.elapsed());
  }
  return { donors: total, queued, skipped: total - queued };
}
