import type { RecordLetters, SponsorLetter } from '@kinship/domain';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePartner } from '../../partner/partner-context';
import { useRecordLetters } from '../api/get-record-letters';
import type { LetterSent } from '../api/send-letter';
import { LetterComposer } from './letter-composer';

/** Shown instead of the composer once the sponsorship has ended: the old letters stay readable. */
export function SponsorshipEndedNotice({ name }: { name: string }) {
  return (
    <Alert variant="light" color="gray">
      <FormattedMessage
        id="letters.ended"
        defaultMessage="Your sponsorship of {name} has ended, so new letters can no longer be sent. Your letters stay here for you to read."
        values={{ name }}
      />
    </Alert>
  );
}

/** The calm word after a letter is sent or a draft saved. */
function Sent({ sent, onAnother }: { sent: LetterSent & { asDraft: boolean }; onAnother: () => void }) {
  const partner = usePartner();
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={
        sent.asDraft ? (
          <FormattedMessage id="letters.sent.draftTitle" defaultMessage="Your draft is saved" />
        ) : (
          <FormattedMessage id="letters.sent.title" defaultMessage="Your letter is on its way to review" />
        )
      }
    >
      <Text size="sm">
        {sent.asDraft ? (
          <FormattedMessage
            id="letters.sent.draftText"
            defaultMessage="You can finish it any time from your letters."
          />
        ) : (
          <FormattedMessage
            id="letters.sent.text"
            defaultMessage="The team at {partner} reads every letter before it is passed on. You can follow each step in your letters."
            values={{ partner: partner.name }}
          />
        )}
      </Text>
      <Group mt="sm">
        <Button size="sm" variant="default" onClick={onAnother}>
          <FormattedMessage id="letters.sent.another" defaultMessage="Write another letter" />
        </Button>
      </Group>
    </Alert>
  );
}

/** The composer with its context, then the confirmation. */
export function LetterWriter({
  context,
  draft,
  onClose,
}: {
  context: RecordLetters;
  draft?: SponsorLetter | undefined;
  onClose?: (() => void) | undefined;
}) {
  const [sent, setSent] = useState<(LetterSent & { asDraft: boolean }) | null>(null);
  const [round, setRound] = useState(0);
  if (!context.canWrite) return <SponsorshipEndedNotice name={context.recordName} />;
  if (sent) {
    return (
      <Sent
        sent={sent}
        onAnother={() => {
          setSent(null);
          setRound((n) => n + 1);
        }}
      />
    );
  }
  return (
    <LetterComposer
      // "Write another letter" starts from a clean composer
      key={round}
      sponsoredsId={context.sponsoredsId}
      recordName={context.recordName}
      guidelines={context.guidelines}
      words={context.words}
      country={context.country}
      draft={round === 0 ? draft : undefined}
      onDone={setSent}
      onCancel={onClose}
    />
  );
}

/** Writing to one sponsored person: their composer context is loaded first (GET sponsoreds/{id}/messages). */
export function RecordLetterWriter({
  sponsoredsId,
  draft,
  onClose,
}: {
  sponsoredsId: number;
  draft?: SponsorLetter | undefined;
  onClose?: (() => void) | undefined;
}) {
  const intl = useIntl();
  const context = useRecordLetters(sponsoredsId);
  if (context.isPending)
    return (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({
          id: 'letters.loadingWriter',
          defaultMessage: 'Getting the letter ready',
        })}
      />
    );
  if (context.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {context.error.message}
      </Alert>
    );
  return <LetterWriter context={context.data} draft={draft} onClose={onClose} />;
}
