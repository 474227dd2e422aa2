import { SponsoredType } from '../shared/ids.ts';

// Table column sets per sponsored type (spec 3, "Table column sets per sponsored type").

export type TableColumnKey = 'firstName' | 'lastName' | 'grade' | 'homeroom' | 'age' | 'birthday' | 'title';

export type TableColumn = { readonly key: TableColumnKey; readonly label: string };

const FIRST_NAME: TableColumn = { key: 'firstName', label: 'First Name' };
const LAST_NAME: TableColumn = { key: 'lastName', label: 'Last Name' };
const GRADE: TableColumn = { key: 'grade', label: 'Grade' };
const HOMEROOM: TableColumn = { key: 'homeroom', label: 'Homeroom' };
const AGE: TableColumn = { key: 'age', label: 'Age' };
const BIRTHDAY: TableColumn = { key: 'birthday', label: 'Birthday' };
const TITLE: TableColumn = { key: 'title', label: 'Title' };

export const TABLE_COLUMNS: Readonly<Record<number, readonly TableColumn[]>> = {
  [SponsoredType.Student]: [FIRST_NAME, LAST_NAME, GRADE, HOMEROOM, AGE, BIRTHDAY],
  [SponsoredType.Teacher]: [FIRST_NAME, LAST_NAME, GRADE],
  [SponsoredType.Staff]: [FIRST_NAME, LAST_NAME, TITLE],
  [SponsoredType.Class]: [TITLE, GRADE],
  [SponsoredType.Initiative]: [TITLE],
};

/** Column set for a sponsored type; an unknown type has no columns. */
export function tableColumnsFor(sponsoredTypesId: number): readonly TableColumn[] {
  return TABLE_COLUMNS[sponsoredTypesId] ?? [];
}
