import { describe, expect, it } from 'vitest';
import { SponsoredType } from '../shared/ids.ts';
import {
  guessColumnMapping,
  importFieldsFor,
  mappingProblems,
  validateImportRow,
  type ImportFieldKey,
} from './record-import.ts';
import {
  missingRequiredField,
  RECORD_LIMITS,
  recordInputSchema,
  recordUpdateSchema,
  requiredRecordField,
} from './records.ts';
import { escapeHtmlText, plainTextToHtml } from '../shared/rich-text.ts';
import { neutraliseSpreadsheetText, unneutraliseSpreadsheetText } from '../shared/spreadsheet.ts';

// One record schema (decision 061): the editor's schema and the import's row check are the same
// rules with the same messages; the import only reads cells into typed values first.

const fields = importFieldsFor(SponsoredType.Teacher, ['Shoe Size']).concat(
  importFieldsFor(SponsoredType.Student).filter((f) => f.key === 'homeroom'),
);

/** The editor's message for one field, or null when the editor takes the value. */
function editorSays(key: string, value: unknown): string | null {
  const result = recordUpdateSchema.safeParse({ [key]: value });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === key)?.message ?? 'other field';
}

/** The import's reason for one cell of that field, or null when the import takes it. */
function importSays(key: ImportFieldKey, cell: string | number): string | null {
  const headers = ['Code', 'First Name', key];
  const mapping: (ImportFieldKey | null)[] = ['code', 'firstName', key];
  const result = validateImportRow(2, ['T-1', 'Ana', cell], {
    fields,
    headers,
    mapping,
    programs: [{ id: 7, name: 'Hope School' }],
    today: '2026-11-23',
    cleanHtml: (html) => html,
  });
  if (result.ok) return null;
  return result.errors.find((e) => e.column === key)?.reason ?? 'other column';
}

const long = (n: number) => 'x'.repeat(n);

describe('one record schema for the editor and the import', () => {
  it('holds the editor and the import to the same limits', () => {
    expect(RECORD_LIMITS).toMatchObject({
      code: 64,
      name: 100,
      title: 200,
      homeroom: 100,
      bio: 20_000,
      customValue: 1_000,
      maxSlots: 10_000,
      monthlyAmount: 100_000_000,
    });
  });

  // [editor field, editor value, import field, import cell, message]
  const refused: [string, unknown, ImportFieldKey, string | number, string][] = [
    ['code', long(65), 'code', long(65), 'Code is longer than 64 characters.'],
    ['code', 'T 1', 'code', 'T 1', 'Code cannot contain spaces.'],
    ['firstName', long(101), 'firstName', long(101), 'First Name is longer than 100 characters.'],
    ['lastName', long(101), 'lastName', long(101), 'Last Name is longer than 100 characters.'],
    ['title', long(201), 'title', long(201), 'Title is longer than 200 characters.'],
    ['homeroom', long(101), 'homeroom', long(101), 'Homeroom is longer than 100 characters.'],
    ['homeroom', 'Room\n4', 'homeroom', 'Room\n4', 'Homeroom must be on one line.'],
    [
      'firstName',
      'Bo\u0000b',
      'firstName',
      'Bo\u0000b',
      'First Name contains a character that is not allowed.',
    ],
    // The bio is held as stored: the editor's HTML, the import's text once converted (7 characters of <p></p>).
    ['bio', long(20_001), 'bio', long(20_001 - 7), 'Bio is longer than 20,000 characters.'],
    ['bio', `<p>${long(19_994)}</p>`, 'bio', long(19_994), 'Bio is longer than 20,000 characters.'],
    ['gender', 'X', 'gender', 'X', 'Gender must be Male or Female.'],
    ['birthday', '2999-01-01', 'birthday', '2999-01-01', 'Birthday cannot be in the future.'],
    ['birthday', '1899-12-31', 'birthday', '1899-12-31', 'Birthday cannot be before 1900.'],
    ['status', 'gone', 'status', 'gone', 'Status must be active, reserved, inactive or archived.'],
    ['maxSlots', 0, 'maxSlots', '0', 'Max Slots must be a whole number from 1 to 10,000.'],
    ['maxSlots', 10_001, 'maxSlots', '10001', 'Max Slots must be a whole number from 1 to 10,000.'],
    ['maxSlots', 2.5, 'maxSlots', 2.5, 'Max Slots must be a whole number from 1 to 10,000.'],
    ['monthlyAmount', 0, 'monthlyAmount', '0', 'Monthly Amount must be more than zero.'],
    [
      'monthlyAmount',
      100_000_001,
      'monthlyAmount',
      '1000000.01',
      'Monthly Amount must be at most 1,000,000.00.',
    ],
  ];

  it.each(refused)(
    'refuses %s %#: the editor and the import say the same',
    (key, value, column, cell, message) => {
      expect(editorSays(key, value), 'editor').toBe(message);
      expect(importSays(column, cell), 'import').toBe(message);
    },
  );

  it('refuses a custom column value over its limit with the same message', () => {
    expect(editorSays('customColumnValues', { 'Shoe Size': long(1001) })).toBe(
      'Shoe Size is longer than 1,000 characters.',
    );
    expect(importSays('custom:Shoe Size', long(1001))).toBe('Shoe Size is longer than 1,000 characters.');
  });

  // Values at the limits, which the import refused before (decision 061) and the editor took.
  const accepted: [string, unknown, ImportFieldKey, string | number][] = [
    ['homeroom', long(100), 'homeroom', long(100)],
    ['maxSlots', 10_000, 'maxSlots', '10000'],
    ['monthlyAmount', 100_000_000, 'monthlyAmount', '1000000'],
    ['bio', `<p>${long(19_993)}</p>`, 'bio', long(19_993)],
    ['customColumnValues', { 'Shoe Size': long(1000) }, 'custom:Shoe Size', long(1000)],
  ];

  it.each(accepted)('takes %s at its limit in both', (key, value, column, cell) => {
    expect(editorSays(key, value), 'editor').toBeNull();
    expect(importSays(column, cell), 'import').toBeNull();
  });

  it('is the editor schema itself', () => {
    const created = recordInputSchema.parse({
      partnerSponsoredTypesId: 1,
      entitiesId: 2,
      code: ' S-1 ',
      firstName: ' ',
      gradesId: 0,
      customColumnValues: { 'Shoe Size': ' 38 ' },
    });
    expect(created).toMatchObject({
      code: 'S-1',
      firstName: null,
      gradesId: 0,
      customColumnValues: { 'Shoe Size': '38' },
    });
  });
});

