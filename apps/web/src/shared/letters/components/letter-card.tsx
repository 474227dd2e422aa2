import type { SponsorLetter } from '@kinship/domain';
import { Alert, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../i18n/use-format';
import { useDeleteDraft } from '../api/delete-draft';
import { useDownloadLetterPdf } from '../api/download-letter';
import { sponsorLetterTimeline, stepDate } from '../utils/letter-timeline';
import { typicalTime } from '../utils/typical-time';
import { nextStepMessages, statusMessages, stepMessages, timeMessages } from './letter-messages';
import classes from './letter-steps.module.css';

const STATUS_COLORS: Record<SponsorLetter['status'], string> = {
  draft: 'gray',
  submitted: 'blue',
  in_review: 'blue',
  approved: 'teal',
  rejected: 'red',
  printed: 'teal',
  sent_to_program: 'teal',
  delivered: 'green',
};

/** "Usually delivered within 3 weeks": the next step and how long it takes at this partner. */
function NextStep({ nextStep }: { nextStep: NonNullable<SponsorLetter['nextStep']> }) {
  const intl = useIntl();
  const message = nextStepMessages[nextStep.status];
  if (!message) return null;
  const { unit, count } = typicalTime(nextStep.typicalDays);
  const time = intl.formatMessage(timeMessages[unit], { count });
  return (
    <Text size="sm" c="dimmed">
      <FormattedMessage {...message} values={{ time }} />
    </Text>
  );
}

function LetterTimeline({ letter }: { letter: SponsorLetter }) {
  const intl = useIntl();
  const format = useFormat();
  const { items, reached } = sponsorLetterTimeline(letter);
  return (
    <ol
      className={classes.steps}
      aria-label={intl.formatMessage({ id: 'letters.timeline', defaultMessage: 'Where this letter is' })}
    >
      {items.map((item, index) => (
        <li
          key={item.status}
          className={classes.step}
          data-done={index <= reached || undefined}
          data-current={index === reached || undefined}
          data-ahead={index > reached || undefined}
          data-rejected={item.status === 'rejected' || undefined}
          aria-current={index === reached ? 'step' : undefined}
        >
          {intl.formatMessage(stepMessages[item.status])}
          {item.at && <span className={classes.date}>{format.date(item.at)}</span>}
        </li>
      ))}
    </ol>
  );
}

function Pictures({ pictures }: { pictures: string[] }) {
  const intl = useIntl();
  if (pictures.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
      {pictures.map((src, index) => (
        <a key={src} href={src} target="_blank" rel="noreferrer">
          <Image
            src={src}
            h={120}
            radius="sm"
            fit="cover"
            loading="lazy"
            alt={intl.formatMessage(
              { id: 'letters.picture', defaultMessage: 'Picture {number}' },
              { number: index + 1 },
            )}
          />
        </a>
      ))}
    </SimpleGrid>
  );
}

function DownloadPdf({ letterId }: { letterId: number }) {
  const download = useDownloadLetterPdf();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        size="sm"
        onClick={() => download.mutate(letterId)}
        loading={download.isPending}
      >
        <FormattedMessage id="letters.downloadPdf" defaultMessage="Download PDF" />
      </Button>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert">
          {download.error.message}
        </Text>
      )}
    </Stack>
  );
}

function DraftActions({
  letter,
  onContinue,
}: {
  letter: SponsorLetter;
  onContinue?: (letter: SponsorLetter) => void;
}) {
  const remove = useDeleteDraft();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {onContinue && (
          <Button size="sm" onClick={() => onContinue(letter)}>
            <FormattedMessage id="letters.draft.continue" defaultMessage="Continue writing" />
          </Button>
        )}
        {confirming ? (
          <>
            <Button size="sm" color="red" onClick={() => remove.mutate(letter.id)} loading={remove.isPending}>
              <FormattedMessage id="letters.draft.confirmDelete" defaultMessage="Yes, delete this draft" />
            </Button>
            <Button
              size="sm"
              variant="subtle"
              onClick={() => setConfirming(false)}
              disabled={remove.isPending}
            >
              <FormattedMessage id="letters.draft.keep" defaultMessage="Keep it" />
            </Button>
          </>
        ) : (
          <Button size="sm" variant="default" onClick={() => setConfirming(true)}>
            <FormattedMessage id="letters.draft.delete" defaultMessage="Delete draft" />
          </Button>
        )}
      </Group>
      {remove.isError && (
        <Text size="sm" c="red.8" role="alert">
          {remove.error.message}
        </Text>
      )}
    </Stack>
  );
}

/** A long letter shows its first lines until asked for the rest. */
const LONG_LETTER = 280;

