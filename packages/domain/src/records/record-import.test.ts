import { describe, expect, it } from 'vitest';
import { SponsoredType } from '../shared/ids.ts';
import {
  duplicateCodeErrors,
  guessColumnMapping,
  importFieldsFor,
  mappingProblems,
  parseGrade,
  parseMoneyCents,
  pictureCodeOf,
  rememberedMappingOf,
  validateImportRow,
  type RowValidationContext,
} from './record-import.ts';

const studentFields = importFieldsFor(SponsoredType.Student, ['Favourite Colour']);

describe('the fields an import can set', () => {
  it('follows each sponsored type', () => {
    const keys = (type: number) => importFieldsFor(type).map((f) => f.key);
    expect(keys(SponsoredType.Student)).toEqual([
      'code',
      'firstName',
      'lastName',
      'gender',
      'birthday',
      'grade',
      'homeroom',
      'bio',
      'bioHtml',
      'program',
      'status',
      'monthlyAmount',
      'maxSlots',
      'masked',
      'showBirthday',
      'showAge',
      'showLastName',
    ]);
    expect(keys(SponsoredType.Staff)).toContain('title');
    expect(keys(SponsoredType.Staff)).not.toContain('grade');
    expect(keys(SponsoredType.Class)).toEqual([
      'code',
      'title',
      'grade',
      'bio',
      'bioHtml',
      'program',
      'status',
      'monthlyAmount',
      'maxSlots',
      'masked',
    ]);
    expect(keys(SponsoredType.Initiative)).toEqual([
      'code',
      'title',
      'bio',
      'bioHtml',
      'program',
      'status',
      'monthlyAmount',
      'maxSlots',
      'masked',
    ]);
    expect(importFieldsFor(SponsoredType.Initiative).find((f) => f.key === 'title')?.required).toBe(true);
    expect(importFieldsFor(99)).toEqual([]);
    expect(studentFields.at(-1)).toMatchObject({ key: 'custom:Favourite Colour', kind: 'custom' });
  });
});

describe('guessing the column mapping from headers', () => {
  it('tolerates case, spacing and common synonyms', () => {
    const headers = [
      'ID',
      'first_name',
      'Surname',
      'Sex',
      'DOB',
      'Grade Level',
      'Home Room',
      'favourite colour',
      'Notes?',
      'Shoe size',
    ];
    expect(guessColumnMapping(headers, studentFields)).toEqual([
      'code',
      'firstName',
      'lastName',
      'gender',
      'birthday',
      'grade',
      'homeroom',
      'custom:Favourite Colour',
      'bio',
      null,
    ]);
    // A header equal to a field's name beats a synonym of it, wherever it stands.
    expect(
      guessColumnMapping(['Given name', 'Date of birth', 'Birthday', 'Code', 'firstName'], studentFields),
    ).toEqual([null, null, 'birthday', 'code', 'firstName']);
  });

  it('a mapping remembered from last time wins, and each field fills one column', () => {
    const headers = ['Child No', 'Name', 'Name'];
    const remembered = rememberedMappingOf(['child no'], ['code']);
    expect(guessColumnMapping(headers, studentFields, remembered)).toEqual(['code', 'firstName', null]);
  });

  it('"Name" is a first name for persons and a title otherwise', () => {
    expect(guessColumnMapping(['Name'], importFieldsFor(SponsoredType.Teacher))).toEqual(['firstName']);
    expect(guessColumnMapping(['Name'], importFieldsFor(SponsoredType.Initiative))).toEqual(['title']);
  });

  it('names what the mapping still lacks', () => {
    expect(mappingProblems(studentFields, ['firstName', null])).toEqual([
      'Choose the column that holds Code.',
    ]);
    expect(mappingProblems(studentFields, ['code', 'firstName', 'firstName', 'nope' as never])).toEqual([
      'First Name is chosen for more than one column.',
      'nope is not a field of this record type.',
    ]);
  });
});

