import type { LetterScanPage } from '@kinship/domain';
import { Alert, Anchor, Button, Card, Group, Image, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IMAGE_MIME_TYPE, PDF_MIME_TYPE } from '@mantine/dropzone';
import { useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { FormCard } from '../../../../components/staff/form-card';
import { UploadDropzone } from '../../../../components/staff/upload-dropzone';
import { loose } from '../../../../i18n/loose-messages';
import {
  letterScansUrl,
  parseScanPages,
  useAnswerableLetters,
  useMatchScan,
  useRefreshAfterScans,
  useWaitingScans,
} from '../api/letters-api';
import { labelOf, recordText, statusMessages } from '../messages';

const m = loose(
  defineMessages({
    uploadTitle: { id: 'staff.letters.scans.upload.title', defaultMessage: 'Upload replies on paper' },
    uploadIntro: {
      id: 'staff.letters.scans.upload.intro',
      defaultMessage:
        'Scans or photos of the replies, as pictures (JPEG, PNG, WebP) or PDFs. The QR code on each page matches it to the letter it answers; the reply then waits in the queue for review.',
    },
    drop: {
      id: 'staff.letters.scans.drop',
      defaultMessage: 'Drop scanned pages here or click to choose them',
    },
    batch: { id: 'staff.letters.scans.batch', defaultMessage: 'Pages of this upload' },
    waiting: { id: 'staff.letters.scans.waiting', defaultMessage: 'Pages waiting for a match' },
    noneWaiting: { id: 'staff.letters.scans.noneWaiting', defaultMessage: 'No page is waiting for a match.' },
    loading: { id: 'staff.letters.scans.loading', defaultMessage: 'Loading the pages…' },
    page: { id: 'staff.letters.scans.page', defaultMessage: '{file}, page {page}' },
    pageAlt: { id: 'staff.letters.scans.pageAlt', defaultMessage: 'Page {page} of {file}' },
    matched: { id: 'staff.letters.scans.matched', defaultMessage: 'Matched: reply letter {id}' },
    problem: { id: 'staff.letters.scans.problem', defaultMessage: 'Not matched: {problem}' },
    unmatched: { id: 'staff.letters.scans.unmatched', defaultMessage: 'Not matched yet' },
    answers: { id: 'staff.letters.scans.answers', defaultMessage: 'The letter it answers' },
    answersHint: {
      id: 'staff.letters.scans.answersHint',
      defaultMessage:
        'Search a printed sponsor letter by record, code or sponsor, or type its letter number.',
    },
    option: {
      id: 'staff.letters.scans.option',
      defaultMessage: '{record}, from {sponsor} ({state}), letter {id}',
    },
    byNumber: { id: 'staff.letters.scans.byNumber', defaultMessage: 'Letter {id}' },
    match: { id: 'staff.letters.scans.match', defaultMessage: 'Match by hand' },
    nothingFound: { id: 'staff.letters.scans.nothingFound', defaultMessage: 'No printed letter found' },
  }),
);

/**
 * Replies on paper: upload a batch of scanned pages (POST dashboard/letters/scans); each page is
 * matched by its QR code or says why not, and a page without a readable code is matched by hand to
 * the printed sponsor letter it answers (POST .../scans/{id}/match). Pages still waiting from
 * earlier uploads are listed too (GET .../scans?unmatched=true).
 */
export function LetterScans() {
  const intl = useIntl();
  const [batch, setBatch] = useState<LetterScanPage[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const waiting = useWaitingScans();
  const refresh = useRefreshAfterScans();
  // Pages matched by hand here: shown with their reply (the waiting list read again no longer has them).
  const [matched, setMatched] = useState<ReadonlyMap<number, LetterScanPage>>(new Map());
  const matchedHere = (page: LetterScanPage) => setMatched((current) => new Map(current).set(page.id, page));
  const inBatch = new Set(batch.map((p) => p.id));
  const stillListed = new Set((waiting.data ?? []).map((p) => p.id));
  const earlier = [
    ...(waiting.data ?? []).filter((p) => !inBatch.has(p.id)),
    ...[...matched.values()].filter((p) => !inBatch.has(p.id) && !stillListed.has(p.id)),
  ].map((p) => matched.get(p.id) ?? p);

  return (
    <Stack gap="lg">
      <FormCard title={intl.formatMessage(m.uploadTitle)}>
        <Text size="sm">
          <FormattedMessage {...m.uploadIntro} />
        </Text>
        <UploadDropzone
          uploadUrl={letterScansUrl()}
          accept={[...IMAGE_MIME_TYPE, ...PDF_MIME_TYPE]}
          maxFiles={50}
          label={intl.formatMessage(m.drop)}
          onUploaded={(_file, body) => {
            try {
              const pages = parseScanPages(body);
              setBatch((current) => [...current, ...pages]);
            } catch (error) {
              setUploadError((error as Error).message);
            }
            refresh();
          }}
        />
        {uploadError && (
          <Alert color="red" role="alert">
            {uploadError}
          </Alert>
        )}
      </FormCard>

      {batch.length > 0 && (
        <Stack gap="sm" component="section" aria-label={intl.formatMessage(m.batch)}>
          <Title order={2} size="h4">
            <FormattedMessage {...m.batch} />
          </Title>
          {batch.map((page) => (
            <ScanPageCard key={page.id} page={matched.get(page.id) ?? page} onMatched={matchedHere} />
          ))}
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-label={intl.formatMessage(m.waiting)}>
        <Title order={2} size="h4">
          <FormattedMessage {...m.waiting} />
        </Title>
        {waiting.isPending && (
          <Text size="sm" c="dimmed">
            <FormattedMessage {...m.loading} />
          </Text>
        )}
        {waiting.error && (
          <Alert color="red" role="alert">
            {waiting.error.message}
          </Alert>
        )}
        {waiting.data && earlier.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage {...m.noneWaiting} />
          </Text>
        )}
        {earlier.map((page) => (
          <ScanPageCard key={page.id} page={page} onMatched={matchedHere} />
        ))}
      </Stack>
    </Stack>
  );
}

function ScanPageCard({
  page,
  onMatched,
}: {
  page: LetterScanPage;
  onMatched: (page: LetterScanPage) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={t(m.page, { file: page.fileName, page: page.page })}
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <Anchor href={page.picture} target="_blank" rel="noreferrer">
          <Image
            src={page.picture}
            alt={t(m.pageAlt, { file: page.fileName, page: page.page })}
            w={96}
            h={128}
            fit="contain"
            radius="sm"
          />
        </Anchor>
        <Stack gap="xs" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t(m.page, { file: page.fileName, page: page.page })}
          </Text>
          {page.letterId !== null ? (
            <Anchor component={Link} to={`/dashboard/letters/${page.letterId}`} size="sm">
              {t(m.matched, { id: page.letterId })}
            </Anchor>
          ) : (
            <>
              <Text size="sm" c="red">
                {page.problem ? t(m.problem, { problem: page.problem }) : t(m.unmatched)}
              </Text>
              <MatchByHand page={page} onMatched={onMatched} />
            </>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** A searchable choice of the printed sponsor letter a page answers (or its number typed), then Match. */
function MatchByHand({
  page,
  onMatched,
}: {
  page: LetterScanPage;
  onMatched: (page: LetterScanPage) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  // What the field shows, and what the server is asked: picking an option writes its label into
  // the field, which is not a new search.
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const labels = useRef(new Map<string, string>());
  const [choice, setChoice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const letters = useAnswerableLetters(debounced);
  const match = useMatchScan();
  const typed = /^#?\s*(\d{1,10})$/.exec(debounced)?.[1];
  const options = [
    ...(typed && !(letters.data ?? []).some((l) => String(l.id) === typed)
      ? [{ value: typed, label: t(m.byNumber, { id: typed }) }]
      : []),
    ...(letters.data ?? []).map((l) => ({
      value: String(l.id),
      label: t(m.option, {
        record: recordText(l),
        sponsor: l.sponsorFirstName,
        state: labelOf(intl, statusMessages, l.status),
        id: l.id,
      }),
    })),
  ];
  for (const option of options) labels.current.set(option.value, option.label);
  // The chosen letter stays listed while the search changes.
  const chosen =
    choice && !options.some((o) => o.value === choice)
      ? [{ value: choice, label: labels.current.get(choice) ?? t(m.byNumber, { id: choice }) }]
      : [];
  const known = new Set(labels.current.values());

  const submit = async () => {
    if (!choice) return;
    setFailure(null);
    try {
      onMatched(await match.mutateAsync({ scanId: page.id, replyToId: Number(choice) }));
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t(m.answers)}
          description={t(m.answersHint)}
          searchable
          clearable
          data={[...chosen, ...options]}
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={(text) => {
            setSearch(text);
            if (!known.has(text)) setQuery(text);
          }}
          value={choice}
          onChange={setChoice}
          nothingFoundMessage={debounced ? t(m.nothingFound) : undefined}
          style={{ flex: '1 1 18rem' }}
        />
        <Button onClick={() => void submit()} loading={match.isPending} disabled={!choice}>
          <FormattedMessage {...m.match} />
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
