import { defineMessages } from '@formatjs/intl';
import { Feature, hasFeature, sponsoredRecordName } from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Tx } from '../../../db/client.ts';
import type { EventPayload } from '../../../platform/events.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';
import { partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { sayIn } from '../../../platform/messages.ts';
import { findPartnerById, partnerEmail, partnerViewOf } from '../../partners/index.ts';
import { findLetter, findPerson, findRecord } from './letters.repository.ts';

// The sponsor's mail about letters (issue 24): a reply approved for them, their own letter delivered,
// or their own letter rejected (with the moderator's reason). Never the letter itself: the mail
// says where to read it, in the sponsor's account, so nothing of a letter travels by email.

export const letterMailMessages = defineMessages({
  replySubject: {
    id: 'mail.letter.reply.subject',
    defaultMessage: '{recordFirstName} has written to you',
  },
  reply: {
    id: 'mail.letter.reply',
    defaultMessage: '{recordFirstName} has written to you. The letter is waiting for you in your account.',
  },
  deliveredSubject: {
    id: 'mail.letter.delivered.subject',
    defaultMessage: 'Your letter to {recordFirstName} has arrived',
  },
  delivered: {
    id: 'mail.letter.delivered',
    defaultMessage: 'Your letter to {recordFirstName} has been delivered. Thank you for writing.',
  },
  rejectedSubject: {
    id: 'mail.letter.rejected.subject',
    defaultMessage: 'Your letter to {recordFirstName} needs a change',
  },
  rejected: {
    id: 'mail.letter.rejected',
    defaultMessage:
      'We could not pass on your letter to {recordFirstName} as it was written. Our team’s note: {reason} You are welcome to write again.',
  },
  hello: {
    id: 'mail.letter.hello',
    defaultMessage: '{hasName, select, yes {Hello {name},} other {Hello,}}',
  },
  readThem: { id: 'mail.letter.readThem', defaultMessage: 'Your letters are in your account: {lettersUrl}' },
});
const m = letterMailMessages;

/** The subscriber of letter.changed: one mail per letter and state, in the sponsor's language. */
export async function queueLetterMail(
  tx: Tx,
  config: Config,
  input: EventPayload<'letter.changed'>,
): Promise<void> {
  // A reply tells its sponsor it is approved; the sponsor's own letter says when it is delivered or rejected.
  const wanted = input.direction === 'to_sponsor' ? input.status === 'approved' : input.status !== 'approved';
  if (!wanted) return;
  const partner = await findPartnerById(tx, input.partnersId);
  if (!partner || !hasFeature(await partnerViewOf(tx, partner), Feature.Messages)) return;
  const [letter, person] = await Promise.all([
    findLetter(tx, input.partnersId, input.messagesId),
    findPerson(tx, input.usersId),
  ]);
  if (!letter || !person?.email) return;
  const record = await findRecord(tx, input.partnersId, letter.sponsoredsId);
  const recordFirstName = record
    ? sponsoredRecordName({ ...record, lastName: null })
    : sponsoredRecordName({ sponsoredTypesId: 1, firstName: null, lastName: null, title: null });
  const locale = localeOfRecipient(partner, person.locale);
  const say = sayIn(locale);
  const lettersUrl = partnerSiteUrl(partner, '/profile/letters', config);
  const reason = (letter.rejectionReason ?? '').trim().replace(/([^.!?])$/, '$1.');
  const [subjectMessage, newsMessage] =
    input.direction === 'to_sponsor'
      ? [m.replySubject, m.reply]
      : input.status === 'delivered'
        ? [m.deliveredSubject, m.delivered]
        : [m.rejectedSubject, m.rejected];
  const news = say(newsMessage, { recordFirstName, reason });
  const own = await partnerEmail(
    tx,
    partner,
    'letter_notice',
    { donorName: person.firstName ?? '', recordFirstName, news, lettersUrl },
    { partner, logoUrl: partner.logo ? partnerSiteUrl(partner, `/media/${partner.logo}`, config) : null },
    undefined,
    locale,
  );
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'letter_notice',
    dedupeKey: `letter:${letter.id}:${input.status}`,
    toAddress: person.email,
    ...(own ? { bodyHtml: own.html } : {}),
    subject: own?.subject ?? say(subjectMessage, { recordFirstName }),
    bodyText: own
      ? own.text
      : [
          say(m.hello, { hasName: person.firstName ? 'yes' : 'no', name: person.firstName ?? '' }),
          news,
          say(m.readThem, { lettersUrl }),
          partner.name,
        ].join('\n\n'),
  });
}
