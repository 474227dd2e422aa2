import {
  htmlToParagraphs,
  paragraphsToHtml,
  UPDATE_MESSAGE_MAX,
  UPDATE_TITLE_MAX,
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
import { LoadingScreen } from '../../../../components/loading-screen';
import { SanitizedHtml } from '../../../../components/sanitized-html';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { UploadDropzone } from '../../../../components/staff/upload-dropzone';
import { ApiError, mediaUrl } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { fieldErrorsOf } from '../../../../lib/problem';
import {
  updatePicturesUrl,
  useDeleteUpdatePost,
  useRefreshUpdatePost,
  useSaveUpdatePost,
  useUpdatePost,
  useUpdateRecipients,
} from '../api/updates-api';
import { STATUS_LABELS, whenText } from './updates-section';

type AudienceKind = UpdateAudienceInput['kind'];

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
  const [title, setTitle] = useState(post?.title ?? '');
  const [message, setMessage] = useState(post ? htmlToParagraphs(post.updateMessage) : '');
  const [kind, setKind] = useState<AudienceKind>(post?.audience.kind ?? 'records');
  const [recordIds, setRecordIds] = useState<string[]>(
    post?.audience.kind === 'records' ? post.audience.sponsoredsIds.map(String) : [],
  );
  const [programId, setProgramId] = useState<string | null>(
    post?.audience.kind === 'program' ? String(post.audience.entitiesId) : null,
  );
  const [typeId, setTypeId] = useState<string | null>(
    post?.audience.kind === 'type' ? String(post.audience.partnerSponsoredTypesId) : null,
  );
  const [when, setWhen] = useState<'now' | 'later'>(post?.distributeAt ? 'later' : 'now');
  const [at, setAt] = useState(localInputValue(post?.distributeAt ?? null));
  const [removed, setRemoved] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'schedule' | null>(null);

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

  const audience = (): UpdateAudienceInput =>
    kind === 'records'
      ? { kind, sponsoredsIds: recordIds.map(Number) }
      : kind === 'program'
        ? { kind, entitiesId: Number(programId) }
        : { kind, partnerSponsoredTypesId: Number(typeId) };

  const save = async (schedule: boolean) => {
    setErrors({});
    setFailure(null);
    const local: Record<string, string> = {};
    if (kind === 'records' && recordIds.length === 0)
      local['audience.sponsoredsIds'] = 'Choose at least one record.';
    if (kind === 'program' && !programId) local['audience.entitiesId'] = 'Choose a program.';
    if (kind === 'type' && !typeId) local['audience.partnerSponsoredTypesId'] = 'Choose a type.';
    if (when === 'later' && !at) local.distributeAt = 'Choose the date and time.';
    if (when === 'later' && at && schedule && new Date(at) <= new Date()) {
      local.distributeAt = 'Choose a time in the future, or send now.';
    }
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const body: UpdatePostInput = {
      title,
      updateMessage: paragraphsToHtml(message),
      audience: audience(),
      schedule,
      distributeAt: when === 'later' && at ? new Date(at).toISOString() : null,
      ...(post ? { picturePaths: pictures } : {}),
    };
    setBusy(schedule ? 'schedule' : 'draft');
    try {
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
    } catch (error) {
      const problem = error instanceof ApiError ? error.problem : null;
      const fields = fieldErrorsOf(problem);
      setErrors(fields);
      setFailure(Object.keys(fields).length ? (problem?.title ?? null) : (error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const audienceError =
    errors.audience ??
    errors['audience.sponsoredsIds'] ??
    errors['audience.entitiesId'] ??
    errors['audience.partnerSponsoredTypesId'];

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
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <TextInput
        label="Title"
        required
        maxLength={UPDATE_TITLE_MAX}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={errors.title}
      />
      <Textarea
        label="Message"
        required
        description="Separate paragraphs with a blank line; **bold** and *italic* are kept."
        autosize
        minRows={6}
        maxLength={UPDATE_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        error={errors.updateMessage}
      />

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text fw={600} id="recipients-label">
            Recipients
          </Text>
          <SegmentedControl
            aria-labelledby="recipients-label"
            value={kind}
            onChange={(v) => setKind(v as AudienceKind)}
            data={[
              { value: 'records', label: 'Chosen records' },
              { value: 'program', label: 'A program' },
              { value: 'type', label: 'A type' },
            ]}
          />
          {kind === 'records' && (
            <MultiSelect
              label="Records"
              placeholder={recordIds.length ? '' : 'Search by name or code'}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              data={recordOptions}
              value={recordIds}
              onChange={(values) => {
                setRecordIds(values);
                setChosen(
                  new Map(
                    values
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
              value={programId}
              onChange={setProgramId}
              error={audienceError}
              searchable
            />
          )}
          {kind === 'type' && (
            <Select
              label="Sponsored type"
              placeholder="Choose a type"
              data={(recipients.data?.types ?? []).map((t) => ({ value: String(t.id), label: t.label }))}
              value={typeId}
              onChange={setTypeId}
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
        <Radio.Group
          label="Distribution"
          value={when}
          onChange={(v) => setWhen(v as 'now' | 'later')}
          error={errors.distributeAt}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="now" label="Send now" />
            <Radio value="later" label="Send later" />
            {when === 'later' && (
              <TextInput
                type="datetime-local"
                label="Date and time"
                value={at}
                onChange={(e) => setAt(e.currentTarget.value)}
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

      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button
            variant="default"
            loading={busy === 'draft'}
            disabled={busy !== null}
            onClick={() => void save(false)}
          >
            Save draft
          </Button>
          <Button loading={busy === 'schedule'} disabled={busy !== null} onClick={() => void save(true)}>
            {when === 'now' ? 'Send now' : 'Schedule'}
          </Button>
        </Group>
        {post && (
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
        )}
      </Group>
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
