import {
  htmlToParagraphs,
  paragraphsToHtml,
  UPDATE_MESSAGE_MAX,
  UPDATE_TITLE_MAX,
  updatePostInputSchema,
  type UpdateAudienceInput,
  type UpdatePostDetail,
  type UpdatePostInput,
  type UpdateRecipientRecord,
} from '@kinship/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Image,
  MultiSelect,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { z } from 'zod';
import { LoadingScreen } from '../../../../components/loading-screen';
import { SanitizedHtml } from '../../../../components/sanitized-html';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { UploadDropzone } from '../../../../components/staff/upload-dropzone';
import { mediaUrl } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import {
  updatePicturesUrl,
  useDeleteUpdatePost,
  useRefreshUpdatePost,
  useSaveUpdatePost,
  useUpdatePost,
  useUpdateRecipients,
} from '../api/updates-api';
import { statusMessages, useWhenText } from '../messages';

const m = loose(
  defineMessages({
    update: { id: 'staff.updates.editor.update', defaultMessage: 'Update' },
    back: { id: 'staff.updates.editor.back', defaultMessage: 'Back to updates' },
    chooseRecord: { id: 'staff.updates.editor.error.records', defaultMessage: 'Choose at least one record.' },
    chooseProgram: { id: 'staff.updates.editor.error.program', defaultMessage: 'Choose a program.' },
    chooseType: { id: 'staff.updates.editor.error.type', defaultMessage: 'Choose a type.' },
    chooseWhen: { id: 'staff.updates.editor.error.when', defaultMessage: 'Choose the date and time.' },
    chooseFuture: {
      id: 'staff.updates.editor.error.future',
      defaultMessage: 'Choose a time in the future, or send now.',
    },
    sending: { id: 'staff.updates.editor.sending', defaultMessage: 'The update is being sent.' },
    scheduledFor: {
      id: 'staff.updates.editor.scheduledFor',
      defaultMessage: 'The update is scheduled for {when}.',
    },
    draftSaved: { id: 'staff.updates.editor.draftSaved', defaultMessage: 'Draft saved.' },
    editTitle: { id: 'staff.updates.editor.title.edit', defaultMessage: 'Edit update' },
    newTitle: { id: 'staff.updates.editor.title.new', defaultMessage: 'New update' },
    sendNow: { id: 'staff.updates.editor.sendNow', defaultMessage: 'Send now' },
    schedule: { id: 'staff.updates.editor.schedule', defaultMessage: 'Schedule' },
    saveDraft: { id: 'staff.updates.editor.saveDraft', defaultMessage: 'Save draft' },
    deleteTitle: { id: 'staff.updates.editor.delete.title', defaultMessage: 'Delete this update?' },
    deleteMessage: {
      id: 'staff.updates.editor.delete.message',
      defaultMessage: 'The update and its pictures are deleted. Nothing has been sent yet.',
    },
    deleteConfirm: { id: 'staff.updates.editor.delete.confirm', defaultMessage: 'Delete update' },
    deleteDraft: { id: 'staff.updates.editor.delete.draft', defaultMessage: 'Delete draft' },
    fieldTitle: { id: 'staff.updates.editor.field.title', defaultMessage: 'Title' },
    fieldMessage: { id: 'staff.updates.editor.field.message', defaultMessage: 'Message' },
    fieldMessageHint: {
      id: 'staff.updates.editor.field.message.hint',
      defaultMessage: 'Separate paragraphs with a blank line; **bold** and *italic* are kept.',
    },
    recipients: { id: 'staff.updates.editor.recipients', defaultMessage: 'Recipients' },
    chosenRecords: { id: 'staff.updates.editor.audience.records', defaultMessage: 'Chosen records' },
    aProgram: { id: 'staff.updates.editor.audience.program', defaultMessage: 'A program' },
    aType: { id: 'staff.updates.editor.audience.type', defaultMessage: 'A type' },
    records: { id: 'staff.updates.editor.field.records', defaultMessage: 'Records' },
    searchRecords: {
      id: 'staff.updates.editor.field.records.placeholder',
      defaultMessage: 'Search by name or code',
    },
    searching: { id: 'staff.updates.editor.field.records.searching', defaultMessage: 'Searching...' },
    noRecords: { id: 'staff.updates.editor.field.records.none', defaultMessage: 'No records found' },
    program: { id: 'staff.updates.editor.field.program', defaultMessage: 'Program' },
    programPlaceholder: {
      id: 'staff.updates.editor.field.program.placeholder',
      defaultMessage: 'Choose a program',
    },
    type: { id: 'staff.updates.editor.field.type', defaultMessage: 'Sponsored type' },
    typePlaceholder: { id: 'staff.updates.editor.field.type.placeholder', defaultMessage: 'Choose a type' },
    recipientsHint: {
      id: 'staff.updates.editor.recipients.hint',
      defaultMessage: 'Every active sponsor of these records gets one email with a link to the update.',
    },
    pictures: { id: 'staff.updates.editor.pictures', defaultMessage: 'Pictures' },
    picture: { id: 'staff.updates.editor.picture', defaultMessage: 'Picture {number}' },
    removePicture: { id: 'staff.updates.editor.picture.remove', defaultMessage: 'Remove picture {number}' },
    removedPictures: {
      id: 'staff.updates.editor.pictures.removed',
      defaultMessage: '{count, plural, one {# picture} other {# pictures}} will be removed when you save.',
    },
    dropPictures: {
      id: 'staff.updates.editor.pictures.drop',
      defaultMessage: 'Drop pictures here or click to choose them',
    },
    saveFirst: {
      id: 'staff.updates.editor.pictures.saveFirst',
      defaultMessage: 'Save the draft first, then add pictures. They are shown under the message.',
    },
    distribution: { id: 'staff.updates.editor.distribution', defaultMessage: 'Distribution' },
    sendLater: { id: 'staff.updates.editor.sendLater', defaultMessage: 'Send later' },
    dateTime: { id: 'staff.updates.editor.dateTime', defaultMessage: 'Date and time' },
    scheduledHint: {
      id: 'staff.updates.editor.scheduled',
      defaultMessage: 'Scheduled for {when}. Save as a draft to hold it back.',
    },
    sentAt: { id: 'staff.updates.sent.at', defaultMessage: 'Sent {when}' },
    sentCounts: {
      id: 'staff.updates.sent.counts',
      defaultMessage: '{sent, plural, one {# notice} other {# notices}} sent, {opened} opened',
    },
  }),
);

