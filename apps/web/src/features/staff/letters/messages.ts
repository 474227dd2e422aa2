import type { LetterDirection, LetterFlagKind, LetterStatus } from '@kinship/domain';
import { defineMessages, type IntlShape } from 'react-intl';
import { loose, type LooseMessage } from '../../../i18n/loose-messages';

/** A letter's state as staff read it. */
export const statusMessages: Record<LetterStatus, LooseMessage> = loose(
  defineMessages({
    draft: { id: 'staff.letters.status.draft', defaultMessage: 'Draft' },
    submitted: { id: 'staff.letters.status.submitted', defaultMessage: 'New' },
    in_review: { id: 'staff.letters.status.inReview', defaultMessage: 'In review' },
    approved: { id: 'staff.letters.status.approved', defaultMessage: 'Approved' },
    rejected: { id: 'staff.letters.status.rejected', defaultMessage: 'Rejected' },
    printed: { id: 'staff.letters.status.printed', defaultMessage: 'Printed' },
    sent_to_program: { id: 'staff.letters.status.sentToProgram', defaultMessage: 'Sent to program' },
    delivered: { id: 'staff.letters.status.delivered', defaultMessage: 'Delivered' },
  }),
);

export const STATUS_COLORS: Record<LetterStatus, string> = {
  draft: 'gray',
  submitted: 'yellow',
  in_review: 'orange',
  approved: 'green',
  rejected: 'red',
  printed: 'blue',
  sent_to_program: 'indigo',
  delivered: 'teal',
};

export const directionMessages: Record<LetterDirection, LooseMessage> = loose(
  defineMessages({
    to_sponsored: { id: 'staff.letters.direction.toSponsored', defaultMessage: 'Sponsor letter' },
    to_sponsor: { id: 'staff.letters.direction.toSponsor', defaultMessage: 'Reply' },
  }),
);

/** What the pre-screen found, as a moderator reads it. */
export const flagKindMessages: Record<LetterFlagKind, LooseMessage> = loose(
  defineMessages({
    email: { id: 'staff.letters.flag.email', defaultMessage: 'Email address' },
    phone: { id: 'staff.letters.flag.phone', defaultMessage: 'Phone number' },
    link: { id: 'staff.letters.flag.link', defaultMessage: 'Link' },
    handle: { id: 'staff.letters.flag.handle', defaultMessage: 'Social handle' },
    address: { id: 'staff.letters.flag.address', defaultMessage: 'Street address' },
    postcode: { id: 'staff.letters.flag.postcode', defaultMessage: 'Postcode' },
    money: { id: 'staff.letters.flag.money', defaultMessage: 'Money or gifts' },
    word: { id: 'staff.letters.flag.word', defaultMessage: 'Word from the list' },
  }),
);

/** A state's, direction's or flag kind's name; an unknown one as stored. */
export function labelOf<K extends string>(
  intl: IntlShape,
  messages: Record<K, LooseMessage>,
  key: string,
): string {
  const message = (messages as Record<string, LooseMessage | undefined>)[key];
  return message ? intl.formatMessage(message) : key;
}

/** A record as a letter names it: its name, and its code when it has one. */
export const recordText = (letter: { recordName: string; recordCode: string | null }) =>
  letter.recordCode ? `${letter.recordName} (${letter.recordCode})` : letter.recordName;
