import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useFormat } from '../../../../i18n/use-format';
import { usePartner } from '../../../../shared/partner/partner-context';

/** Cents as whole currency units for a chart's axis. */
export const units = (cents: number) => Math.round(cents) / 100;

/** The first day of a 'YYYY-MM' month, at midnight UTC; null for anything else. */
function monthStart(month: string): Date | null {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m || m < 1 || m > 12) return null;
  return new Date(Date.UTC(year, m - 1, 1));
}

export interface ReportFormats {
  /** Cents as the partner's money in the page's language: en-US $1,234.50, fr-CA 1 234,50 $. */
  money: (cents: number) => string;
  /** '2026-03' -> en-US 'Mar 2026', fr-CA 'mars 2026'. */
  monthLabel: (month: string) => string;
  /** '2026-03' -> en-US 'Mar', fr-CA 'mars' (a chart's axis). */
  monthShort: (month: string) => string;
  /** A chart axis tick: whole currency units, compact (en-US $92K). */
  axisMoney: (units: number) => string;
}

/** Money and months of the reports, through Intl in the page's locale and the partner's currency. */
export function useReportFormats(): ReportFormats {
  const intl = useIntl();
  const format = useFormat();
  const { currency } = usePartner();
  return useMemo(() => {
    const month = (value: string, options: Intl.DateTimeFormatOptions) => {
      const start = monthStart(value);
      return start ? intl.formatDate(start, { ...options, timeZone: 'UTC' }) : value;
    };
    return {
      money: format.cents,
      monthLabel: (value) => month(value, { month: 'short', year: 'numeric' }),
      monthShort: (value) => month(value, { month: 'short' }),
      axisMoney: (value) =>
        intl.formatNumber(value, {
          style: 'currency',
          currency: currency.toUpperCase(),
          notation: 'compact',
          maximumFractionDigits: Math.abs(value) >= 1000 ? 1 : 0,
        }),
    };
  }, [intl, format, currency]);
}