const thumbOf = (largePath: string) => mediaUrl(largePath.replace(/large\.webp$/, 'thumb.webp'))!;

/** A local date-time input's value (YYYY-MM-DDTHH:mm) for an ISO time, and back. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const recordLabel = (r: UpdateRecipientRecord) =>
  [r.name, r.code, r.programName, r.typeLabel].filter(Boolean).join(' · ');

/** The editor: a new update (id null) or an existing one; a sent update is shown read-only. */
export function UpdateEditor({
  id,
  onSaved,
  onClose,
}: {
  id: number | null;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const post = useUpdatePost(id);
  const intl = useIntl();
  if (id !== null && post.isPending) return <LoadingScreen />;
  if (id !== null && post.isError) {
    return (
      <Stack align="flex-start">
        <Title order={1}>{intl.formatMessage(m.update)}</Title>
        <Alert color="red" role="alert">
          {post.error.message}
        </Alert>
        <Button variant="default" onClick={onClose}>
          <FormattedMessage {...m.back} />
        </Button>
      </Stack>
    );
  }
  const detail = id === null ? null : post.data!;
  if (detail?.status === 'sent') return <SentUpdate post={detail} onClose={onClose} />;
  return <EditForm key={detail?.updatedAt ?? 'new'} post={detail} onSaved={onSaved} onClose={onClose} />;
}

/**
 * The editor's form: the message as paragraphs (sent as HTML), the audience's ids as the inputs hold
 * them, and when. The field names are the API's, so the server's field errors land on their fields.
 */
const editorSchemaFor = (intl: IntlShape) =>
  z
    .object({
      title: updatePostInputSchema.shape.title,
      updateMessage: z.string(),
      audience: z.object({
        kind: z.enum(['records', 'program', 'type']),
        sponsoredsIds: z.array(z.string()),
        entitiesId: z.string().nullable(),
        partnerSponsoredTypesId: z.string().nullable(),
      }),
      when: z.enum(['now', 'later']),
      distributeAt: z.string(),
      /** Set by the button: Save draft (false) or Send now / Schedule (true). */
      schedule: z.boolean(),
    })
    .superRefine(({ audience, when, distributeAt, schedule }, context) => {
      const issue = (path: string[], message: (typeof m)['chooseType']) =>
        context.addIssue({ code: 'custom', path, message: intl.formatMessage(message) });
      if (audience.kind === 'records' && audience.sponsoredsIds.length === 0)
        issue(['audience', 'sponsoredsIds'], m.chooseRecord);
      if (audience.kind === 'program' && !audience.entitiesId)
        issue(['audience', 'entitiesId'], m.chooseProgram);
      if (audience.kind === 'type' && !audience.partnerSponsoredTypesId)
        issue(['audience', 'partnerSponsoredTypesId'], m.chooseType);
      if (when === 'later' && !distributeAt) issue(['distributeAt'], m.chooseWhen);
      if (when === 'later' && distributeAt && schedule && new Date(distributeAt) <= new Date())
        issue(['distributeAt'], m.chooseFuture);
    });
type EditorValues = z.input<ReturnType<typeof editorSchemaFor>>;

function editorValues(post: UpdatePostDetail | null): EditorValues & Record<string, unknown> {
  const audience = post?.audience;
  return {
    title: post?.title ?? '',
    updateMessage: post ? htmlToParagraphs(post.updateMessage) : '',
    audience: {
      kind: audience?.kind ?? 'records',
      sponsoredsIds: audience?.kind === 'records' ? audience.sponsoredsIds.map(String) : [],
      entitiesId: audience?.kind === 'program' ? String(audience.entitiesId) : null,
      partnerSponsoredTypesId: audience?.kind === 'type' ? String(audience.partnerSponsoredTypesId) : null,
    },
    when: post?.distributeAt ? 'later' : 'now',
    distributeAt: localInputValue(post?.distributeAt ?? null),
    schedule: false,
  };
}

function audienceOf({ kind, sponsoredsIds, entitiesId, partnerSponsoredTypesId }: EditorValues['audience']) {
  const audience: UpdateAudienceInput =
    kind === 'records'
      ? { kind, sponsoredsIds: sponsoredsIds.map(Number) }
      : kind === 'program'
        ? { kind, entitiesId: Number(entitiesId) }
        : { kind, partnerSponsoredTypesId: Number(partnerSponsoredTypesId) };
  return audience;
}

function EditForm({
  post,
  onSaved,
  onClose,
}: {
  post: UpdatePostDetail | null;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const whenText = useWhenText();
  const saveUpdate = useSaveUpdatePost();
  const deleteUpdate = useDeleteUpdatePost();
  const refreshPost = useRefreshUpdatePost();
  const [editorSchema] = useState(() => editorSchemaFor(intl));
  const form = useSchemaForm(editorSchema, editorValues(post));
  const values = form.getValues() as EditorValues;
  const { kind } = values.audience;
  const [removed, setRemoved] = useState<string[]>([]);

  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const recipients = useUpdateRecipients(debounced);

  // Every record ever offered or chosen keeps its label, so a chosen one stays named.
  const known = useMemo(() => {
    const map = new Map<string, UpdateRecipientRecord>();
    for (const r of post?.records ?? []) map.set(String(r.id), r);
    for (const r of recipients.data?.records ?? []) map.set(String(r.id), r);
    return map;
  }, [post, recipients.data]);
  const [chosen, setChosen] = useState<Map<string, UpdateRecipientRecord>>(
    () => new Map((post?.records ?? []).map((r) => [String(r.id), r])),
  );
  const recordOptions = useMemo(() => {
    const options = new Map<string, string>();
    for (const [value, r] of chosen) options.set(value, recordLabel(r));
    for (const r of recipients.data?.records ?? []) options.set(String(r.id), recordLabel(r));
    return [...options].map(([value, label]) => ({ value, label }));
  }, [chosen, recipients.data]);

  const pictures = (post?.picturePaths ?? []).filter((p) => !removed.includes(p));

  const save = async ({ title, updateMessage, audience, when, distributeAt, schedule }: EditorValues) => {
    const body: UpdatePostInput = {
      title,
      updateMessage: paragraphsToHtml(updateMessage),
      audience: audienceOf(audience),
      schedule,
      distributeAt: when === 'later' && distributeAt ? new Date(distributeAt).toISOString() : null,
      ...(post ? { picturePaths: pictures } : {}),
    };
    const saved = await saveUpdate.mutateAsync({ id: post?.id ?? null, body });
    if (schedule) {
      void notify({
        color: 'green',
        message: when === 'now' ? t(m.sending) : t(m.scheduledFor, { when: whenText(saved.distributeAt) }),
      });
      onClose();
    } else {
      void notify({ color: 'green', message: t(m.draftSaved) });
      onSaved(saved.id);
    }
  };

  const audienceError = (form.errors.audience ??
    form.errors['audience.sponsoredsIds'] ??
    form.errors['audience.entitiesId'] ??
    form.errors['audience.partnerSponsoredTypesId']) as string | undefined;

  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t(post ? m.editTitle : m.newTitle)}</Title>
        <Group gap="xs">
          {post && <Badge variant="light">{t(statusMessages[post.status])}</Badge>}
          <Button variant="default" onClick={onClose}>
            <FormattedMessage {...m.back} />
          </Button>
        </Group>
      </Group>
      <SchemaForm
        form={form}
        submitLabel={t(values.when === 'now' ? m.sendNow : m.schedule)}
        submitValues={{ schedule: true }}
        secondarySubmit={{ label: t(m.saveDraft), values: { schedule: false } }}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={(v) => save(v as EditorValues)}
        aside={
          post && (
            <ConfirmButton
              title={t(m.deleteTitle)}
              message={t(m.deleteMessage)}
              confirmLabel={t(m.deleteConfirm)}
              onConfirm={async () => {
                await deleteUpdate.mutateAsync(post.id);
                onClose();
              }}
            >
              {t(post.status === 'draft' ? m.deleteDraft : m.deleteConfirm)}
            </ConfirmButton>
          )
        }
      >
        <TextInput
          label={t(m.fieldTitle)}
          required
          maxLength={UPDATE_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t(m.fieldMessage)}
          required
          description={t(m.fieldMessageHint)}
          autosize
          minRows={6}
          maxLength={UPDATE_MESSAGE_MAX}
          {...form.getInputProps('updateMessage')}
        />

        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600} id="recipients-label">
              <FormattedMessage {...m.recipients} />
            </Text>
            <SegmentedControl
              aria-labelledby="recipients-label"
              value={kind}
              onChange={(value) => form.setFieldValue('audience.kind', value as typeof kind)}
              data={[
                { value: 'records', label: t(m.chosenRecords) },
                { value: 'program', label: t(m.aProgram) },
                { value: 'type', label: t(m.aType) },
              ]}
            />
            {kind === 'records' && (
              <MultiSelect
                label={t(m.records)}
                placeholder={values.audience.sponsoredsIds.length ? '' : t(m.searchRecords)}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options }) => options}
                data={recordOptions}
                {...form.getInputProps('audience.sponsoredsIds')}
                onChange={(ids) => {
                  form.setFieldValue('audience.sponsoredsIds', ids);
                  setChosen(
                    new Map(
                      ids
                        .map((v) => [v, known.get(v) ?? chosen.get(v)!])
                        .filter(([, r]) => r !== undefined) as [string, UpdateRecipientRecord][],
                    ),
                  );
                }}
                nothingFoundMessage={t(recipients.isFetching ? m.searching : m.noRecords)}
                error={audienceError}
                clearable
              />
            )}
            {kind === 'program' && (
              <Select
                label={t(m.program)}
                placeholder={t(m.programPlaceholder)}
                data={(recipients.data?.programs ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                {...form.getInputProps('audience.entitiesId')}
                error={audienceError}
                searchable
              />
            )}
            {kind === 'type' && (
              <Select
                label={t(m.type)}
                placeholder={t(m.typePlaceholder)}
                data={(recipients.data?.types ?? []).map((type) => ({
                  value: String(type.id),
                  label: type.label,
                }))}
                {...form.getInputProps('audience.partnerSponsoredTypesId')}
                error={audienceError}
              />
            )}
            <Text size="sm" c="dimmed">
              <FormattedMessage {...m.recipientsHint} />
            </Text>
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>
              <FormattedMessage {...m.pictures} />
            </Text>
            {post ? (
              <>
                {pictures.length > 0 && (
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                    {pictures.map((path, i) => (
                      <div key={path} style={{ position: 'relative' }}>
                        <Image
                          src={thumbOf(path)}
                          alt={t(m.picture, { number: i + 1 })}
                          radius="sm"
                          h={120}
                          fit="cover"
                        />
                        <CloseButton
                          aria-label={t(m.removePicture, { number: i + 1 })}
                          variant="filled"
                          size="sm"
                          style={{ position: 'absolute', top: 4, right: 4 }}
                          onClick={() => setRemoved((r) => [...r, path])}
                        />
                      </div>
                    ))}
                  </SimpleGrid>
                )}
                {removed.length > 0 && (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage {...m.removedPictures} values={{ count: removed.length }} />
                  </Text>
                )}
                <UploadDropzone
                  uploadUrl={updatePicturesUrl(post.id)}
                  label={t(m.dropPictures)}
                  onUploaded={() => refreshPost(post.id)}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                <FormattedMessage {...m.saveFirst} />
              </Text>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Radio.Group
            label={t(m.distribution)}
            {...form.getInputProps('when')}
            error={form.errors.distributeAt}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="now" label={t(m.sendNow)} />
              <Radio value="later" label={t(m.sendLater)} />
              {values.when === 'later' && (
                <TextInput
                  type="datetime-local"
                  label={t(m.dateTime)}
                  {...form.getInputProps('distributeAt')}
                  error={undefined}
                  maw={260}
                />
              )}
            </Stack>
          </Radio.Group>
          {post?.status === 'scheduled' && (
            <Text size="sm" mt="xs">
              <FormattedMessage {...m.scheduledHint} values={{ when: whenText(post.distributeAt) }} />
            </Text>
          )}
        </Paper>
      </SchemaForm>
    </Stack>
  );
}

/** A sent update: what went out, to whom, and how many opened it. */
function SentUpdate({ post, onClose }: { post: UpdatePostDetail; onClose: () => void }) {
  const intl = useIntl();
  const whenText = useWhenText();
  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{post.title}</Title>
        <Button variant="default" onClick={onClose}>
          <FormattedMessage {...m.back} />
        </Button>
      </Group>
      <Group gap="lg">
        <Badge color="green" variant="light">
          <FormattedMessage {...m.sentAt} values={{ when: whenText(post.sentAt) }} />
        </Badge>
        <Text size="sm">
          <FormattedMessage {...m.sentCounts} values={{ sent: post.sentCount, opened: post.openedCount }} />
        </Text>
      </Group>
      <Paper withBorder p="md" radius="md">
        <SanitizedHtml html={post.updateMessage} />
        {post.picturePaths.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="md">
            {post.picturePaths.map((path, i) => (
              <Image
                key={path}
                src={thumbOf(path)}
                alt={intl.formatMessage(m.picture, { number: i + 1 })}
                radius="sm"
                h={120}
                fit="cover"
              />
            ))}
          </SimpleGrid>
        )}
      </Paper>
      <Stack gap={4}>
        <Text fw={600}>
          <FormattedMessage {...m.records} />
        </Text>
        {post.records.map((record) => {
          const link = post.links.find((l) => l.sponsoredsId === record.id);
          return (
            <Text key={record.id} size="sm">
              {link ? (
                <Anchor href={`/sponsored/update/${link.code}`}>{recordLabel(record)}</Anchor>
              ) : (
                recordLabel(record)
              )}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
}
