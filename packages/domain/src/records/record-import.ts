import { SponsoredType, isPersonType, type SponsoredStatus } from '../shared/ids.ts';
import { GRADES } from './grades.ts';
import { plainTextToHtml } from '../shared/rich-text.ts';
import {
  birthdaySchema,
  CONTROL_CHARACTERS,
  customValueSchema,
  MAX_SLOTS_MESSAGE,
  RECORD_LIMITS,
  recordFieldSchemas,
  requiredMessage,
  requiredRecordField,
} from './records.ts';
import {
  parseSpreadsheetDate,
  unneutraliseSpreadsheetText,
  type CellValue,
  type DateOrder,
} from '../shared/spreadsheet.ts';

// The record import model (issue 12, item 6): which fields a file can set for each sponsored type,
// how file headers are guessed onto them, and the validation of one row, every error of it in the
// words a partner uses. Pure: the server reads files and the database, this decides. A row is
// checked by the record's own field rules (records.ts, decision 061); the import adds only the
// reading of cells: words, dates, grades and amounts as people type them, and plain-text bios
// converted to the stored HTML.

export type ImportFieldKind =
  | 'code'
  | 'text'
  | 'longText'
  | 'html'
  | 'gender'
  | 'date'
  | 'grade'
  | 'program'
  | 'status'
  | 'money'
  | 'slots'
  | 'flag'
  | 'custom';

/** A field of the sponsored record an import can set; custom columns are `custom:<column name>`. */
export type ImportFieldKey =
  | 'code'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'birthday'
  | 'grade'
  | 'homeroom'
  | 'title'
  | 'bio'
  | 'bioHtml'
  | 'program'
  | 'status'
  | 'monthlyAmount'
  | 'maxSlots'
  | 'masked'
  | 'showBirthday'
  | 'showAge'
  | 'showLastName'
  | `custom:${string}`;

export interface ImportField {
  readonly key: ImportFieldKey;
  readonly label: string;
  readonly kind: ImportFieldKind;
  /** A required field must be mapped, and its cell must not be empty. */
  readonly required: boolean;
  /** Headers (besides the label) that mean this field, in any case or spacing. */
  readonly synonyms: readonly string[];
  readonly maxLength?: number;
}

/** Limits of the text an import writes: the record's own (decision 061). */
export const IMPORT_TEXT_LIMITS = {
  code: RECORD_LIMITS.code,
  name: RECORD_LIMITS.name,
  title: RECORD_LIMITS.title,
  homeroom: RECORD_LIMITS.homeroom,
  bio: RECORD_LIMITS.bio,
  custom: RECORD_LIMITS.customValue,
} as const;

