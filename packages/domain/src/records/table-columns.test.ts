import { describe, it, expect } from 'vitest';
import { TABLE_COLUMNS, tableColumnsFor } from './table-columns.ts';

const keys = (sponsoredTypesId: number) => tableColumnsFor(sponsoredTypesId).map((c) => c.key);

describe('table columns per sponsored type', () => {
  it('show students by first name, last name, grade, homeroom, age and birthday', () => {
    expect(keys(1)).toEqual(['firstName', 'lastName', 'grade', 'homeroom', 'age', 'birthday']);
    expect(TABLE_COLUMNS[1]?.map((c) => c.label)).toEqual([
      'First Name',
      'Last Name',
      'Grade',
      'Homeroom',
      'Age',
      'Birthday',
    ]);
  });

  it('show teachers by names and grade', () => {
    expect(keys(2)).toEqual(['firstName', 'lastName', 'grade']);
  });

  it('show staff by names and title', () => {
    expect(keys(3)).toEqual(['firstName', 'lastName', 'title']);
  });

  it('show classes by title and grade', () => {
    expect(keys(5)).toEqual(['title', 'grade']);
  });

  it('show initiatives by title', () => {
    expect(keys(4)).toEqual(['title']);
  });

  it('give no columns for an unknown type', () => {
    expect(keys(9)).toEqual([]);
  });
});
