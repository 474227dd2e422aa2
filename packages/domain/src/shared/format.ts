// Display formats (spec 9): currency with $, thousands separators and 2 decimals;
// percent with 2 decimals; dates as MM/DD/YYYY.

function assertFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${what}: ${value}`);
}

/** Rounds a non-negative amount to hundredths, half up, ignoring binary noise (1.005 -> 101). */
function toHundredths(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15)));
}

function withThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234.5 -> '$1,234.50'; -5 -> '-$5.00'. Throws RangeError for NaN or infinity. */
export function formatCurrency(amountDollars: number): string {
  assertFinite(amountDollars, 'currency');
  const hundredths = toHundredths(Math.abs(amountDollars));
  const whole = Math.floor(hundredths / 100);
  const cents = String(hundredths % 100).padStart(2, '0');
  const sign = amountDollars < 0 && hundredths > 0 ? '-' : '';
  return `${sign}$${withThousands(String(whole))}.${cents}`;
}

/** Integer cents shown as dollars: 123450 -> '$1,234.50'. */
export function formatCents(cents: number): string {
  assertFinite(cents, 'currency');
  return formatCurrency(cents / 100);
}

/** 5 -> '5.00%'. */
export function formatPercent(n: number): string {
  assertFinite(n, 'percent');
  const hundredths = toHundredths(Math.abs(n));
  const sign = n < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}%`;
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Formats as MM/DD/YYYY. A plain 'YYYY-MM-DD' string is a calendar date and is
 * formatted as written (no timezone shift); a Date or a timestamp string is
 * formatted in UTC. Throws RangeError for an invalid date.
 */
export function formatDate(d: Date | string): string {
  if (typeof d === 'string') {
    const plain = PLAIN_DATE.exec(d);
    if (plain) {
      const [, year, month, day] = plain;
      if (!isCalendarDate(Number(year), Number(month), Number(day))) {
        throw new RangeError(`Invalid date: ${d}`);
      }
      return `${month}/${day}/${year}`;
    }
  }
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${pad2(date.getUTCMonth() + 1)}/${pad2(date.getUTCDate())}/${year}`;
}

/** True when year-month-day names a real day of the proleptic Gregorian calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const limit = month === 2 ? (isLeap ? 29 : 28) : daysInMonth;
  return day <= limit;
}
