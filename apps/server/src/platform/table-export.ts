import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { neutraliseSpreadsheetText, type CellValue } from '@kinship/domain';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

// Streamed table exports (CSV and .xlsx) for any staff table: rows come as an async iterable and
// are pulled only as fast as the client reads, so an export of any size holds a few rows in memory.
// Every text cell a spreadsheet would run as a formula is neutralised (OWASP CSV injection).

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => CellValue;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as written: text neutralised, a date as its calendar day, nothing as empty. */
function exportCell(value: CellValue): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return neutraliseSpreadsheetText(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/** The rows as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents), header first. */
export function csvExportStream<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: AsyncIterable<Row>,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield '\ufeff' + stringify([columns.map((c) => neutraliseSpreadsheetText(c.header))]);
    let batch: (string | number | boolean | null)[][] = [];
    for await (const row of rows) {
      batch.push(columns.map((c) => exportCell(c.value(row))));
      if (batch.length === 100) {
        yield stringify(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield stringify(batch);
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 16 * 1024 });
}

/**
 * The rows as a one-sheet .xlsx workbook, written by exceljs's streaming writer: each row is
 * committed as it comes, and the producer waits while the client has not read what is written.
 */
export function xlsxExportStream<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: AsyncIterable<Row>,
  options: { sheetName?: string } = {},
): Readable {
  const output = new PassThrough({ highWaterMark: 16 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(safeSheetName(options.sheetName ?? 'Export'));
  void (async () => {
    sheet.addRow(columns.map((c) => neutraliseSpreadsheetText(c.header))).commit();
    let written = 0;
    for await (const row of rows) {
      sheet.addRow(columns.map((c) => exportCell(c.value(row)))).commit();
      // Let the zip deflate what was committed (its work is asynchronous), then wait for the reader.
      if (++written % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      while (output.writableNeedDrain && !output.destroyed) await drainOrClose(output);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** Resolves when the stream wants more, or is closed (a client that went away ends the export). */
async function drainOrClose(stream: PassThrough): Promise<void> {
  const controller = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: controller.signal }),
      once(stream, 'close', { signal: controller.signal }),
    ]);
  } finally {
    controller.abort();
  }
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function safeSheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';
}
