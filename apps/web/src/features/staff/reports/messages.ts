import type { GivingFund, ReportSlug } from '@kinship/domain';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { loose } from '../../../i18n/loose-messages';

/** Each report's title (domain REPORT_DEFINITIONS, word for word in English). */
export const reportTitleMessages = loose(
  defineMessages({
    'giving-by-month': { id: 'staff.reports.report.givingByMonth.title', defaultMessage: 'Giving by month' },
    'giving-by-type': { id: 'staff.reports.report.givingByType.title', defaultMessage: 'Giving by type' },
    'giving-by-program': {
      id: 'staff.reports.report.givingByProgram.title',
      defaultMessage: 'Giving by program',
    },
    'giving-by-fund': { id: 'staff.reports.report.givingByFund.title', defaultMessage: 'Giving by fund' },
    'fees-and-tips': { id: 'staff.reports.report.feesAndTips.title', defaultMessage: 'Fees and tips' },
    'sponsor-churn': {
      id: 'staff.reports.report.sponsorChurn.title',
      defaultMessage: 'New and lost sponsors',
    },
    'year-end-totals': {
      id: 'staff.reports.report.yearEndTotals.title',
      defaultMessage: 'Year-end totals per donor',
    },
  }),
) satisfies Record<ReportSlug, MessageDescriptor>;

/** Each report's description (domain REPORT_DEFINITIONS, word for word in English). */
export const reportDescriptionMessages = loose(
  defineMessages({
    'giving-by-month': {
      id: 'staff.reports.report.givingByMonth.description',
      defaultMessage: 'Payments received each month: gross, refunded and net.',
    },
    'giving-by-type': {
      id: 'staff.reports.report.givingByType.description',
      defaultMessage: 'Payments by the sponsored type of the record they pay for; donations apart.',
    },
    'giving-by-program': {
      id: 'staff.reports.report.givingByProgram.description',
      defaultMessage: 'Payments by the program of the record they pay for; donations apart.',
    },
    'giving-by-fund': {
      id: 'staff.reports.report.givingByFund.description',
      defaultMessage: 'Sponsorships, general donations and initiatives.',
    },
    'fees-and-tips': {
      id: 'staff.reports.report.feesAndTips.description',
      defaultMessage: "Each month's platform fees and donors' tips under the partner's fee model.",
    },
    'sponsor-churn': {
      id: 'staff.reports.report.sponsorChurn.description',
      defaultMessage:
        'Sponsors who started their first sponsorship, and sponsors who ended their last, by month.',
    },
    'year-end-totals': {
      id: 'staff.reports.report.yearEndTotals.description',
      defaultMessage: 'What each donor gave in the period, net of refunds.',
    },
  }),
) satisfies Record<ReportSlug, MessageDescriptor>;

/** The funds (domain FUND_LABELS, word for word in English). */
export const fundMessages = loose(
  defineMessages({
    sponsorship: { id: 'staff.reports.fund.sponsorship', defaultMessage: 'Sponsorship' },
    general: { id: 'staff.reports.fund.general', defaultMessage: 'General donation' },
    initiative: { id: 'staff.reports.fund.initiative', defaultMessage: 'Initiative' },
    gift: { id: 'staff.reports.fund.gift', defaultMessage: 'Gift' },
  }),
) satisfies Record<GivingFund, MessageDescriptor>;

/**
 * A report's column headers by the column's key; the server's English label is kept for a key
 * not listed here. The `label` column is named after the report (Type, Program, Fund).
 */
export const columnMessages = loose(
  defineMessages({
    month: { id: 'staff.reports.column.month', defaultMessage: 'Month' },
    payments: { id: 'staff.reports.column.payments', defaultMessage: 'Payments' },
    gross: { id: 'staff.reports.column.gross', defaultMessage: 'Gross' },
    refunded: { id: 'staff.reports.column.refunded', defaultMessage: 'Refunded' },
    net: { id: 'staff.reports.column.net', defaultMessage: 'Net' },
    fees: { id: 'staff.reports.column.fees', defaultMessage: 'Platform fees' },
    tips: { id: 'staff.reports.column.tips', defaultMessage: 'Tips' },
    kept: { id: 'staff.reports.column.kept', defaultMessage: 'Net to the partner' },
    newSponsors: { id: 'staff.reports.column.newSponsors', defaultMessage: 'New sponsors' },
    lostSponsors: { id: 'staff.reports.column.lostSponsors', defaultMessage: 'Lost sponsors' },
    change: { id: 'staff.reports.column.change', defaultMessage: 'Change' },
    started: { id: 'staff.reports.column.started', defaultMessage: 'Sponsorships started' },
    ended: { id: 'staff.reports.column.ended', defaultMessage: 'Sponsorships ended' },
    donor: { id: 'staff.reports.column.donor', defaultMessage: 'Donor' },
    email: { id: 'staff.reports.column.email', defaultMessage: 'Email' },
  }),
);

export const labelColumnMessages = loose(
  defineMessages({
    'giving-by-type': { id: 'staff.reports.column.type', defaultMessage: 'Type' },
    'giving-by-program': { id: 'staff.reports.column.program', defaultMessage: 'Program' },
    'giving-by-fund': { id: 'staff.reports.column.fund', defaultMessage: 'Fund' },
  }),
);

export const totalMessage = loose(
  defineMessages({
    total: { id: 'staff.reports.total', defaultMessage: 'Total' },
  }),
).total;
