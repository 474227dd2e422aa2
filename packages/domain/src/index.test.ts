import { describe, it, expect } from 'vitest';
import * as domain from './index.ts';

describe('the package entry', () => {
  it('re-exports the rules, constants and schemas', () => {
    expect(domain.PAGE_SIZE).toBe(25);
    expect(domain.formatCents(123450)).toBe('$1,234.50');
    expect(domain.gradeName(0)).toBe('Unknown');
    expect(typeof domain.can).toBe('function');
    expect(typeof domain.partnerPublicSchema.parse).toBe('function');
    expect(domain.TABLE_COLUMNS[4]).toEqual([{ key: 'title', label: 'Title' }]);
    expect(domain.AGE_BANDS).toHaveLength(5);
    expect(domain.paymentNotice({ name: 'X' })).toHaveLength(1);
  });
});