const F = {
  code: {
    key: 'code',
    label: 'Code',
    kind: 'code',
    required: true,
    synonyms: [
      'id',
      'record code',
      'child code',
      'child id',
      'student id',
      'student code',
      'reference',
      'ref',
      'sponsored code',
      'sponsorship code',
      'record id',
    ],
    maxLength: IMPORT_TEXT_LIMITS.code,
  },
  firstName: {
    key: 'firstName',
    label: 'First Name',
    kind: 'text',
    required: false,
    synonyms: ['first', 'firstname', 'given name', 'given names', 'forename', 'first names', 'name'],
    maxLength: IMPORT_TEXT_LIMITS.name,
  },
  lastName: {
    key: 'lastName',
    label: 'Last Name',
    kind: 'text',
    required: false,
    synonyms: ['last', 'lastname', 'surname', 'family name', 'second name'],
    maxLength: IMPORT_TEXT_LIMITS.name,
  },
  gender: {
    key: 'gender',
    label: 'Gender',
    kind: 'gender',
    required: false,
    synonyms: ['sex', 'm f', 'boy girl'],
  },
  birthday: {
    key: 'birthday',
    label: 'Birthday',
    kind: 'date',
    required: false,
    synonyms: ['dob', 'd o b', 'date of birth', 'birth date', 'birthdate', 'born', 'birth day'],
  },
  grade: {
    key: 'grade',
    label: 'Grade',
    kind: 'grade',
    required: false,
    synonyms: ['grade level', 'school grade', 'class level', 'year', 'school year', 'level', 'grades id'],
  },
  homeroom: {
    key: 'homeroom',
    label: 'Homeroom',
    kind: 'text',
    required: false,
    synonyms: ['home room', 'form', 'class room', 'classroom', 'section', 'teacher'],
    maxLength: IMPORT_TEXT_LIMITS.homeroom,
  },
  title: {
    key: 'title',
    label: 'Title',
    kind: 'text',
    required: false,
    synonyms: ['job title', 'position', 'role', 'name', 'project', 'project name', 'class name'],
    maxLength: IMPORT_TEXT_LIMITS.title,
  },
  bio: {
    key: 'bio',
    label: 'Bio',
    kind: 'longText',
    required: false,
    synonyms: ['biography', 'about', 'description', 'story', 'profile', 'notes'],
    maxLength: IMPORT_TEXT_LIMITS.bio,
  },
  /**
   * The bio as the HTML it is stored as: the column the export writes, so a bio's formatting
   * (paragraphs, bold, links) comes back as it was. Cleaned as the editor's bio is (decision 067);
   * the column's header says its format, nothing is guessed from a cell.
   */
  bioHtml: {
    key: 'bioHtml',
    label: 'Bio (HTML)',
    kind: 'html',
    required: false,
    synonyms: ['html bio', 'bio as html', 'biography html'],
    maxLength: IMPORT_TEXT_LIMITS.bio,
  },
  program: {
    key: 'program',
    label: 'Program',
    kind: 'program',
    required: false,
    synonyms: [
      'programme',
      'project',
      'entity',
      'site',
      'location',
      'school',
      'community',
      'program name',
      'entities id',
    ],
  },
  status: {
    key: 'status',
    label: 'Status',
    kind: 'status',
    required: false,
    synonyms: ['state', 'record status'],
  },
  monthlyAmount: {
    key: 'monthlyAmount',
    label: 'Monthly Amount',
    kind: 'money',
    required: false,
    synonyms: ['amount', 'monthly', 'price', 'monthly price', 'monthly cost', 'cost', 'sponsorship amount'],
  },
  maxSlots: {
    key: 'maxSlots',
    label: 'Max Slots',
    kind: 'slots',
    required: false,
    synonyms: ['slots', 'sponsors needed', 'max sponsors', 'maximum slots', 'number of slots'],
  },
  masked: {
    key: 'masked',
    label: 'Masked',
    kind: 'flag',
    required: false,
    synonyms: ['private', 'mask', 'hidden'],
  },
  showBirthday: { key: 'showBirthday', label: 'Show Birthday', kind: 'flag', required: false, synonyms: [] },
  showAge: { key: 'showAge', label: 'Show Age', kind: 'flag', required: false, synonyms: [] },
  showLastName: { key: 'showLastName', label: 'Show Last Name', kind: 'flag', required: false, synonyms: [] },
} satisfies Record<string, ImportField>;

const COMMON_TAIL: readonly ImportField[] = [
  F.bio,
  F.bioHtml,
  F.program,
  F.status,
  F.monthlyAmount,
  F.maxSlots,
  F.masked,
];
const PERSON_FLAGS: readonly ImportField[] = [F.showBirthday, F.showAge, F.showLastName];

/** The fields of each sponsored type, in the order the mapping step shows them. */
const TYPE_FIELDS: Readonly<Record<number, readonly ImportField[]>> = {
  [SponsoredType.Student]: [F.code, F.firstName, F.lastName, F.gender, F.birthday, F.grade, F.homeroom],
  [SponsoredType.Teacher]: [F.code, F.firstName, F.lastName, F.gender, F.birthday, F.grade, F.title],
  [SponsoredType.Staff]: [F.code, F.firstName, F.lastName, F.gender, F.birthday, F.title],
  [SponsoredType.Class]: [F.code, F.title, F.grade],
  [SponsoredType.Initiative]: [F.code, F.title],
};

