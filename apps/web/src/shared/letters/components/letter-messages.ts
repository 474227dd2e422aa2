import type { LetterFlagKind, LetterStatus } from '@kinship/domain';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** A sponsor's own letter's state, as its badge says it. */
export const statusMessages: Record<LetterStatus, MessageDescriptor> = defineMessages({
  draft: { id: 'letters.status.draft', defaultMessage: 'Draft' },
  submitted: { id: 'letters.status.submitted', defaultMessage: 'Waiting for review' },
  in_review: { id: 'letters.status.inReview', defaultMessage: 'Being reviewed' },
  approved: { id: 'letters.status.approved', defaultMessage: 'Approved' },
  rejected: { id: 'letters.status.rejected', defaultMessage: 'Not sent' },
  printed: { id: 'letters.status.printed', defaultMessage: 'Printed' },
  sent_to_program: { id: 'letters.status.sentToProgram', defaultMessage: 'On its way' },
  delivered: { id: 'letters.status.delivered', defaultMessage: 'Delivered' },
});

/** The steps of the timeline. */
export const stepMessages: Record<LetterStatus, MessageDescriptor> = defineMessages({
  draft: { id: 'letters.step.draft', defaultMessage: 'Written' },
  submitted: { id: 'letters.step.submitted', defaultMessage: 'Sent for review' },
  in_review: { id: 'letters.step.inReview', defaultMessage: 'Being reviewed' },
  approved: { id: 'letters.step.approved', defaultMessage: 'Approved' },
  rejected: { id: 'letters.step.rejected', defaultMessage: 'Not approved' },
  printed: { id: 'letters.step.printed', defaultMessage: 'Printed' },
  sent_to_program: { id: 'letters.step.sentToProgram', defaultMessage: 'On its way to the program' },
  delivered: { id: 'letters.step.delivered', defaultMessage: 'Delivered' },
});

/** "Usually … within {time}": the next step and how long it takes at this partner. */
export const nextStepMessages: Partial<Record<LetterStatus, MessageDescriptor>> = defineMessages({
  submitted: { id: 'letters.next.submitted', defaultMessage: 'Usually sent for review within {time}' },
  in_review: { id: 'letters.next.inReview', defaultMessage: 'Usually read by the team within {time}' },
  approved: { id: 'letters.next.approved', defaultMessage: 'Usually approved within {time}' },
  printed: { id: 'letters.next.printed', defaultMessage: 'Usually printed within {time}' },
  sent_to_program: {
    id: 'letters.next.sentToProgram',
    defaultMessage: 'Usually on its way to the program within {time}',
  },
  delivered: { id: 'letters.next.delivered', defaultMessage: 'Usually delivered within {time}' },
});

export const timeMessages: Record<'days' | 'weeks', MessageDescriptor> = defineMessages({
  days: { id: 'letters.time.days', defaultMessage: '{count, plural, one {# day} other {# days}}' },
  weeks: { id: 'letters.time.weeks', defaultMessage: '{count, plural, one {# week} other {# weeks}}' },
});

/** What the pre-screen found, said kindly, with why it matters and what to do. */
export const flagMessages: Record<LetterFlagKind, MessageDescriptor> = defineMessages({
  email: { id: 'letters.flag.email', defaultMessage: 'This looks like an email address: {hit}' },
  phone: { id: 'letters.flag.phone', defaultMessage: 'This looks like a phone number: {hit}' },
  link: { id: 'letters.flag.link', defaultMessage: 'This looks like a web address: {hit}' },
  handle: { id: 'letters.flag.handle', defaultMessage: 'This looks like a social media account: {hit}' },
  address: { id: 'letters.flag.address', defaultMessage: 'This looks like a street address: {hit}' },
  postcode: { id: 'letters.flag.postcode', defaultMessage: 'This looks like a postal code: {hit}' },
  money: { id: 'letters.flag.money', defaultMessage: 'This reads like a request for money or gifts: {hit}' },
  word: { id: 'letters.flag.word', defaultMessage: 'This is on the list of words the team checks: {hit}' },
});

export const flagAdvice: Record<'contact' | 'money' | 'word', MessageDescriptor> = defineMessages({
  contact: {
    id: 'letters.flag.adviceContact',
    defaultMessage:
      'Letters with contact details are held back for the team at {partner}. Remove it to keep your letter moving.',
  },
  money: {
    id: 'letters.flag.adviceMoney',
    defaultMessage:
      'Letters asking for money or gifts are held back for the team at {partner}. Remove it to keep your letter moving.',
  },
  word: {
    id: 'letters.flag.adviceWord',
    defaultMessage:
      'The team at {partner} reads these words before a letter goes on, so it may take a little longer.',
  },
});

export const adviceOf = (kind: LetterFlagKind) =>
  kind === 'money' ? flagAdvice.money : kind === 'word' ? flagAdvice.word : flagAdvice.contact;
