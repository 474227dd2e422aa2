import { describe, it, expect } from 'vitest';
import { GRADES, GRADE_IDS, gradeName } from './grades.ts';

describe('grades', () => {
  it('cover ids 0 to 24', () => {
    expect(GRADE_IDS).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('name every grade exactly', () => {
    expect(GRADES).toEqual({
      0: 'Unknown',
      1: 'Nursery School',
      2: 'Preschool',
      3: 'Kindergarten',
      4: '1st Grade',
      5: '2nd Grade',
      6: '3rd Grade',
      7: '4th Grade',
      8: '5th Grade',
      9: '6th Grade',
      10: '7th Grade',
      11: '8th Grade',
      12: '9th Grade',
      13: '10th Grade',
      14: '11th Grade',
      15: '12th Grade',
      16: 'University - General',
      17: 'Special Education',
      18: 'Trade School',
      19: 'University Year 1',
      20: 'University Year 2',
      21: 'University Year 3',
      22: 'University Year 4',
      23: 'University Year 5',
      24: 'University - Grad School',
    });
  });

  it('give a grade name by id', () => {
    expect(gradeName(3)).toBe('Kindergarten');
    expect(gradeName(14)).toBe('11th Grade');
  });

  it("throw 'Whoops, missing grade!' for an unknown id", () => {
    expect(() => gradeName(25)).toThrow(new Error('Whoops, missing grade!'));
    expect(() => gradeName(-1)).toThrow('Whoops, missing grade!');
    expect(() => gradeName(1.5)).toThrow('Whoops, missing grade!');
  });
});
