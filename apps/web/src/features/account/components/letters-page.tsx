import { isSponsorshipActive, sponsoredRecordName, type SponsorLetter } from '@kinship/domain';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserLetters } from '../../../shared/letters/api/get-user-letters';
import { LetterList, newestFirst } from '../../../shared/letters/components/letter-card';
import { RecordLetterWriter } from '../../../shared/letters/components/record-letter-writer';
import { useUserSponsoreds } from '../api/get-user-sponsoreds';

interface Person {
  id: number;
  name: string;
}

/** The people this person sponsors here today: whom a new letter can go to. */
function useWritablePeople(usersId: number, partnersId: number): Person[] {
  const intl = useIntl();
  const sponsoreds = useUserSponsoreds(usersId);
  const people = new Map<number, string>();
  for (const line of sponsoreds.data ?? []) {
    if (line.partnersId !== partnersId || !isSponsorshipActive(line)) continue;
    people.set(
      line.sponsoredsId,
      sponsoredRecordName(
        line.sponsoreds,
        intl.formatMessage(
          { id: 'account.sponsorships.profileFallback', defaultMessage: 'Profile {id}' },
          { id: line.sponsoredsId },
        ),
      ),
    );
  }
  return [...people].map(([id, name]) => ({ id, name }));
}

/** Each sponsored person's letters, the person with the newest letter first. */
function byPerson(letters: readonly SponsorLetter[]): { person: Person; letters: SponsorLetter[] }[] {
  const groups = new Map<number, { person: Person; letters: SponsorLetter[] }>();
  for (const letter of [...letters].sort(newestFirst)) {
    const group = groups.get(letter.sponsoredsId) ?? {
      person: { id: letter.sponsoredsId, name: letter.recordName },
      letters: [],
    };
    group.letters.push(letter);
    groups.set(letter.sponsoredsId, group);
  }
  return [...groups.values()];
}

interface Writing {
  sponsoredsId: number | null;
  draft?: SponsorLetter;
}

/** Choosing whom to write to (when there is a choice), then their composer. */
function Writer({
  writing,
  people,
  onChange,
  onClose,
}: {
  writing: Writing;
  people: Person[];
  onChange: (writing: Writing) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const chosen = writing.sponsoredsId;
  return (
    <Stack gap="sm">
      {!writing.draft && people.length > 1 && (
        <NativeSelect
          label={intl.formatMessage({ id: 'letters.chooseWho', defaultMessage: 'Who are you writing to?' })}
          data={[
            {
              value: '',
              label: intl.formatMessage({
                id: 'letters.choosePlaceholder',
                defaultMessage: 'Choose a person',
              }),
              disabled: true,
            },
            ...people.map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          value={chosen === null ? '' : String(chosen)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ sponsoredsId: value === '' ? null : Number(value) });
          }}
          maw={420}
        />
      )}
      {chosen !== null ? (
        <RecordLetterWriter
          key={`${chosen}-${writing.draft?.id ?? 'new'}`}
          sponsoredsId={chosen}
          draft={writing.draft}
          onClose={onClose}
        />
      ) : (
        <Group>
          <Button variant="subtle" onClick={onClose}>
            <FormattedMessage id="letters.composer.cancel" defaultMessage="Cancel" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /profile/letters (lazy; the partner has feature 4, Messages): the person's letters both ways
 * (GET users/{id}/messages), per sponsored person or for one of them, newest first, and a new
 * letter to anyone they sponsor today.
 */
export function LettersPage({ usersId, partnersId }: { usersId: number; partnersId: number }) {
  const intl = useIntl();
  const letters = useUserLetters(usersId);
  const people = useWritablePeople(usersId, partnersId);
  const [filter, setFilter] = useState<string>('all');
  const [writing, setWriting] = useState<Writing | null>(null);
  const writer = useRef<HTMLElement>(null);

  useEffect(() => {
    if (writing?.draft) writer.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [writing]);

  const startWriting = () => setWriting({ sponsoredsId: people.length === 1 ? people[0]!.id : null });

  let list;
  if (letters.isPending) {
    list = (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({ id: 'letters.loading', defaultMessage: 'Loading your letters' })}
      />
    );
  } else if (letters.isError) {
    list = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={intl.formatMessage({
          id: 'letters.loadFailed',
          defaultMessage: 'Your letters could not be loaded',
        })}
      >
        {letters.error.message}
      </Alert>
    );
  } else if (letters.data.length === 0) {
    list = (
      <Text c="dimmed">
        <FormattedMessage
          id="letters.none"
          defaultMessage="No letters yet. A letter is a lovely way to get to know the person you sponsor."
        />
      </Text>
    );
  } else {
    const groups = byPerson(letters.data);
    const shown = filter === 'all' ? groups : groups.filter((g) => String(g.person.id) === filter);
    const continueDraft = (draft: SponsorLetter) => setWriting({ sponsoredsId: draft.sponsoredsId, draft });
    list = (
      <Stack gap="lg">
        {groups.length > 1 && (
          <NativeSelect
            label={intl.formatMessage({ id: 'letters.filter', defaultMessage: 'Show letters with' })}
            data={[
              {
                value: 'all',
                label: intl.formatMessage({ id: 'letters.filterAll', defaultMessage: 'Everyone' }),
              },
              ...groups.map((g) => ({ value: String(g.person.id), label: g.person.name })),
            ]}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            maw={420}
          />
        )}
        {shown.map(({ person, letters: theirs }) => (
          <section key={person.id} aria-labelledby={`letters-with-${person.id}`}>
            <Title order={3} size="h4" id={`letters-with-${person.id}`} mb="sm">
              {person.name}
            </Title>
            <LetterList letters={theirs} onContinue={continueDraft} />
          </section>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={2} size="h3">
          <FormattedMessage id="letters.title" defaultMessage="Your letters" />
        </Title>
        {people.length > 0 && !writing && (
          <Button onClick={startWriting}>
            <FormattedMessage id="letters.write" defaultMessage="Write a letter" />
          </Button>
        )}
      </Group>
      {writing && (
        <section
          ref={writer}
          aria-label={intl.formatMessage({ id: 'letters.write', defaultMessage: 'Write a letter' })}
        >
          <Writer writing={writing} people={people} onChange={setWriting} onClose={() => setWriting(null)} />
        </section>
      )}
      {list}
    </Stack>
  );
}
