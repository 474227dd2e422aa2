import { describe, expect, it } from 'vitest';
import { sponsoredRecordName } from './record-name.ts';

describe('sponsoredRecordName', () => {
  it('names a teacher (a person) by name, never by job title', () => {
    expect(
      sponsoredRecordName({
        sponsoredTypesId: 2,
        firstName: 'Amara',
        lastName: 'Okafor',
        title: 'French Teacher',
      }),
    ).toBe('Amara Okafor');
    expect(sponsoredRecordName({ sponsoredTypesId: 3, firstName: 'Luis', title: 'Cook' })).toBe('Luis');
    expect(sponsoredRecordName({ sponsoredTypesId: 1, firstName: 'Ana', lastName: null, title: null })).toBe(
      'Ana',
    );
  });

  it('names a class or an initiative by its title, even when a first name is stored', () => {
    expect(
      sponsoredRecordName({ sponsoredTypesId: 5, firstName: 'Grade 3', title: 'Grade 3 Blue Room' }),
    ).toBe('Grade 3 Blue Room');
    expect(sponsoredRecordName({ sponsoredTypesId: 4, firstName: null, title: 'Clean Water' })).toBe(
      'Clean Water',
    );
  });

  it('falls back to the other field, then to the fallback', () => {
    expect(sponsoredRecordName({ sponsoredTypesId: 2, firstName: '  ', title: 'Math Teacher' })).toBe(
      'Math Teacher',
    );
    expect(sponsoredRecordName({ sponsoredTypesId: 5, firstName: 'Room 4', title: null })).toBe('Room 4');
    expect(sponsoredRecordName({ sponsoredTypesId: 4, firstName: null, title: null }, 'Profile 9')).toBe(
      'Profile 9',
    );
  });
});
