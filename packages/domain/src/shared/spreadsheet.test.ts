import { describe, expect, it } from 'vitest';
import { excelSerialToIsoDate, neutraliseSpreadsheetText, parseSpreadsheetDate } from './spreadsheet.ts';

describe('spreadsheet cells', () => {
  it('neutralises text a spreadsheet would run as a formula, and nothing else', () => {
    expect(neutraliseSpreadsheetText('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(neutraliseSpreadsheetText('+1+2')).toBe("'+1+2");
    expect(neutraliseSpreadsheetText('-2+3')).toBe("'-2+3");
    expect(neutraliseSpreadsheetText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseSpreadsheetText('\t=1')).toBe("'\t=1");
    expect(neutraliseSpreadsheetText('\r=1')).toBe("'\r=1");
    expect(neutraliseSpreadsheetText('Ana = Bo')).toBe('Ana = Bo');
    expect(neutraliseSpreadsheetText('')).toBe('');
  });

  it('reads Excel serial day numbers in the 1900 date system', () => {
    expect(excelSerialToIsoDate(61)).toBe('1900-03-01');
    expect(excelSerialToIsoDate(41703)).toBe('2014-03-05');
    expect(excelSerialToIsoDate(45658.75)).toBe('2025-01-01');
    expect(excelSerialToIsoDate(60)).toBeNull();
    expect(excelSerialToIsoDate(3_000_000)).toBeNull();
  });

  it('reads the date forms people type', () => {
    expect(parseSpreadsheetDate('2014-03-05')).toBe('2014-03-05');
    expect(parseSpreadsheetDate('2014-03-05T00:00:00Z')).toBe('2014-03-05');
    expect(parseSpreadsheetDate('2014/3/5')).toBe('2014-03-05');
    expect(parseSpreadsheetDate('03/05/2014')).toBe('2014-03-05');
    expect(parseSpreadsheetDate('03/05/2014', 'dmy')).toBe('2014-05-03');
    expect(parseSpreadsheetDate('25.12.2013', 'dmy')).toBe('2013-12-25');
    expect(parseSpreadsheetDate('5 March 2014')).toBe('2014-03-05');
    expect(parseSpreadsheetDate('Mar 5, 2014')).toBe('2014-03-05');
    expect(parseSpreadsheetDate('41703')).toBe('2014-03-05');
    expect(parseSpreadsheetDate(41703)).toBe('2014-03-05');
    expect(parseSpreadsheetDate(new Date(Date.UTC(2014, 2, 5)))).toBe('2014-03-05');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseSpreadsheetDate('2014-02-30')).toBeNull();
    expect(parseSpreadsheetDate('13/25/2014')).toBeNull();
    expect(parseSpreadsheetDate('25/12/2013')).toBeNull();
    expect(parseSpreadsheetDate('soon')).toBeNull();
    expect(parseSpreadsheetDate('Smarch 5, 2014')).toBeNull();
    expect(parseSpreadsheetDate(true)).toBeNull();
    expect(parseSpreadsheetDate('')).toBeNull();
    expect(parseSpreadsheetDate('2014')).toBeNull();
    expect(parseSpreadsheetDate('1234567')).toBeNull();
  });
});
