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
import { STATUS_LABELS, whenText } from './updates-section';

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
  if (id !== null && post.isPending) return <LoadingScreen />;
  if (id !== null && post.isError) {
    return (
      <Stack align="flex-start">
        <Title order={1}>Update</Title>
        <Alert color="red" role="alert">
          {post.error.message}
        </Alert>
        <Button variant="default" onClick={onClose}>
          Back to updates
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
const editorSchema = z
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
    const issue = (path: string[], message: string) => context.addIssue({ code: 'custom', path, message });
    if (audience.kind === 'records' && audience.sponsoredsIds.length === 0)
      issue(['audience', 'sponsoredsIds'], 'Choose at least one record.');
    if (audience.kind === 'program' && !audience.entitiesId)
      issue(['audience', 'entitiesId'], 'Choose a program.');
    if (audience.kind === 'type' && !audience.partnerSponsoredTypesId)
      issue(['audience', 'partnerSponsoredTypesId'], 'Choose a type.');
    if (when === 'later' && !distributeAt) issue(['distributeAt'], 'Choose the date and time.');
    if (when === 'later' && distributeAt && schedule && new Date(distributeAt) <= new Date())
      issue(['distributeAt'], 'Choose a time in the future, or send now.');
  });
type EditorValues = z.input<typeof editorSchema>;

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
  const saveUpdate = useSaveUpdatePost();
  const deleteUpdate = useDeleteUpdatePost();
  const refreshPost = useRefreshUpdatePost();
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
        message:
          when === 'now'
            ? 'The update is being sent.'
            : `The update is scheduled for ${whenText(saved.distributeAt)}.`,
      });
      onClose();
    } else {
      void notify({ color: 'green', message: 'Draft saved.' });
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
        <Title order={1}>{post ? 'Edit update' : 'New update'}</Title>
        <Group gap="xs">
          {post && <Badge variant="light">{STATUS_LABELS[post.status]}</Badge>}
          <Button variant="default" onClick={onClose}>
            Back to updates
          </Button>
        </Group>
      </Group>
      <SchemaForm
        form={form}
        submitLabel={values.when === 'now' ? 'Send now' : 'Schedule'}
        submitValues={{ schedule: true }}
        secondarySubmit={{ label: 'Save draft', values: { schedule: false } }}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={(v) => save(v as EditorValues)}
        aside={
          post && (
            <ConfirmButton
              title="Delete this update?"
              message="The update and its pictures are deleted. Nothing has been sent yet."
              confirmLabel="Delete update"
              onConfirm={async () => {
                await deleteUpdate.mutateAsync(post.id);
                onClose();
              }}
            >
              Delete {post.status === 'draft' ? 'draft' : 'update'}
            </ConfirmButton>
          )
        }
      >
        <TextInput label="Title" required maxLength={UPDATE_TITLE_MAX} {...form.getInputProps('title')} />
        <Textarea
          label="Message"
          required
          description="Separate paragraphs with a blank line; **bold** and *italic* are kept."
          autosize
          minRows={6}
          maxLength={UPDATE_MESSAGE_MAX}
          {...form.getInputProps('updateMessage')}
        />

        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600} id="recipients-label">
              Recipients
            </Text>
            <SegmentedControl
              aria-labelledby="recipients-label"
              value={kind}
              onChange={(value) => form.setFieldValue('audience.kind', value as typeof kind)}
              data={[
                { value: 'records', label: 'Chosen records' },
                { value: 'program', label: 'A program' },
                { value: 'type', label: 'A type' },
              ]}
            />
            {kind === 'records' && (
              <MultiSelect
                label="Records"
                placeholder={values.audience.sponsoredsIds.length ? '' : 'Search by name or code'}
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
                nothingFoundMessage={recipients.isFetching ? 'Searching...' : 'No records found'}
                error={audienceError}
                clearable
              />
            )}
            {kind === 'program' && (
              <Select
                label="Program"
                placeholder="Choose a program"
                data={(recipients.data?.programs ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                {...form.getInputProps('audience.entitiesId')}
                error={audienceError}
                searchable
              />
            )}
            {kind === 'type' && (
              <Select
                label="Sponsored type"
                placeholder="Choose a type"
                data={(recipients.data?.types ?? []).map((t) => ({ value: String(t.id), label: t.label }))}
                {...form.getInputProps('audience.partnerSponsoredTypesId')}
                error={audienceError}
              />
            )}
            <Text size="sm" c="dimmed">
              Every active sponsor of these records gets one email with a link to the update.
            </Text>
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>Pictures</Text>
            {post ? (
              <>
                {pictures.length > 0 && (
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                    {pictures.map((path, i) => (
                      <div key={path} style={{ position: 'relative' }}>
                        <Image src={thumbOf(path)} alt={`Picture ${i + 1}`} radius="sm" h={120} fit="cover" />
                        <CloseButton
                          aria-label={`Remove picture ${i + 1}`}
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
                    {removed.length} picture{removed.length === 1 ? '' : 's'} will be removed when you save.
                  </Text>
                )}
                <UploadDropzone
                  uploadUrl={updatePicturesUrl(post.id)}
                  label="Drop pictures here or click to choose them"
                  onUploaded={() => refreshPost(post.id)}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Save the draft first, then add pictures. They are shown under the message.
              </Text>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Radio.Group label="Distribution" {...form.getInputProps('when')} error={form.errors.distributeAt}>
            <Stack gap="xs" mt="xs">
              <Radio value="now" label="Send now" />
              <Radio value="later" label="Send later" />
              {values.when === 'later' && (
                <TextInput
                  type="datetime-local"
                  label="Date and time"
                  {...form.getInputProps('distributeAt')}
                  error={undefined}
                  maw={260}
                />
              )}
            </Stack>
          </Radio.Group>
          {post?.status === 'scheduled' && (
            <Text size="sm" mt="xs">
              Scheduled for {whenText(post.distributeAt)}. Save as a draft to hold it back.
            </Text>
          )}
        </Paper>
      </SchemaForm>
    </Stack>
  );
}

/** A sent update: what went out, to whom, and how many opened it. */
function SentUpdate({ post, onClose }: { post: UpdatePostDetail; onClose: () => void }) {
  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{post.title}</Title>
        <Button variant="default" onClick={onClose}>
          Back to updates
        </Button>
      </Group>
      <Group gap="lg">
        <Badge color="green" variant="light">
          Sent {whenText(post.sentAt)}
        </Badge>
        <Text size="sm">
          {post.sentCount} {post.sentCount === 1 ? 'notice' : 'notices'} sent, {post.openedCount} opened
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
                alt={`Picture ${i + 1}`}
                radius="sm"
                h={120}
                fit="cover"
              />
            ))}
          </SimpleGrid>
        )}
      </Paper>
      <Stack gap={4}>
        <Text fw={600}>Records</Text>
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
