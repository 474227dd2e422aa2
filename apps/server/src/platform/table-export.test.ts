import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvExportStream, xlsxExportStream, type ExportColumn } from './table-export.ts';

interface Row {
  code: string;
  note: string;
  amount: number;
  born: Date | null;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Code', value: (r) => r.code },
  { header: 'Note', value: (r) => r.note },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Birthday', value: (r) => r.born },
];

const FORMULAS = [
  '=HYPERLINK("http://evil","x")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1',
  '\r=1',
  'plain, "quoted"',
];

async function* rowsOf(notes: readonly string[]): AsyncGenerator<Row> {
  for (const [i, note] of notes.entries()) {
    yield { code: `R-${i}`, note, amount: -5 + i, born: i === 0 ? new Date(Date.UTC(2014, 2, 5)) : null };
  }
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('table exports', () => {
  it('a CSV export neutralises every cell a spreadsheet would run as a formula', async () => {
    const text = (await bytesOf(csvExportStream(columns, rowsOf(FORMULAS)))).toString('utf8');
    expect(text.startsWith('\ufeffCode,Note,Amount,Birthday\n')).toBe(true);
    const records = parse(text, { bom: true }) as string[][];
    expect(records.slice(1).map((r) => r[1])).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\t=1",
      "'\r=1",
      'plain, "quoted"',
    ]);
    // Numbers stay numbers (a negative amount is not a formula); dates are calendar days.
    expect(records[1]).toEqual(['R-0', `'=HYPERLINK("http://evil","x")`, '-5', '2014-03-05']);
  });

  it('an .xlsx export neutralises formula-looking text cells the same way', async () => {
    const bytes = await bytesOf(xlsxExportStream(columns, rowsOf(FORMULAS), { sheetName: 'Students: 2026' }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Students  2026');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Note', 'Amount', 'Birthday']);
    const notes = FORMULAS.map((_, i) => sheet.getRow(i + 2).getCell(2).value);
    // XML reads a carriage return back as a line feed; the apostrophe in front is what matters.
    expect(notes).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\t=1",
      "'\n=1",
      'plain, "quoted"',
    ]);
    expect(sheet.getRow(2).getCell(3).value).toBe(-5);
    expect(FORMULAS.some((_, i) => sheet.getRow(i + 2).getCell(2).formula)).toBe(false);
  });

  for (const [format, exporter] of [
    ['CSV', csvExportStream],
    ['.xlsx', xlsxExportStream],
  ] as const) {
    it(`a ${format} export of 10,000 rows is pulled as the reader reads: the rows never run far ahead`, async () => {
      const total = 10_000;
      let produced = 0;
      async function* many(): AsyncGenerator<Row> {
        for (let i = 0; i < total; i++) {
          produced++;
          // Realistic text (it compresses as names and notes do, not as a run of one letter).
          const note = `${(i * 2654435761) % 4294967296} ${Math.sin(i).toString(36)} ${Math.cos(i).toString(36)}`;
          yield { code: `R-${i}`, note: note.padEnd(200, ` ${i.toString(16)}`), amount: i, born: null };
        }
      }
      const stream = exporter(columns, many());
      // Nobody reads for a while: a streamed export stops producing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const producedWhileUnread = produced;
      expect(producedWhileUnread).toBeLessThan(total / 4);
      let bytes = 0;
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const chunks: Buffer[] = [];
      await pipeline(
        stream,
        new Writable({
          highWaterMark: 16 * 1024,
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            if (format === '.xlsx') chunks.push(chunk);
            heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
            setImmediate(done);
          },
        }),
      );
      expect(produced).toBe(total);
      console.info(
        `${format} export of ${total} rows: ${bytes} bytes; ${producedWhileUnread} rows produced while unread; heap peak +${Math.round((heapPeak - heapBefore) / 1024 / 1024)} MB`,
      );
      if (format === 'CSV') expect(bytes).toBeGreaterThan(total * 200);
      else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
        expect(workbook.worksheets[0]!.actualRowCount).toBe(total + 1);
      }
    });
  }
});
