// Spreadsheet values shared by import and export: cell neutralisation (OWASP CSV injection) and
// the date forms people type into spreadsheets, Excel serial dates included.

/** A cell as a CSV or .xlsx reader hands it over: text, a number, a boolean, a date, or nothing. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** Characters that make a spreadsheet run a cell as a formula when it starts with them (OWASP). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text cell a spreadsheet would run as a formula, made inert by a leading apostrophe (OWASP CSV
 * injection). Only text is touched: numbers are written as numbers and are never formulas.
 */
export function neutraliseSpreadsheetText(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}

/**
 * A text cell as it was before an export neutralised it: an apostrophe followed by a formula
 * trigger is dropped, so an exported file re-imports the text it came from (decision 061).
 */
export function unneutraliseSpreadsheetText(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_TRIGGERS.has(text[1]!) ? text.slice(1) : text;
}

export type DateOrder = 'mdy' | 'dmy';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function monthOfName(name: string): number | undefined {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return MONTHS[lower] ?? MONTHS[lower.slice(0, 3)];
}

function isoOf(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Excel (1900 date system) serial day numbers a spreadsheet writes for dates from 1900-03-01 to 9999-12-31. */
export const EXCEL_SERIAL_RANGE = { min: 61, max: 2958465 } as const;

/**
 * The calendar date of an Excel serial day number (1900 date system, the default of Excel and
 * LibreOffice: serial 61 is 1900-03-01; Excel's phantom 1900-02-29 lies before the range kept).
 * A fraction (a time of day) is dropped.
 */
export function excelSerialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < EXCEL_SERIAL_RANGE.min || serial >= EXCEL_SERIAL_RANGE.max + 1) {
    return null;
  }
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/**
 * A date typed in a spreadsheet as `YYYY-MM-DD` (ISO, with or without a time), `YYYY/MM/DD`,
 * `MM/DD/YYYY` or `DD/MM/YYYY` by `order` (also with `-` or `.`), `5 March 2014`, `March 5, 2014`,
 * an Excel serial day number, or a date cell. Answers `YYYY-MM-DD`, or null when it is not a date.
 */
export function parseSpreadsheetDate(value: CellValue, order: DateOrder = 'mdy'): string | null {
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  if (value instanceof Date) {
    // .xlsx readers give date cells as UTC midnight of the calendar date shown.
    return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') return excelSerialToIsoDate(value);
  const text = value.trim();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return order === 'mdy' ? isoOf(year, first, second) : isoOf(year, second, first);
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]+\.?)[\s-,]+(\d{4})$/.exec(text);
  if (match) {
    const month = monthOfName(match[2]!);
    return month ? isoOf(Number(match[3]), month, Number(match[1])) : null;
  }
  match = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(text);
  if (match) {
    const month = monthOfName(match[1]!);
    return month ? isoOf(Number(match[3]), month, Number(match[2])) : null;
  }
  // A serial written out as text: five digits (1927-05-18 to 2173-10-14), so a bare year is no date.
  if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerialToIsoDate(Number(text));
  return null;
}
