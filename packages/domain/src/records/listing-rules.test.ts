import { describe, it, expect } from 'vitest';
import { displayPageNumber, listingQuery, pageCount, pageOffset, setFilter } from './listing-rules.ts';

describe('paging', () => {
  it('counts pages of 25, with at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(100)).toBe(4);
  });

  it('numbers pages from 0 internally and shows them 1-based', () => {
    expect(pageOffset(0)).toBe(0);
    expect(pageOffset(2)).toBe(50);
    expect(displayPageNumber(0)).toBe(1);
  });
});

describe('setFilter', () => {
  it('sets a filter without changing the original', () => {
    const before = { gender: 'Male' };
    expect(setFilter(before, 'grade', '4')).toEqual({ gender: 'Male', grade: '4' });
    expect(before).toEqual({ gender: 'Male' });
  });

  it('removes a filter given an empty value', () => {
    expect(setFilter({ gender: 'Male', grade: '4' }, 'gender', '')).toEqual({ grade: '4' });
    expect(setFilter({ gender: 'Male' }, 'gender', null)).toEqual({});
  });
});

describe('listingQuery', () => {
  it('asks for active, not fully sponsored records of a type, one page at a time, with each chosen filter', () => {
    expect(
      listingQuery({ partnerSponsoredTypesId: 3, page: 2, filters: { gender: 'Female', age: '6-10' } }),
    ).toEqual({
      gender: 'Female',
      age: '6-10',
      partnerSponsoredTypesId: '3',
      offset: '50',
      limit: '25',
      status: 'active',
      isFullySponsored: 'No',
    });
  });

  it('cannot override the fixed keys with a filter', () => {
    expect(
      listingQuery({ partnerSponsoredTypesId: 3, page: 0, filters: { status: 'archived' } }).status,
    ).toBe('active');
  });
});