describe('validating a row', () => {
  const headers = [
    'Code',
    'First Name',
    'Last Name',
    'Gender',
    'DOB',
    'Grade',
    'Program',
    'Status',
    'Amount',
    'Slots',
    'Masked',
    'Favourite Colour',
  ];
  const context: RowValidationContext = {
    fields: studentFields,
    headers,
    mapping: guessColumnMapping(headers, studentFields),
    programs: [
      { id: 7, name: 'Hope School' },
      { id: 8, name: 'River Valley' },
    ],
    today: '2026-11-23',
    cleanHtml: (html) => html,
  };

  it('answers what a good row sets', () => {
    expect(
      validateImportRow(
        2,
        [
          'S-1',
          ' Ana ',
          '',
          'f',
          '2014-03-05',
          '3rd',
          'hope school',
          'Reserved',
          '$35.50',
          '2',
          'no',
          'green',
        ],
        context,
      ),
    ).toEqual({
      ok: true,
      record: {
        row: 2,
        code: 'S-1',
        fields: {
          firstName: 'Ana',
          lastName: null,
          gender: 'Female',
          birthday: '2014-03-05',
          gradesId: 6,
          entitiesId: 7,
          status: 'reserved',
          monthlyAmount: 3550,
          maxSlots: 2,
          masked: false,
        },
        customColumnValues: { 'Favourite Colour': 'green' },
      },
    });
  });

  it('answers every error of a row by row, column, value and reason', () => {
    expect(
      validateImportRow(
        9,
        ['S 1', '', 'B', 'boy?', '2030-01-01', '13th', 'Nowhere', 'gone', '-5', '0', 'maybe', 'x'],
        context,
      ),
    ).toEqual({
      ok: false,
      errors: [
        { row: 9, column: 'Code', value: 'S 1', reason: 'Code cannot contain spaces.' },
        { row: 9, column: 'First Name', value: '', reason: 'First Name is required.' },
        { row: 9, column: 'Gender', value: 'boy?', reason: 'Gender must be Male or Female.' },
        { row: 9, column: 'DOB', value: '2030-01-01', reason: 'Birthday cannot be in the future.' },
        {
          row: 9,
          column: 'Grade',
          value: '13th',
          reason: 'Grade "13th" is not a grade (for example 3rd Grade, 3, K or Preschool).',
        },
        { row: 9, column: 'Program', value: 'Nowhere', reason: 'There is no program named "Nowhere".' },
        {
          row: 9,
          column: 'Status',
          value: 'gone',
          reason: 'Status must be active, reserved, inactive or archived.',
        },
        {
          row: 9,
          column: 'Amount',
          value: '-5',
          reason: 'Monthly Amount is not an amount (for example 35 or 35.00).',
        },
        { row: 9, column: 'Slots', value: '0', reason: 'Max Slots must be a whole number from 1 to 10,000.' },
        { row: 9, column: 'Masked', value: 'maybe', reason: 'Masked must be yes or no.' },
      ],
    });
  });

  it('reads typed cells from a workbook and refuses control characters', () => {
    const result = validateImportRow(
      3,
      ['S-2', 'Bo', null, null, 41703, 4, 8, null, 20, 3, true, null],
      context,
    );
    expect(result).toMatchObject({
      ok: true,
      record: {
        fields: {
          birthday: '2014-03-05',
          gradesId: 7,
          entitiesId: 8,
          monthlyAmount: 2000,
          maxSlots: 3,
          masked: true,
        },
      },
    });
    expect(validateImportRow(4, ['S-3', 'Bo\u0000b'], context)).toEqual({
      ok: false,
      errors: [
        {
          row: 4,
          column: 'First Name',
          value: 'Bo\u0000b',
          reason: 'First Name contains a character that is not allowed.',
        },
      ],
    });
  });

  it('names the second row holding a code', () => {
    expect(
      duplicateCodeErrors(
        [
          { row: 2, code: 'A' },
          { row: 3, code: 'B' },
          { row: 7, code: 'a' },
        ],
        'ID',
      ),
    ).toEqual([{ row: 7, column: 'ID', value: 'a', reason: 'Code a is already on row 2.' }]);
  });
});

describe('grades, amounts and picture names', () => {
  it('reads grades as schools write them', () => {
    expect(['3rd Grade', '3', 'Grade 3', '3RD', 'gr 3'].map(parseGrade)).toEqual([6, 6, 6, 6, 6]);
    expect(
      ['K', 'Kindergarten', 'Pre-K', 'Nursery School', 'University Year 2', '12th'].map(parseGrade),
    ).toEqual([3, 3, 2, 1, 20, 15]);
    expect(['13', '0th', 'soon', ''].map(parseGrade)).toEqual([null, null, null, null]);
  });

  it('reads amounts in cents', () => {
    expect(['35', '35.5', '$1,234.50', '12,50', '20 USD'].map(parseMoneyCents)).toEqual([
      3500, 3550, 123450, 1250, 2000,
    ]);
    expect(['abc', '1.234', '-3'].map(parseMoneyCents)).toEqual([null, null, null]);
  });

  it('finds the record code of a picture file name', () => {
    const codes = new Set(['DEMO-0001', 'DEMO-0002']);
    const isCode = (c: string) => codes.has(c);
    expect(pictureCodeOf('DEMO-0001.jpg', isCode)).toEqual({ code: 'DEMO-0001', order: 1 });
    expect(pictureCodeOf('pictures/DEMO-0001-2.JPG', isCode)).toEqual({ code: 'DEMO-0001', order: 2 });
    expect(pictureCodeOf('DEMO-0002 (3).png', isCode)).toEqual({ code: 'DEMO-0002', order: 3 });
    expect(pictureCodeOf('DEMO-0002_4.webp', isCode)).toEqual({ code: 'DEMO-0002', order: 4 });
    expect(pictureCodeOf('DEMO-0003.jpg', isCode)).toBeNull();
    expect(pictureCodeOf('DEMO-0001.txt', isCode)).toBeNull();
  });
});
