import type { SponsorLetter } from '@kinship/domain';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRecordLetters } from '../api/get-record-letters';
import { LetterList } from './letter-card';
import { LetterWriter, SponsorshipEndedNotice } from './record-letter-writer';

/**
 * The Letters tab of a record's profile, for its sponsor (lazy, with the public catalogue part):
 * "Write to {name}" and the letters both ways about this record. An ended sponsorship reads its
 * old letters and gets a word instead of the composer.
 */
export function RecordLetters({ sponsoredId }: { sponsoredId: number }) {
  const intl = useIntl();
  const record = useRecordLetters(sponsoredId);
  const [writing, setWriting] = useState<{ draft?: SponsorLetter } | null>(null);
  const writer = useRef<HTMLElement>(null);

  // A draft continued from the list below opens the composer above it: bring it into view.
  useEffect(() => {
    if (writing?.draft) writer.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [writing]);

  if (record.isPending)
    return (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({ id: 'letters.loading', defaultMessage: 'Loading your letters' })}
      />
    );
  if (record.isError)
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={intl.formatMessage({
          id: 'letters.loadFailed',
          defaultMessage: 'Your letters could not be loaded',
        })}
      >
        {record.error.message}
      </Alert>
    );

  const { recordName, canWrite, letters } = record.data;
  return (
    <Stack gap="lg">
      {!canWrite ? (
        <SponsorshipEndedNotice name={recordName} />
      ) : writing ? (
        <section aria-labelledby="letter-writing" ref={writer}>
          <Title order={2} size="h3" id="letter-writing" mb="sm">
            <FormattedMessage
              id="letters.writeTo"
              defaultMessage="Write to {name}"
              values={{ name: recordName }}
            />
          </Title>
          <LetterWriter
            key={writing.draft?.id ?? 'new'}
            context={record.data}
            draft={writing.draft}
            onClose={() => setWriting(null)}
          />
        </section>
      ) : (
        <div>
          <Button onClick={() => setWriting({})}>
            <FormattedMessage
              id="letters.writeTo"
              defaultMessage="Write to {name}"
              values={{ name: recordName }}
            />
          </Button>
        </div>
      )}
      <section aria-labelledby="record-letters">
        <Title order={2} size="h3" id="record-letters" mb="sm">
          <FormattedMessage
            id="letters.withName"
            defaultMessage="Your letters with {name}"
            values={{ name: recordName }}
          />
        </Title>
        {letters.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="letters.noneWithName" defaultMessage="No letters yet." />
          </Text>
        ) : (
          <LetterList
            letters={letters}
            onContinue={canWrite ? (draft) => setWriting({ draft }) : undefined}
          />
        )}
      </section>
    </Stack>
  );
}
