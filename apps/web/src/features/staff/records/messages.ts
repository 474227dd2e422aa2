import type { TableColumnKey } from '@kinship/domain';
import { defineMessage, defineMessages } from 'react-intl';

/** The spec's table column names (domain TABLE_COLUMNS); a test holds each default equal to its label. */
export const columnMessages = defineMessages({
  firstName: { id: 'staff.records.column.firstName', defaultMessage: 'First Name' },
  lastName: { id: 'staff.records.column.lastName', defaultMessage: 'Last Name' },
  grade: { id: 'staff.records.column.grade', defaultMessage: 'Grade' },
  homeroom: { id: 'staff.records.column.homeroom', defaultMessage: 'Homeroom' },
  age: { id: 'staff.records.column.age', defaultMessage: 'Age' },
  birthday: { id: 'staff.records.column.birthday', defaultMessage: 'Birthday' },
  title: { id: 'staff.records.column.title', defaultMessage: 'Title' },
}) satisfies Record<TableColumnKey, unknown>;

/**
 * The archive dialog's text: the domain's archiveMessage(sponsorships) as an ICU plural; a test
 * holds its English equal to archiveMessage for 0, 1 and several sponsorships.
 */
export const archiveMessageDescriptor = defineMessage<{ count: number }>({
  id: 'staff.records.editor.archive.message',
  defaultMessage:
    '{count, plural, =0 {The record leaves the public site. No one sponsors it.} one {The record leaves the public site. Its # active sponsorship continues to be charged until ended in Sponsors, and its sponsor is emailed that the record is archived.} other {The record leaves the public site. Its # active sponsorships continue to be charged until ended in Sponsors, and each sponsor is emailed that the record is archived.}}',
});