/** What an import can set on a record of this sponsored type, the partner's custom columns last. */
export function importFieldsFor(
  sponsoredTypesId: number,
  customColumns: readonly string[] = [],
): ImportField[] {
  const own = TYPE_FIELDS[sponsoredTypesId];
  if (!own) return [];
  const fields = [...own, ...COMMON_TAIL, ...(isPersonType(sponsoredTypesId) ? PERSON_FLAGS : [])];
  // The code, and the field the record's own rule requires of its type (records.ts, decision 067).
  const required = requiredRecordField(sponsoredTypesId);
  // "name" is the first name of a person and the title of anything else.
  const tuned = fields.map((field) => ({
    ...field,
    required: field.key === 'code' || field.key === required,
    ...(field.key === 'title' && isPersonType(sponsoredTypesId)
      ? { synonyms: field.synonyms.filter((s) => s !== 'name') }
      : {}),
  }));
  const custom = [...new Set(customColumns.map((c) => c.trim()).filter(Boolean))].map(
    (column): ImportField => ({
      key: `custom:${column}`,
      label: column,
      kind: 'custom',
      required: false,
      synonyms: [],
      maxLength: IMPORT_TEXT_LIMITS.custom,
    }),
  );
  return [...tuned, ...custom];
}

/** A header as compared: lower case, accents dropped, camelCase and punctuation split, spaces single. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Column index -> the field it fills, or null for a column the import leaves aside. */
export type ColumnMapping = (ImportFieldKey | null)[];

/**
 * The mapping the column step proposes: a header the partner mapped last time (`remembered`, by
 * normalised header) keeps that field; otherwise a header equal to a field's label, key or one of
 * its synonyms (custom columns first, then labels, then synonyms). Each field fills one column at
 * most, the leftmost.
 */
export function guessColumnMapping(
  headers: readonly string[],
  fields: readonly ImportField[],
  remembered: Readonly<Record<string, string>> = {},
): ColumnMapping {
  const byKey = new Map(fields.map((f) => [f.key as string, f]));
  const taken = new Set<string>();
  const mapping: ColumnMapping = headers.map(() => null);
  const normalised = headers.map(normaliseHeader);
  const assign = (pass: (header: string) => ImportField | undefined) => {
    normalised.forEach((header, index) => {
      if (mapping[index] !== null || header === '') return;
      const field = pass(header);
      if (field && !taken.has(field.key)) {
        mapping[index] = field.key;
        taken.add(field.key);
      }
    });
  };
  assign((header) => {
    const key = remembered[header];
    return key === undefined ? undefined : byKey.get(key);
  });
  assign((header) => fields.find((f) => f.kind === 'custom' && normaliseHeader(f.label) === header));
  assign((header) =>
    fields.find((f) => normaliseHeader(f.label) === header || normaliseHeader(f.key) === header),
  );
  assign((header) => fields.find((f) => f.synonyms.some((s) => normaliseHeader(s) === header)));
  return mapping;
}

/** The mapping to remember for next time: normalised header -> field key. */
export function rememberedMappingOf(
  headers: readonly string[],
  mapping: ColumnMapping,
): Record<string, string> {
  const remembered: Record<string, string> = {};
  headers.forEach((header, index) => {
    const key = mapping[index];
    const normalised = normaliseHeader(header);
    if (key && normalised) remembered[normalised] = key;
  });
  return remembered;
}

/** The required fields no column fills, as sentences for the mapping step. */
export function mappingProblems(fields: readonly ImportField[], mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    if (field.required && !mapping.includes(field.key))
      problems.push(`Choose the column that holds ${field.label}.`);
  }
  const seen = new Set<string>();
  for (const key of mapping) {
    if (key === null) continue;
    const field = fields.find((f) => f.key === key);
    if (!field) problems.push(`${key} is not a field of this record type.`);
    else if (seen.has(key)) problems.push(`${field.label} is chosen for more than one column.`);
    seen.add(key);
  }
  if (seen.has('bio') && seen.has('bioHtml'))
    problems.push('Choose Bio or Bio (HTML), not both: each fills the bio.');
  return problems;
}

/** One problem of one row: the row number a spreadsheet shows (the header is row 1), the column's header, the value, why. */
export interface ImportRowError {
  row: number;
  column: string;
  value: string;
  reason: string;
}

/** What a valid row sets. A key absent means "not in the file: leave as it is (or the default for a new record)". */
export interface ImportedRecordFields {
  firstName?: string | null;
  lastName?: string | null;
  gender?: 'Male' | 'Female' | null;
  birthday?: string | null;
  gradesId?: number | null;
  homeroom?: string | null;
  title?: string | null;
  bio?: string | null;
  entitiesId?: number;
  status?: SponsoredStatus;
  monthlyAmount?: number | null;
  maxSlots?: number;
  masked?: boolean;
  showBirthday?: boolean | null;
  showAge?: boolean | null;
  showLastName?: boolean | null;
}