describe('the bio as HTML', () => {
  it('converts plain text: escaped, paragraphs from blank lines, <br /> for single line breaks', () => {
    expect(plainTextToHtml('Ana & "Bo" <3 school.')).toBe('<p>Ana &amp; "Bo" &lt;3 school.</p>');
    expect(plainTextToHtml('One\r\ntwo  \n  three\n\n \t\nNext\rline\n\n\n')).toBe(
      '<p>One<br />two<br />three</p><p>Next<br />line</p>',
    );
    expect(plainTextToHtml('\n  \n\t')).toBeNull();
    expect(plainTextToHtml('')).toBeNull();
    expect(escapeHtmlText('<b>&amp;</b>')).toBe('&lt;b&gt;&amp;amp;&lt;/b&gt;');
  });

  it('imports a bio as HTML, and a cell holding tags as text', () => {
    const result = validateImportRow(2, ['T-1', 'Ana', 'Likes maths.\n\n<b>Loud</b>'], {
      fields,
      headers: ['Code', 'First Name', 'Bio'],
      mapping: ['code', 'firstName', 'bio'],
      programs: [],
      today: '2026-11-23',
      cleanHtml: (html) => html,
    });
    expect(result).toMatchObject({
      ok: true,
      record: { fields: { bio: '<p>Likes maths.</p><p>&lt;b&gt;Loud&lt;/b&gt;</p>' } },
    });
  });

  it('reads a neutralised export cell back as the text it was', () => {
    for (const text of ['=SUM(A1)', '+1 555', '-B', '@home', 'plain', "'quoted"]) {
      expect(unneutraliseSpreadsheetText(neutraliseSpreadsheetText(text))).toBe(text);
    }
    const result = validateImportRow(2, ['T-1', 'Ana', "'-B"], {
      fields,
      headers: ['Code', 'First Name', 'Homeroom'],
      mapping: ['code', 'firstName', 'homeroom'],
      programs: [],
      today: '2026-11-23',
      cleanHtml: (html) => html,
    });
    expect(result).toMatchObject({ ok: true, record: { fields: { homeroom: '-B' } } });
  });
});

