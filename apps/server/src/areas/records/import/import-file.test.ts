import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './import-file.ts';

describe('reading an import file', () => {
  it('numbers rows as a spreadsheet shows them, through quoted line breaks and blank rows', async () => {
    const csv = '\ufeffCode;First Name;Bio\r\nA-1;Ana;"two\nlines"\r\n;;\r\nA-2;Bo;"say ""hi"""\r\n';
    expect(await readImportFile('students.csv', Buffer.from(csv))).toEqual({
      headers: ['Code', 'First Name', 'Bio'],
      rows: [
        { row: 2, cells: ['A-1', 'Ana', 'two\nlines'] },
        { row: 4, cells: ['A-2', 'Bo', 'say "hi"'] },
      ],
    });
  });

  it('reads tab-separated text and typed workbook cells', async () => {
    expect((await readImportFile('a.tsv', Buffer.from('Code\tGrade\nA-1\t3\n'))).rows).toEqual([
      { row: 2, cells: ['A-1', '3'] },
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow([]);
    sheet.addRow(['Code', 'Birthday', 'Grade', 'Note']);
    sheet.addRow([
      'A-1',
      new Date(Date.UTC(2014, 2, 5)),
      { formula: '1+2', result: 3 },
      { richText: [{ text: 'a' }, { text: 'b' }] },
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // A workbook named .csv is still read as what its bytes are.
    expect(await readImportFile('renamed.csv', bytes)).toEqual({
      headers: ['Code', 'Birthday', 'Grade', 'Note'],
      rows: [{ row: 3, cells: ['A-1', new Date(Date.UTC(2014, 2, 5)), 3, 'ab'] }],
    });
  });

  it('refuses a workbook whose parts expand past the limit before opening it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['Code']);
    for (let i = 0; i < 2000; i++) sheet.addRow([String(i).padEnd(1000, 'x')]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(
      readImportFile('big.xlsx', bytes, {
        maxBytes: 1e7,
        maxRows: 1e5,
        maxColumns: 10,
        maxWorkbookExpandedBytes: 1024 * 1024,
      }),
    ).rejects.toThrow('The workbook is refused: "xl/sharedStrings.xml" expands past 1 MB.');
    await expect(readImportFile('bad.xlsx', Buffer.from('not a zip'))).rejects.toThrow(
      'The file is not a valid .xlsx workbook.',
    );
  });
});