export interface ImportedRecord {
  row: number;
  code: string;
  fields: ImportedRecordFields;
  /** Custom column name -> value (null clears it). */
  customColumnValues: Record<string, string | null>;
}

export interface ImportProgram {
  id: number;
  name: string;
}

export interface RowValidationContext {
  fields: readonly ImportField[];
  headers: readonly string[];
  mapping: ColumnMapping;
  /** The partner's programs: a program cell names one (any case) or gives its id. */
  programs: readonly ImportProgram[];
  dateOrder?: DateOrder;
  /** Today, `YYYY-MM-DD`: a birthday cannot be later. */
  today: string;
  /**
   * The server's cleaning of staff-written HTML (the editor's bio goes through the same): a
   * `Bio (HTML)` cell is stored as it answers, null when nothing is left.
   */
  cleanHtml: (html: string) => string | null;
}

export type RowValidation = { ok: true; record: ImportedRecord } | { ok: false; errors: ImportRowError[] };

/** The text of a cell as the partner sees it, for the error list. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value);
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'x', 'on']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0', 'off']);
const GENDER_WORDS: Record<string, 'Male' | 'Female'> = {
  male: 'Male',
  m: 'Male',
  boy: 'Male',
  man: 'Male',
  female: 'Female',
  f: 'Female',
  girl: 'Female',
  woman: 'Female',
};

const GRADE_WORDS: Record<string, number> = {
  k: 3,
  kg: 3,
  kinder: 3,
  'pre k': 2,
  pk: 2,
  prek: 2,
  'pre school': 2,
  nursery: 1,
  unknown: 0,
  university: 16,
  college: 16,
  'grad school': 24,
  'graduate school': 24,
};

/**
 * A grade as schools write it: its name (`3rd Grade`, `Kindergarten`, `University Year 2`), a school
 * grade as a number or ordinal (`3`, `3rd`, `Grade 3`: 1st to 12th grade), or a short word (`K`, `Pre-K`).
 */
export function parseGrade(value: CellValue): number | null {
  const text = normaliseHeader(cellText(value));
  if (text === '') return null;
  for (const [id, name] of Object.entries(GRADES)) if (normaliseHeader(name) === text) return Number(id);
  if (GRADE_WORDS[text] !== undefined) return GRADE_WORDS[text];
  const school = /^(?:grade |gr |year )?(\d{1,2})(?: ?(?:st|nd|rd|th))?(?: grade)?$/.exec(text);
  if (school) {
    const n = Number(school[1]);
    if (n >= 1 && n <= 12) return n + 3;
  }
  return null;
}

/** An amount typed as `35`, `35.00`, `$1,234.50` or `1 234,50`, in cents; null when it is not one. */
export function parseMoneyCents(value: CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  let text = cellText(value)
    .trim()
    .replace(/^[$€£]\s*|\s*(?:[$€£]|usd|cad|eur|gbp)$/gi, '');
  text = text.replace(/[\s\u00a0]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) text = text.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** The largest monthly amount an import accepts, in cents: the record's own limit. */
export const IMPORT_MAX_MONTHLY_AMOUNT_CENTS = RECORD_LIMITS.monthlyAmount;
/** The largest max slots an import accepts: the record's own limit. */
export const IMPORT_MAX_SLOTS = RECORD_LIMITS.maxSlots;

/** A record field rule (records.ts): what it makes of a value, or the message of the first rule broken. */
interface FieldRule {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } };
}

/** The rules that depend on the file (today, the custom columns), built once for all its rows. */
const contextRules = new WeakMap<
  RowValidationContext,
  { birthday: FieldRule; customRule: (column: string) => FieldRule }
>();
function rulesOf(context: RowValidationContext) {
  let rules = contextRules.get(context);
  if (!rules) {
    const custom = new Map<string, FieldRule>();
    rules = {
      birthday: birthdaySchema(() => context.today),
      customRule: (column) => {
        let rule = custom.get(column);
        if (!rule) custom.set(column, (rule = customValueSchema(column)));
        return rule;
      },
    };
    contextRules.set(context, rules);
  }
  return rules;
}

/**
 * One data row checked against the mapping: every problem of the row at once, or what it sets.
 * An empty cell clears a field that may be empty; for program, status, max slots and the flags it
 * keeps the record's value (or the default of a new record).
 */
