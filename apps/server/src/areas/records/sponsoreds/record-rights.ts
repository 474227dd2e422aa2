import {
  recordRightsOf,
  visibleFieldsOf,
  type RecordDisplay,
  type RecordRef,
  type RecordRights,
  type VisibleFields,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import type { RequestViewer } from '../../../platform/viewer.ts';
import { findActivelySponsoredIds } from './sponsoreds.repository.ts';

/**
 * THE place every answer carrying a sponsored record asks what it may show: the rights of the
 * person asking (the viewer), over each record, by the domain rule (`recordRightsOf`). An answer
 * about another person (their sponsorships, say) still unmasks by the viewer's rights, never by
 * that person's. One query, whatever the number of records.
 */
export async function viewerRightsOver(
  db: Db,
  viewer: RequestViewer | null,
  records: readonly RecordRef[],
): Promise<(record: RecordRef) => RecordRights> {
  const sponsoredIds = viewer?.user
    ? await findActivelySponsoredIds(db, viewer.user.id, [...new Set(records.map((r) => r.id))])
    : new Set<number>();
  const permissions = viewer?.permissions ?? null;
  return (record) => recordRightsOf(permissions, record, sponsoredIds);
}

/** The display-flag columns of a sponsored record and of its type, as the repositories select them. */
export interface DisplayColumns {
  recordMasked: boolean;
  typeMasks: boolean;
  recordShowLastName: boolean | null;
  recordShowBirthday: boolean | null;
  recordShowAge: boolean | null;
  typeShowLastName: boolean;
  typeShowBirthday: boolean;
  typeShowAge: boolean;
}

/** A record's own display flags, else its type's. */
export function displayOf(row: DisplayColumns): RecordDisplay {
  return {
    masked: row.recordMasked || row.typeMasks,
    showLastName: row.recordShowLastName ?? row.typeShowLastName,
    showBirthday: row.recordShowBirthday ?? row.typeShowBirthday,
    showAge: row.recordShowAge ?? row.typeShowAge,
  };
}

/** What of one record a viewer with `rights` may receive. */
export function visibleFieldsFor(row: DisplayColumns, rights: RecordRights): VisibleFields {
  return visibleFieldsOf(displayOf(row), rights);
}
