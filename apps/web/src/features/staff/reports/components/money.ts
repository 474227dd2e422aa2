import { formatCents } from '@kinship/domain';

/** Cents as the partner's money, e.g. $1,234.50. */
export const money = (cents: number) => formatCents(cents);

/** Cents as whole currency units for a chart's axis. */
export const units = (cents: number) => Math.round(cents) / 100;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03' -> 'Mar 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const index = Number(m) - 1;
  return MONTHS[index] ? `${MONTHS[index]} ${year}` : month;
}

/** A chart axis tick: whole currency units, compact ($92k). */
export function axisMoney(units: number): string {
  if (Math.abs(units) >= 1000) return `$${Math.round(units / 100) / 10}k`;
  return `$${Math.round(units)}`;
}
