import { LETTER_BODY_MAX, LETTER_MAX_PICTURES, type SponsorLetter } from '@kinship/domain';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useSendLetter, type LetterSent } from '../api/send-letter';
import { screenDraft } from '../utils/screen-draft';
import { ScreenWarnings } from './screen-warnings';

/** The picture types the image pipeline reads; a phone's picker turns its own formats into JPEG. */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The most one picture may weigh (the server's limit). */
const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** How long typing must pause before the pre-screen runs again. */
const SCREEN_DELAY_MS = 300;

interface Picture {
  file: File;
  preview: string | null;
}

const previewOf = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

export interface LetterComposerProps {
  sponsoredsId: number;
  recordName: string;
  /** The partner's guidelines, in the viewer's language. */
  guidelines: string;
  /** The partner's word list and country, for the pre-screen as they type. */
  words: string[];
  country: string | null;
  /** A draft being continued. */
  draft?: SponsorLetter | undefined;
  /** Called once the letter is saved as a draft or sent. */
  onDone: (sent: LetterSent & { asDraft: boolean }) => void;
  onCancel?: (() => void) | undefined;
}

/**
 * Writing a letter: the text with its live count, up to three pictures, the partner's guidelines
 * beside it (below on a phone) and the pre-screen's warnings as they type. Warnings never block:
 * they say what the team will check. Saves a draft or sends it for review.
 */
export function LetterComposer({
  sponsoredsId,
  recordName,
  guidelines,
  words,
  country,
  draft,
  onDone,
  onCancel,
}: LetterComposerProps) {
  const intl = useIntl();
  const [body, setBody] = useState(draft?.body ?? '');
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const [screened] = useDebouncedValue(body, SCREEN_DELAY_MS);
  const flags = useMemo(() => screenDraft(screened, words, country), [screened, words, country]);
  const send = useSendLetter();
  const [asDraft, setAsDraft] = useState(false);
  const resetPicker = useRef<() => void>(null);

  // The previews' object URLs are let go when the composer closes.
  useEffect(
    () => () => {
      for (const picture of pictures) if (picture.preview) URL.revokeObjectURL(picture.preview);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on unmount: removal revokes its own
    [],
  );

  const length = body.length;
  const tooLong = length > LETTER_BODY_MAX;
  const empty = body.trim() === '';
  const room = LETTER_MAX_PICTURES - pictures.length - (draft?.pictures.length ?? 0);

  const addPictures = (files: File[]) => {
    const problems: string[] = [];
    const fitting = files.filter((file) => {
      if (!PICTURE_TYPES.includes(file.type)) {
        problems.push(
          intl.formatMessage(
            {
              id: 'letters.composer.pictureType',
              defaultMessage: '{name} is not a picture we can send (JPEG, PNG or WebP).',
            },
            { name: file.name },
          ),
        );
        return false;
      }
      if (file.size > PICTURE_MAX_BYTES) {
        problems.push(
          intl.formatMessage(
            { id: 'letters.composer.pictureTooLarge', defaultMessage: '{name} is larger than 20 MB.' },
            { name: file.name },
          ),
        );
        return false;
      }
      return true;
    });
    if (fitting.length > room) {
      problems.push(
        intl.formatMessage(
          {
            id: 'letters.composer.pictureLimit',
            defaultMessage: 'A letter can carry up to {max} pictures.',
          },
          { max: LETTER_MAX_PICTURES },
        ),
      );
    }
    const added = fitting.slice(0, Math.max(0, room)).map((file) => ({ file, preview: previewOf(file) }));
    setPictures((current) => [...current, ...added]);
    setPictureProblem(problems.length > 0 ? problems.join(' ') : null);
    // the same file can be picked again after it was removed
    resetPicker.current?.();
  };

  const removePicture = (index: number) => {
    setPictures((current) => {
      const gone = current[index];
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((_, i) => i !== index);
    });
    setPictureProblem(null);
  };

  const submit = (keepAsDraft: boolean) => {
    setAsDraft(keepAsDraft);
    send.mutate(
      {
        sponsoredsId,
        body,
        draft: keepAsDraft,
        pictures: pictures.map((p) => p.file),
        ...(draft ? { draftId: draft.id } : {}),
      },
      { onSuccess: (sent) => onDone({ ...sent, asDraft: keepAsDraft }) },
    );
  };

  const label = intl.formatMessage(
    { id: 'letters.composer.label', defaultMessage: 'Your letter to {name}' },
    { name: recordName },
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: guidelines.trim() ? 8 : 12 }}>
        <Stack gap="sm">
          <Textarea
            label={label}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              <FormattedMessage
                id="letters.composer.count"
                defaultMessage="{count} of {max} characters"
                values={{
                  count: <FormattedNumber value={length} />,
                  max: <FormattedNumber value={LETTER_BODY_MAX} />,
                }}
              />
            }
            error={
              tooLong
                ? intl.formatMessage(
                    {
                      id: 'letters.composer.tooLong',
                      defaultMessage:
                        '{count, plural, one {One character too many} other {# characters too many}}: a letter holds up to {max, number} characters.',
                    },
                    { count: length - LETTER_BODY_MAX, max: LETTER_BODY_MAX },
                  )
                : undefined
            }
          />

          <ScreenWarnings flags={flags} />

          {draft && draft.pictures.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                <FormattedMessage
                  id="letters.composer.draftPictures"
                  defaultMessage="Pictures saved with this draft"
                />
              </Text>
              <SimpleGrid cols={3} spacing="xs">
                {draft.pictures.map((src, index) => (
                  <Image
                    key={src}
                    src={src}
                    h={96}
                    radius="sm"
                    fit="cover"
                    alt={intl.formatMessage(
                      { id: 'letters.picture', defaultMessage: 'Picture {number}' },
                      { number: index + 1 },
                    )}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          )}

          {/* A saved draft keeps its pictures: new ones go with a new letter only (PATCH takes text). */}
          {!draft && (
            <Stack gap="xs">
              <Group gap="sm" wrap="wrap">
                <FileButton
                  onChange={addPictures}
                  accept={PICTURE_TYPES.join(',')}
                  multiple
                  resetRef={resetPicker}
                >
                  {(props) => (
                    <Button {...props} variant="default" disabled={room <= 0}>
                      <FormattedMessage id="letters.composer.addPictures" defaultMessage="Add pictures" />
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed">
                  <FormattedMessage
                    id="letters.composer.picturesHint"
                    defaultMessage="Up to {max} pictures (JPEG, PNG or WebP)."
                    values={{ max: LETTER_MAX_PICTURES }}
                  />
                </Text>
              </Group>
              {pictureProblem && (
                <Text size="sm" c="red.8" role="alert">
                  {pictureProblem}
                </Text>
              )}
              {pictures.length > 0 && (
                <SimpleGrid cols={3} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {pictures.map((picture, index) => {
                    const name = intl.formatMessage(
                      { id: 'letters.picture', defaultMessage: 'Picture {number}' },
                      { number: index + 1 },
                    );
                    return (
                      <li
                        key={picture.preview ?? `${picture.file.name}-${index}`}
                        style={{ position: 'relative' }}
                      >
                        <Image src={picture.preview} h={96} radius="sm" fit="cover" alt={name} />
                        <CloseButton
                          size="md"
                          variant="filled"
                          pos="absolute"
                          top={4}
                          right={4}
                          onClick={() => removePicture(index)}
                          aria-label={intl.formatMessage(
                            { id: 'letters.composer.removePicture', defaultMessage: 'Remove {name}' },
                            { name: picture.file.name },
                          )}
                        />
                      </li>
                    );
                  })}
                </SimpleGrid>
              )}
            </Stack>
          )}

          {send.isError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={
                asDraft ? (
                  <FormattedMessage
                    id="letters.composer.saveFailed"
                    defaultMessage="Your draft could not be saved"
                  />
                ) : (
                  <FormattedMessage
                    id="letters.composer.sendFailed"
                    defaultMessage="Your letter could not be sent"
                  />
                )
              }
            >
              {send.error.message}
            </Alert>
          )}

          <Group gap="sm" justify="flex-end" wrap="wrap">
            {onCancel && (
              <Button variant="subtle" onClick={onCancel} disabled={send.isPending}>
                <FormattedMessage id="letters.composer.cancel" defaultMessage="Cancel" />
              </Button>
            )}
            <Button
              variant="default"
              onClick={() => submit(true)}
              disabled={empty || tooLong}
              loading={send.isPending && asDraft}
            >
              <FormattedMessage id="letters.composer.saveDraft" defaultMessage="Save as draft" />
            </Button>
            <Button
              onClick={() => submit(false)}
              disabled={empty || tooLong}
              loading={send.isPending && !asDraft}
            >
              <FormattedMessage id="letters.composer.send" defaultMessage="Send" />
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      {guidelines.trim() && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md" component="aside" aria-labelledby="letter-guidelines">
            <Title order={3} size="h5" id="letter-guidelines" mb="xs">
              <FormattedMessage id="letters.guidelines.title" defaultMessage="Before you write" />
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {guidelines}
            </Text>
          </Paper>
        </Grid.Col>
      )}
    </Grid>
  );
}
