import { isPersonType } from '../shared/ids.ts';

export interface NamedRecord {
  sponsoredTypesId: number;
  firstName: string | null;
  /** Left out (null) where the viewer may not see it or the text is public (receipts, emails). */
  lastName?: string | null;
  title: string | null;
}

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/**
 * How a sponsored record is named everywhere it is listed (sponsorships, cart, receipts, emails):
 * persons (types 1 to 3) by their name, first then last when given; classes and initiatives by
 * their title. A job title names a person only when the record has no name at all.
 */
export function sponsoredRecordName(record: NamedRecord, fallback = 'a sponsored record'): string {
  const name = [clean(record.firstName), clean(record.lastName)].filter(Boolean).join(' ');
  const title = clean(record.title);
  if (isPersonType(record.sponsoredTypesId)) return name || title || fallback;
  return title || name || fallback;
}
