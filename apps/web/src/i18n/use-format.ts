import { formatCentsIn, formatDateIn, formatMoneyIn, formatPercentIn } from '@kinship/domain';
import { useMemo } from 'react';
import { usePartner } from '../shared/partner/partner-context';
import { useLocale } from './locale-provider';

export interface Formats {
  /** Integer cents in the partner's currency: en-US `$1,234.56`, fr-CA `1 234,56 $`. */
  cents: (cents: number) => string;
  /** An amount in whole currency units. */
  money: (amount: number) => string;
  /** A calendar date or a timestamp: en-US `11/27/2026`, fr-CA `2026-11-27`. */
  date: (date: Date | string) => string;
  /** 5 means 5 %: en-US `5.00%`. */
  percent: (percent: number) => string;
}

/** Money, dates and percents in the page's locale and the partner's currency (never a literal `$`). */
export function useFormat(): Formats {
  const { locale } = useLocale();
  const { currency } = usePartner();
  return useMemo(
    () => ({
      cents: (cents) => formatCentsIn(locale, currency, cents),
      money: (amount) => formatMoneyIn(locale, currency, amount),
      date: (date) => formatDateIn(locale, date),
      percent: (percent) => formatPercentIn(locale, percent),
    }),
    [locale, currency],
  );
}