describe('the field each type requires (decision 067)', () => {
  const types = [
    SponsoredType.Student,
    SponsoredType.Teacher,
    SponsoredType.Staff,
    SponsoredType.Class,
    SponsoredType.Initiative,
  ];

  it('is the one the import requires, refused with the same message when empty', () => {
    for (const type of types) {
      const field = requiredRecordField(type);
      expect(field, String(type)).toBe(
        type === SponsoredType.Class || type === SponsoredType.Initiative ? 'title' : 'firstName',
      );
      const typeFields = importFieldsFor(type);
      expect(typeFields.filter((f) => f.required).map((f) => f.key)).toEqual(['code', field]);
      const label = typeFields.find((f) => f.key === field)!.label;
      const editor = missingRequiredField(type, { firstName: null, title: null });
      expect(editor).toEqual({ field, message: `${label} is required.` });
      const row = validateImportRow(2, ['X-1', '  '], {
        fields: typeFields,
        headers: ['Code', label],
        mapping: ['code', field],
        programs: [],
        today: '2026-11-23',
        cleanHtml: (html) => html,
      });
      expect(row).toEqual({
        ok: false,
        errors: [{ row: 2, column: label, value: '  ', reason: editor!.message }],
      });
      expect(mappingProblems(typeFields, ['code'])).toEqual([`Choose the column that holds ${label}.`]);
    }
  });

  it('is held by the value, not by the other field', () => {
    expect(missingRequiredField(SponsoredType.Student, { firstName: 'Ana', title: null })).toBeNull();
    expect(missingRequiredField(SponsoredType.Student, { firstName: ' ', title: 'Head' })).toMatchObject({
      field: 'firstName',
    });
    expect(missingRequiredField(SponsoredType.Class, { firstName: 'Ana' })).toMatchObject({ field: 'title' });
    expect(missingRequiredField(SponsoredType.Initiative, { title: 'Well' })).toBeNull();
  });
});

describe("the bio as HTML (the export's Bio (HTML) column, decision 067)", () => {
  const html =
    '<p>One <strong>bold</strong> <a href="https://example.org" rel="noopener noreferrer">link</a></p><p>Two</p>';
  /** A stand-in for the server's sanitiser: drops scripts, and is the identity on clean HTML. */
  const cleanHtml = (value: string) => value.replace(/<script>.*?<\/script>/g, '') || null;
  const row = (cell: string) =>
    validateImportRow(2, ['T-1', 'Ana', cell], {
      fields,
      headers: ['Code', 'First Name', 'Bio (HTML)'],
      mapping: ['code', 'firstName', 'bioHtml'],
      programs: [],
      today: '2026-11-23',
      cleanHtml,
    });

  it('is found by its header, beside the plain-text Bio, and one of the two fills the bio', () => {
    expect(guessColumnMapping(['Code', 'Bio', 'Bio (HTML)'], fields)).toEqual(['code', 'bio', 'bioHtml']);
    expect(mappingProblems(fields, ['code', 'firstName', 'bio', 'bioHtml'])).toEqual([
      'Choose Bio or Bio (HTML), not both: each fills the bio.',
    ]);
  });

  it('stores the cell as the cleaning answers it, so clean HTML comes back exactly', () => {
    expect(row(html)).toMatchObject({ ok: true, record: { fields: { bio: html } } });
    expect(row(`${html}<script>alert(1)</script>`)).toMatchObject({
      ok: true,
      record: { fields: { bio: html } },
    });
    expect(row('<script>x</script>')).toMatchObject({ ok: true, record: { fields: { bio: null } } });
    expect(row('')).toMatchObject({ ok: true, record: { fields: { bio: null } } });
  });

  it("holds the cleaned HTML to the bio's rule", () => {
    const over = `<p>${long(RECORD_LIMITS.bio)}</p>`;
    expect(row(over)).toMatchObject({
      ok: false,
      errors: [{ column: 'Bio (HTML)', reason: 'Bio is longer than 20,000 characters.' }],
    });
    expect(editorSays('bio', over)).toBe('Bio is longer than 20,000 characters.');
  });
});
