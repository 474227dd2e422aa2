import { AGE_BANDS } from './filter-options.ts';
import type { AgeBand } from './filter-options.ts';
import { isCalendarDate } from '../shared/format.ts';

const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Whole years from a 'YYYY-MM-DD' birthday (a longer ISO string is read by its
 * date part) to today's UTC calendar date. A birthday on 29 February counts as
 * reached on 1 March in non-leap years. A future birthday gives 0. Throws
 * RangeError for a malformed birthday.
 */
export function ageFromBirthday(birthday: string, today: Date = new Date()): number {
  const match = BIRTHDAY.exec(birthday);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || !isCalendarDate(year, month, day)) throw new RangeError(`Invalid birthday: ${birthday}`);
  if (Number.isNaN(today.getTime())) throw new RangeError('Invalid today');
  const todayMonth = today.getUTCMonth() + 1;
  const todayDay = today.getUTCDate();
  let age = today.getUTCFullYear() - year;
  if (todayMonth < month || (todayMonth === month && todayDay < day)) age -= 1;
  return Math.max(0, age);
}

/** The age band an age falls in, or null for a negative or non-finite age. */
export function ageBandFor(age: number): AgeBand | null {
  if (!Number.isFinite(age) || age < 0) return null;
  const years = Math.floor(age);
  return AGE_BANDS.find((band) => years >= band.min && (band.max === null || years <= band.max)) ?? null;
}
