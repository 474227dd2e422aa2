import { GRADE_IDS, GRADES } from '@kinship/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatGrade } from './grades';

describe('formatGrade', () => {
  it('says every grade of the spec in its exact English', () => {
    const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
    for (const id of GRADE_IDS)
      expect({ id, name: formatGrade(intl, id, 'fallback') }).toEqual({ id, name: GRADES[id] });
  });

  it('shows the name the server sent for a grade the spec does not list', () => {
    const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
    expect(formatGrade(intl, 99, 'Grade 13')).toBe('Grade 13');
  });
});