function LetterText({ body, language }: { body: string; language: string }) {
  const [open, setOpen] = useState(false);
  const long = body.length > LONG_LETTER || body.split('\n').length > 4;
  return (
    <Stack gap={4} align="flex-start">
      <Text
        size="sm"
        lang={language}
        lineClamp={long && !open ? 4 : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {body}
      </Text>
      {long && (
        <Button variant="subtle" size="compact-sm" px={0} onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? (
            <FormattedMessage id="letters.showLess" defaultMessage="Show less" />
          ) : (
            <FormattedMessage id="letters.showAll" defaultMessage="Show the whole letter" />
          )}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The photo or scan of a reply written on paper, shown whole (a page cropped to a strip cannot be
 * read), and opened full size from it.
 */
function ScanPage({ src, name }: { src: string; name: string }) {
  const intl = useIntl();
  return (
    <a href={src} target="_blank" rel="noreferrer" style={{ alignSelf: 'flex-start', maxWidth: '100%' }}>
      <Image
        src={src}
        h={320}
        w="auto"
        maw="100%"
        radius="sm"
        fit="contain"
        loading="lazy"
        alt={intl.formatMessage(
          { id: 'letters.scanAlt', defaultMessage: '{name}’s letter on paper' },
          { name },
        )}
      />
    </a>
  );
}

/** A reply from the sponsored person: when it arrived, its words and pictures, and its PDF. */
function ReplyCard({ letter }: { letter: SponsorLetter }) {
  const format = useFormat();
  // The scan of a paper reply comes last among its pictures.
  const scan = letter.hasScan ? letter.pictures.at(-1) : undefined;
  const pictures = scan ? letter.pictures.slice(0, -1) : letter.pictures;
  const arrived = stepDate(letter, 'delivered') ?? stepDate(letter, 'approved') ?? letter.createdAt;
  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>
            <FormattedMessage
              id="letters.theyWrote"
              defaultMessage="{name} wrote"
              values={{ name: letter.recordName }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="letters.arrived"
              defaultMessage="Arrived {date}"
              values={{ date: format.date(arrived) }}
            />
          </Text>
        </Group>
        {letter.body.trim() && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lang={letter.language}>
            {letter.body}
          </Text>
        )}
        {letter.hasScan && (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="letters.scanned"
              defaultMessage="This letter came on paper, written by hand: here is its page."
            />
          </Text>
        )}
        {scan && <ScanPage src={scan} name={letter.recordName} />}
        <Pictures pictures={pictures} />
        <DownloadPdf letterId={letter.id} />
      </Stack>
    </Paper>
  );
}

/** The sponsor's own letter: its state, the steps with their dates, what comes next and when. */
function OwnLetterCard({
  letter,
  onContinue,
}: {
  letter: SponsorLetter;
  onContinue?: (letter: SponsorLetter) => void;
}) {
  const intl = useIntl();
  const openFlags = letter.flags.filter((flag) => flag.status === 'open').length;
  const checking = letter.status === 'submitted' || letter.status === 'in_review';
  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>
            <FormattedMessage id="letters.youWrote" defaultMessage="You wrote" />
          </Text>
          <Badge color={STATUS_COLORS[letter.status]} variant="light">
            {intl.formatMessage(statusMessages[letter.status])}
          </Badge>
        </Group>
        {letter.status === 'rejected' && (
          <Alert
            color="red"
            variant="light"
            title={
              <FormattedMessage
                id="letters.rejected.title"
                defaultMessage="This letter could not be passed on"
              />
            }
          >
            <Stack gap={4}>
              {letter.rejectionReason && (
                <Text size="sm">
                  <FormattedMessage
                    id="letters.rejected.reason"
                    defaultMessage="The team’s note: {reason}"
                    values={{ reason: letter.rejectionReason }}
                  />
                </Text>
              )}
              <Text size="sm">
                <FormattedMessage
                  id="letters.rejected.what"
                  defaultMessage="You are welcome to write again: a new letter without that part goes through the usual review."
                />
              </Text>
            </Stack>
          </Alert>
        )}
        {checking && openFlags > 0 && (
          <Text size="sm">
            <FormattedMessage
              id="letters.checking"
              defaultMessage="{count, plural, one {The team is checking one part of this letter before it goes on.} other {The team is checking # parts of this letter before it goes on.}}"
              values={{ count: openFlags }}
            />
          </Text>
        )}
        <LetterTimeline letter={letter} />
        {letter.nextStep && letter.status !== 'draft' && <NextStep nextStep={letter.nextStep} />}
        <LetterText body={letter.body} language={letter.language} />
        <Pictures pictures={letter.pictures} />
        {letter.editable && <DraftActions letter={letter} {...(onContinue ? { onContinue } : {})} />}
      </Stack>
    </Paper>
  );
}

export function LetterCard({
  letter,
  onContinue,
}: {
  letter: SponsorLetter;
  /** Opens the composer on a draft. */
  onContinue?: ((letter: SponsorLetter) => void) | undefined;
}) {
  return letter.direction === 'to_sponsor' ? (
    <ReplyCard letter={letter} />
  ) : (
    <OwnLetterCard letter={letter} {...(onContinue ? { onContinue } : {})} />
  );
}

/** Letters newest first. */
export const newestFirst = (a: SponsorLetter, b: SponsorLetter) => b.createdAt.localeCompare(a.createdAt);

export function LetterList({
  letters,
  onContinue,
}: {
  letters: readonly SponsorLetter[];
  onContinue?: ((letter: SponsorLetter) => void) | undefined;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {[...letters].sort(newestFirst).map((letter) => (
        <li key={letter.id}>
          <LetterCard letter={letter} onContinue={onContinue} />
        </li>
      ))}
    </Stack>
  );
}
