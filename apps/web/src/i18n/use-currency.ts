import { useMemo } from 'react';
import { usePartner } from '../shared/partner/partner-context';
import { useLocale } from './locale-provider';

export interface CurrencyDisplay {
  /** A whole amount without decimals (quick-amount buttons): en-US `$25`, fr-CA `25 $`. */
  whole: (amount: number) => string;
  /** The currency's sign in the page's locale (`$`), for an amount field's adornment. */
  symbol: string;
  /** Whether the sign comes before the number (en-US, en-CA) or after it (fr-CA). */
  symbolFirst: boolean;
}

/** The partner's currency as the page's locale writes it, beside useFormat() for what it does not cover. */
export function useCurrency(): CurrencyDisplay {
  const { locale } = useLocale();
  const { currency } = usePartner();
  return useMemo(() => {
    const whole = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const parts = whole.formatToParts(1);
    const sign = parts.findIndex((part) => part.type === 'currency');
    const number = parts.findIndex((part) => part.type === 'integer');
    return {
      whole: (amount) => whole.format(amount),
      symbol: parts[sign]?.value ?? currency.toUpperCase(),
      symbolFirst: sign < number,
    };
  }, [locale, currency]);
}