export function validateImportRow(
  row: number,
  cells: readonly CellValue[],
  context: RowValidationContext,
): RowValidation {
  const errors: ImportRowError[] = [];
  const record: ImportedRecord = { row, code: '', fields: {}, customColumnValues: {} };
  const fieldsByKey = new Map(context.fields.map((f) => [f.key as string, f]));
  const { birthday, customRule } = rulesOf(context);
  context.mapping.forEach((key, index) => {
    if (key === null) return;
    const field = fieldsByKey.get(key);
    if (!field) return;
    const raw = cells[index];
    const value = cellText(raw);
    // A text cell an export made inert ('=..., '+...) reads as the text it was (spreadsheet.ts).
    const text = (typeof raw === 'string' ? unneutraliseSpreadsheetText(value.trim()) : value).trim();
    const column = context.headers[index] ?? field.label;
    const fail = (reason: string) => errors.push({ row, column, value, reason });
    /** Sets what the record's rule for the field makes of the value, or fails with the rule's message. */
    const checked = <T>(rule: FieldRule, typed: unknown, set: (v: T) => void) => {
      const result = rule.safeParse(typed);
      if (result.success) set(result.data as T);
      else fail(result.error.issues[0]?.message ?? `${field.label} is not allowed.`);
    };
    if (text === '') {
      if (field.required) fail(requiredMessage(field.label));
      else clearField(record, field);
      return;
    }
    if (typeof raw === 'string' && CONTROL_CHARACTERS.test(raw)) {
      fail(`${field.label} contains a character that is not allowed.`);
      return;
    }
    switch (field.kind) {
      case 'code':
        checked<string>(recordFieldSchemas.code, text, (v) => (record.code = v));
        return;
      case 'text':
        checked<string>(textSchemaOf(field.key), text, (v) => setText(record, field.key, v));
        return;
      case 'longText': {
        // The bio is stored as HTML: the cell's plain text is converted, then held to the record's rule.
        const html = plainTextToHtml(text);
        checked<string | null>(recordFieldSchemas.bio, html, (v) => setText(record, field.key, v));
        return;
      }
      case 'html':
        // The bio written as HTML: cleaned as the editor's is, then held to the record's rule.
        checked<string | null>(recordFieldSchemas.bio, context.cleanHtml(text), (v) =>
          setText(record, field.key, v),
        );
        return;
      case 'custom':
        checked<string>(customRule(field.label), text, (v) => (record.customColumnValues[field.label] = v));
        return;
      case 'gender':
        checked<'Male' | 'Female'>(
          recordFieldSchemas.gender,
          GENDER_WORDS[text.toLowerCase()] ?? text,
          (v) => (record.fields.gender = v),
        );
        return;
      case 'date': {
        const date = parseSpreadsheetDate(typeof raw === 'string' ? text : raw, context.dateOrder ?? 'mdy');
        if (date === null) {
          fail(
            context.dateOrder === 'dmy'
              ? 'Birthday is not a date (use YYYY-MM-DD or DD/MM/YYYY).'
              : 'Birthday is not a date (use YYYY-MM-DD or MM/DD/YYYY).',
          );
        } else checked<string>(birthday, date, (v) => (record.fields.birthday = v));
        return;
      }
      case 'grade': {
        const grade = parseGrade(raw);
        if (grade === null)
          fail(`Grade "${text}" is not a grade (for example 3rd Grade, 3, K or Preschool).`);
        else checked<number>(recordFieldSchemas.gradesId, grade, (v) => (record.fields.gradesId = v));
        return;
      }
      case 'program': {
        const lower = text.toLowerCase();
        const program =
          context.programs.find((p) => p.name.trim().toLowerCase() === lower) ??
          (/^\d+$/.test(text) ? context.programs.find((p) => p.id === Number(text)) : undefined);
        if (program) record.fields.entitiesId = program.id;
        else fail(`There is no program named "${text}".`);
        return;
      }
      case 'status':
        checked<SponsoredStatus>(
          recordFieldSchemas.status,
          text.toLowerCase(),
          (v) => (record.fields.status = v),
        );
        return;
      case 'money': {
        const cents = parseMoneyCents(typeof raw === 'string' ? text : raw);
        if (cents === null) fail('Monthly Amount is not an amount (for example 35 or 35.00).');
        else
          checked<number>(recordFieldSchemas.monthlyAmount, cents, (v) => (record.fields.monthlyAmount = v));
        return;
      }
      case 'slots': {
        const slots = typeof raw === 'number' ? raw : /^\d+$/.test(text) ? Number(text) : NaN;
        if (!Number.isFinite(slots)) fail(MAX_SLOTS_MESSAGE);
        else checked<number>(recordFieldSchemas.maxSlots, slots, (v) => (record.fields.maxSlots = v));
        return;
      }
      case 'flag': {
        const word = typeof raw === 'boolean' ? String(raw) : text.toLowerCase();
        const flag = TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
        if (flag === undefined) fail(`${field.label} must be yes or no.`);
        else setFlag(record, field.key, flag);
        return;
      }
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, record };
}

/** The record's rule for a one-line text field. */
function textSchemaOf(key: ImportFieldKey) {
  switch (key) {
    case 'firstName':
      return recordFieldSchemas.firstName;
    case 'lastName':
      return recordFieldSchemas.lastName;
    case 'homeroom':
      return recordFieldSchemas.homeroom;
    default:
      return recordFieldSchemas.title;
  }
}

function setText(record: ImportedRecord, key: ImportFieldKey, text: string | null): void {
  if (key === 'firstName' || key === 'lastName' || key === 'homeroom' || key === 'title' || key === 'bio') {
    record.fields[key] = text;
  } else if (key === 'bioHtml') record.fields.bio = text;
}

function setFlag(record: ImportedRecord, key: ImportFieldKey, flag: boolean): void {
  if (key === 'masked' || key === 'showBirthday' || key === 'showAge' || key === 'showLastName') {
    record.fields[key] = flag;
  }
}

function clearField(record: ImportedRecord, field: ImportField): void {
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'html':
      setText(record, field.key, null);
      return;
    case 'custom':
      record.customColumnValues[field.label] = null;
      return;
    case 'gender':
      record.fields.gender = null;
      return;
    case 'date':
      record.fields.birthday = null;
      return;
    case 'grade':
      record.fields.gradesId = null;
      return;
    case 'money':
      record.fields.monthlyAmount = null;
      return;
    case 'flag':
      if (field.key !== 'masked') record.fields[field.key as 'showAge'] = null;
      return;
    default:
      return; // program, status, max slots: keep.
  }
}

/**
 * Errors that need the whole file: a code on two rows (the later row is in error, naming the first).
 * Answers the error of each later row.
 */
export function duplicateCodeErrors(
  records: readonly { row: number; code: string }[],
  codeColumn: string,
): ImportRowError[] {
  const first = new Map<string, number>();
  const errors: ImportRowError[] = [];
  for (const { row, code } of records) {
    const key = code.toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else
      errors.push({
        row,
        column: codeColumn,
        value: code,
        reason: `Code ${code} is already on row ${earlier}.`,
      });
  }
  return errors;
}

/** Picture file extensions a pictures zip may hold (the image pipeline checks the bytes). */
export const IMPORT_PICTURE_EXTENSIONS: readonly string[] = [
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
  'avif',
  'heic',
  'heif',
  'tif',
  'tiff',
];

/**
 * The record code a picture's file name stands for, and its place among that record's pictures:
 * `CODE.jpg` is the first, `CODE-2.jpg`, `CODE_2.jpg` or `CODE (2).jpg` a later one. Folders in the
 * name are ignored. `isCode` says whether a candidate is a known code (codes may hold dashes).
 */
export function pictureCodeOf(
  entryName: string,
  isCode: (candidate: string) => boolean,
): { code: string; order: number } | null {
  const base = entryName.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = base.slice(dot + 1).toLowerCase();
  if (!IMPORT_PICTURE_EXTENSIONS.includes(extension)) return null;
  const stem = base.slice(0, dot).trim();
  if (isCode(stem)) return { code: stem, order: 1 };
  const numbered = /^(.*?)(?:[-_ ]\(?(\d{1,3})\)?|\s*\((\d{1,3})\))$/.exec(stem);
  if (numbered) {
    const code = numbered[1]!.trim();
    const order = Number(numbered[2] ?? numbered[3]);
    if (code && isCode(code)) return { code, order };
  }
  return null;
}
