import { formatCentsIn, formatReceiptAmount, SOURCE_LOCALE } from '@kinship/domain';
import { useCallback } from 'react';
import { useLocale } from '../../i18n/locale-provider';

/**
 * A receipt's amount in its own currency (which need not be the partner's): in the source locale
 * the spec's receipt format ($1,234.56, or $1,234.56 CAD for another currency); in any other
 * locale Intl's, which names a foreign currency itself (fr-CA: 1 234,56 $, 1 234,56 $ US).
 */
export function useReceiptAmount(): (cents: number, currency: string) => string {
  const { locale } = useLocale();
  return useCallback(
    (cents: number, currency: string) =>
      locale === SOURCE_LOCALE
        ? formatReceiptAmount(cents, currency)
        : formatCentsIn(locale, currency.trim() || 'usd', cents),
    [locale],
  );
}
