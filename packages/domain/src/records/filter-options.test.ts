import { describe, it, expect } from 'vitest';
import {
  AGE_BANDS,
  FILTER_OPTION_KIND_IDS,
  FilterOptionKind,
  GENDER_OPTIONS,
  MONTHS,
} from './filter-options.ts';

describe('filter option kinds', () => {
  it('number age bands 1, none 2, gender 3, grades 4 and months 5', () => {
    expect(FilterOptionKind).toEqual({ AgeBands: 1, None: 2, Gender: 3, Grades: 4, Months: 5 });
    expect(FILTER_OPTION_KIND_IDS).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('age bands', () => {
  it('are labelled 0-5, 6-10, 11-15, 16-21 and 21+', () => {
    expect(AGE_BANDS.map((b) => b.label)).toEqual(['0-5', '6-10', '11-15', '16-21', '21+']);
  });

  it('do not overlap: 21 belongs to 16-21 and 21+ starts at 22 with no upper bound', () => {
    expect(AGE_BANDS).toEqual([
      { id: '0-5', label: '0-5', min: 0, max: 5 },
      { id: '6-10', label: '6-10', min: 6, max: 10 },
      { id: '11-15', label: '11-15', min: 11, max: 15 },
      { id: '16-21', label: '16-21', min: 16, max: 21 },
      { id: '21+', label: '21+', min: 22, max: null },
    ]);
  });
});

describe('months', () => {
  it('run from 1 January to 12 December', () => {
    expect(MONTHS).toHaveLength(12);
    expect(MONTHS[0]).toEqual({ id: 1, name: 'January' });
    expect(MONTHS[8]).toEqual({ id: 9, name: 'September' });
    expect(MONTHS[11]).toEqual({ id: 12, name: 'December' });
  });
});

describe('gender options', () => {
  it('offer Male and Female', () => {
    expect(GENDER_OPTIONS).toEqual([
      { id: 'Male', value: 'Male' },
      { id: 'Female', value: 'Female' },
    ]);
  });
});
