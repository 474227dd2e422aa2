import { ERRORS, type CellValue } from '@kinship/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { refuse } from '../../../platform/errors.ts';
import { openCheckedZip } from './zip-reader.ts';

// An import file (CSV or .xlsx) read into a header row and data rows, each numbered as a
// spreadsheet shows it (the header is row 1). Size, row and column limits hold before any work.

export interface ImportFileLimits {
  maxBytes: number;
  maxRows: number;
  maxColumns: number;
  /** An .xlsx is a zip: the most its parts may expand to. */
  maxWorkbookExpandedBytes: number;
}

export const IMPORT_FILE_LIMITS: ImportFileLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 20_000,
  maxColumns: 100,
  maxWorkbookExpandedBytes: 100 * 1024 * 1024,
};

export interface ImportSheetRow {
  row: number;
  cells: CellValue[];
}

export interface ImportSheet {
  headers: string[];
  rows: ImportSheetRow[];
}

export type ImportFileFormat = 'csv' | 'xlsx';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The format by content first (a renamed file is still what its bytes are), then by name. */
export function importFileFormat(fileName: string, bytes: Buffer): ImportFileFormat {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (bytes.subarray(0, 4).equals(OLE_MAGIC) || /\.xls$/i.test(fileName)) {
    throw refuse(
      ERRORS.IMPORT_FILE_INVALID,
      'Old Excel files (.xls) cannot be imported: save the workbook as .xlsx or CSV.',
    );
  }
  if (/\.xlsx$/i.test(fileName))
    throw refuse(ERRORS.IMPORT_FILE_INVALID, 'The file is not a valid .xlsx workbook.');
  return 'csv';
}

export async function readImportFile(
  fileName: string,
  bytes: Buffer,
  limits: ImportFileLimits = IMPORT_FILE_LIMITS,
): Promise<ImportSheet> {
  if (bytes.length === 0) throw refuse(ERRORS.IMPORT_FILE_INVALID, 'The file is empty.');
  if (bytes.length > limits.maxBytes) {
    throw refuse(
      ERRORS.IMPORT_FILE_INVALID,
      `The file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`,
    );
  }
  const sheet =
    importFileFormat(fileName, bytes) === 'xlsx' ? await readXlsx(bytes, limits) : readCsv(bytes, limits);
  if (sheet.headers.every((h) => h.trim() === ''))
    throw refuse(ERRORS.IMPORT_FILE_INVALID, 'The file has no header row.');
  if (sheet.headers.length > limits.maxColumns) {
    throw refuse(ERRORS.IMPORT_FILE_INVALID, `The file has more than ${limits.maxColumns} columns.`);
  }
  return sheet;
}

function tooManyRows(limits: ImportFileLimits) {
  return refuse(
    ERRORS.IMPORT_FILE_INVALID,
    `The file has more than ${limits.maxRows} rows; split it into smaller files.`,
  );
}

const isBlank = (cells: readonly CellValue[]) =>
  cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

/** The delimiter of the header line: the most frequent of comma, semicolon and tab outside quotes. */
function sniffDelimiter(text: string): string {
  let inQuotes = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch in counts) counts[ch]!++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![1] > 0
    ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0]
    : ',';
}

function readCsv(bytes: Buffer, limits: ImportFileLimits): ImportSheet {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: sniffDelimiter(text.replace(/^\ufeff/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 1024 * 1024,
      to_line: undefined,
    }) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw refuse(
      ERRORS.IMPORT_FILE_INVALID,
      `The CSV file cannot be read${where ? ` near line ${where}` : ''}: ${(error as Error).message}`,
    );
  }
  const [header = [], ...data] = records;
  if (data.length > limits.maxRows) throw tooManyRows(limits);
  const rows: ImportSheetRow[] = [];
  data.forEach((cells, index) => {
    if (!isBlank(cells)) rows.push({ row: index + 2, cells });
  });
  return { headers: header.map((h) => h.trim()), rows };
}

/** What exceljs hands over for a cell, as a plain value. */
function plainCell(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return plainCell((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('hyperlink' in value && 'text' in value) return plainCell(value.text as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function readXlsx(bytes: Buffer, limits: ImportFileLimits): Promise<ImportSheet> {
  // Refuse a workbook whose parts expand past the limit before exceljs inflates anything.
  const zip = await openCheckedZip(
    bytes,
    {
      maxExpandedBytes: limits.maxWorkbookExpandedBytes,
      maxEntries: 10_000,
      maxEntryBytes: limits.maxWorkbookExpandedBytes,
    },
    'The workbook',
  );
  zip.close();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(ERRORS.IMPORT_FILE_INVALID, 'The file is not a valid .xlsx workbook.');
  }
  const sheet = workbook.worksheets.find((w) => w.state === 'visible') ?? workbook.worksheets[0];
  if (!sheet) throw refuse(ERRORS.IMPORT_FILE_INVALID, 'The workbook has no sheet.');
  if (sheet.actualRowCount > limits.maxRows + 1) throw tooManyRows(limits);
  let headers: string[] | null = null;
  let width = 0;
  const rows: ImportSheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = plainCell(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= null;
    if (headers === null) {
      if (isBlank(cells)) return;
      headers = cells.map((c) =>
        c === null || c === undefined ? '' : c instanceof Date ? c.toISOString() : String(c).trim(),
      );
      width = headers.length;
      return;
    }
    if (!isBlank(cells)) rows.push({ row: rowNumber, cells: cells.slice(0, Math.max(width, cells.length)) });
  });
  return { headers: headers ?? [], rows };
}
