import {
  LETTER_BODY_MAX,
  LETTER_OPEN_STATUSES,
  letterReasonSchema,
  letterReplyInputSchema,
  type LetterDetail,
  type LetterFlagRow,
} from '@kinship/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { LoadingScreen } from '../../../../components/loading-screen';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { loose } from '../../../../i18n/loose-messages';
import { useFormat } from '../../../../i18n/use-format';
import {
  downloadLetterPdf,
  useApproveLetter,
  useDecideFlag,
  useEditLetter,
  useLetter,
  useLetterAssignees,
  useRejectLetter,
  useTypeReply,
} from '../api/letters-api';
import {
  directionMessages,
  flagKindMessages,
  labelOf,
  recordText,
  statusMessages,
  STATUS_COLORS,
} from '../messages';
import { LetterBody, type NumberedFlag } from './letter-body';

const m = loose(
  defineMessages({
    back: { id: 'staff.letters.letter.back', defaultMessage: 'Back to the letters' },
    notFound: { id: 'staff.letters.letter.notFound', defaultMessage: 'This letter does not exist.' },
    title: { id: 'staff.letters.letter.title', defaultMessage: '{direction}: {record}' },
    facts: {
      id: 'staff.letters.letter.facts',
      defaultMessage: 'Sponsor {sponsor} · {program} · language {language}',
    },
    noProgram: { id: 'staff.letters.letter.noProgram', defaultMessage: 'no program' },
    submitted: { id: 'staff.letters.letter.submitted', defaultMessage: 'Submitted {date}' },
    replyTo: { id: 'staff.letters.letter.replyTo', defaultMessage: 'Answers letter {id}' },
    rejectedBecause: {
      id: 'staff.letters.letter.rejectedBecause',
      defaultMessage: 'Rejected. The writer was told: {reason}',
    },
    approve: { id: 'staff.letters.letter.approve', defaultMessage: 'Approve' },
    reject: { id: 'staff.letters.letter.reject', defaultMessage: 'Reject' },
    pdf: { id: 'staff.letters.letter.pdf', defaultMessage: 'Download PDF' },
    typeReply: { id: 'staff.letters.letter.typeReply', defaultMessage: 'Type the reply' },
    approveFlags: {
      id: 'staff.letters.letter.approveFlags',
      defaultMessage:
        '{count, plural, one {Remove or accept the open flag before approving.} other {Remove or accept the # open flags before approving.}}',
    },
    approveClosed: {
      id: 'staff.letters.letter.approveClosed',
      defaultMessage: 'Only a letter waiting or in review can be approved.',
    },
    assignee: { id: 'staff.letters.letter.assignee', defaultMessage: 'Assigned to' },
    nobody: { id: 'staff.letters.letter.nobody', defaultMessage: 'Nobody' },
    text: { id: 'staff.letters.letter.text', defaultMessage: 'Text' },
    edit: { id: 'staff.letters.letter.edit', defaultMessage: 'Edit text' },
    save: { id: 'staff.letters.letter.save', defaultMessage: 'Save the text' },
    cancel: { id: 'staff.letters.letter.cancel', defaultMessage: 'Cancel' },
    editHint: {
      id: 'staff.letters.letter.editHint',
      defaultMessage: 'The writer’s original words are kept. The safety check runs again on the new text.',
    },
    showOriginal: { id: 'staff.letters.letter.showOriginal', defaultMessage: 'Original' },
    original: { id: 'staff.letters.letter.original', defaultMessage: 'The writer’s original text' },
    flags: { id: 'staff.letters.flags.title', defaultMessage: 'Flags' },
    noFlags: {
      id: 'staff.letters.flags.empty',
      defaultMessage: 'The automatic safety check found nothing in this letter.',
    },
    pictureFlags: { id: 'staff.letters.flags.pictures', defaultMessage: 'Found in the pictures' },
    flagLine: { id: 'staff.letters.flags.line', defaultMessage: '{number}. {kind}: “{text}”' },
    pictureFlagLine: { id: 'staff.letters.flags.pictureLine', defaultMessage: '{kind}: “{text}”' },
    flagOpen: { id: 'staff.letters.flags.status.open', defaultMessage: 'Open' },
    flagAccepted: { id: 'staff.letters.flags.status.accepted', defaultMessage: 'Accepted: {reason}' },
    flagRemoved: { id: 'staff.letters.flags.status.removed', defaultMessage: 'Removed from the letter' },
    remove: { id: 'staff.letters.flags.remove', defaultMessage: 'Remove from letter' },
    removeLabel: {
      id: 'staff.letters.flags.remove.label',
      defaultMessage: 'Remove “{text}” from the letter',
    },
    accept: { id: 'staff.letters.flags.accept', defaultMessage: 'Accept' },
    acceptLabel: { id: 'staff.letters.flags.accept.label', defaultMessage: 'Accept “{text}”' },
    acceptTitle: { id: 'staff.letters.flags.accept.title', defaultMessage: 'Accept this flag' },
    acceptIntro: {
      id: 'staff.letters.flags.accept.intro',
      defaultMessage: '“{text}” stays in the letter. Say why; the reason is kept in the audit log.',
    },
    reason: { id: 'staff.letters.reason', defaultMessage: 'Reason' },
    rejectTitle: { id: 'staff.letters.reject.title', defaultMessage: 'Reject this letter' },
    rejectIntro: {
      id: 'staff.letters.reject.intro',
      defaultMessage: 'The letter will not be sent. The writer sees the reason you give.',
    },
    rejectReason: { id: 'staff.letters.reject.reason', defaultMessage: 'Reason the writer will see' },
    pictures: { id: 'staff.letters.pictures.title', defaultMessage: 'Pictures' },
    pictureAlt: { id: 'staff.letters.pictures.alt', defaultMessage: 'Picture {number} of the letter' },
    history: { id: 'staff.letters.history.title', defaultMessage: 'History' },
    step: { id: 'staff.letters.history.step', defaultMessage: '{status}, {when}' },
    stepBy: { id: 'staff.letters.history.stepBy', defaultMessage: '{status}, {when}, by {by}' },
    replyTitle: { id: 'staff.letters.reply.title', defaultMessage: 'Type the reply' },
    replyIntro: {
      id: 'staff.letters.reply.intro',
      defaultMessage:
        'Type the letter {record} wrote back to {sponsor}. It goes through the same safety check and review before the sponsor reads it.',
    },
    replyBody: { id: 'staff.letters.reply.body', defaultMessage: 'The reply' },
    replySave: { id: 'staff.letters.reply.save', defaultMessage: 'Add the reply' },
  }),
);

const replyFormSchema = z.object({ body: letterReplyInputSchema.shape.body });

/** /dashboard/letters/:id: one letter as its moderator reads it, with every decision on it. */
export function LetterPage() {
  const intl = useIntl();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: letter, isPending, error } = useLetter(valid ? id : 0);

  if (valid && isPending) return <LoadingScreen />;
  if (!valid || error || !letter)
    return (
      <Stack>
        <BackLink />
        <Alert color="red" role="alert">
          {error?.message ?? intl.formatMessage(m.notFound)}
        </Alert>
      </Stack>
    );
  return <LetterScreen letter={letter} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to="/dashboard/letters" size="sm">
      <FormattedMessage {...m.back} />
    </Anchor>
  );
}

function LetterScreen({ letter }: { letter: LetterDetail }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const format = useFormat();
  const open = LETTER_OPEN_STATUSES.includes(letter.status);
  const textFlags = letter.flags.filter((f) => f.source === 'text');
  const pictureFlags = letter.flags.filter((f) => f.source === 'picture');
  const numbered: NumberedFlag[] = textFlags.map((flag, index) => ({ flag, number: index + 1 }));
  const openCount = letter.flags.filter((f) => f.status === 'open').length;

  return (
    <Stack gap="lg">
      <BackLink />
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {t(m.title, {
              direction: labelOf(intl, directionMessages, letter.direction),
              record: recordText(letter),
            })}
          </Title>
          <Badge color={STATUS_COLORS[letter.status]} variant="light">
            {labelOf(intl, statusMessages, letter.status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(m.facts, {
            sponsor: letter.sponsorFirstName,
            program: letter.programName ?? t(m.noProgram),
            language: letter.language,
          })}
          {letter.submittedAt && ` · ${t(m.submitted, { date: format.date(letter.submittedAt) })}`}
        </Text>
        {letter.replyToId !== null && (
          <Anchor component={Link} to={`/dashboard/letters/${letter.replyToId}`} size="sm">
            {t(m.replyTo, { id: letter.replyToId })}
          </Anchor>
        )}
      </Stack>

      {letter.status === 'rejected' && letter.rejectionReason && (
        <Alert color="red">{t(m.rejectedBecause, { reason: letter.rejectionReason })}</Alert>
      )}

      <Decisions letter={letter} open={open} openCount={openCount} />

      <Card withBorder padding="md" component="section" aria-label={t(m.text)}>
        <LetterText letter={letter} open={open} numbered={numbered.filter((n) => n.flag.status === 'open')} />
      </Card>

      <Card withBorder padding="md" component="section" aria-label={t(m.flags)}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage {...m.flags} />
          </Title>
          {letter.flags.length === 0 && (
            <Text size="sm">
              <FormattedMessage {...m.noFlags} />
            </Text>
          )}
          {numbered.length > 0 && (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {numbered.map(({ flag, number }) => (
                <FlagItem key={flag.id} letterId={letter.id} flag={flag} number={number} open={open} />
              ))}
            </Stack>
          )}
          {pictureFlags.length > 0 && (
            <>
              <Title order={3} size="h5">
                <FormattedMessage {...m.pictureFlags} />
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {pictureFlags.map((flag) => (
                  <FlagItem key={flag.id} letterId={letter.id} flag={flag} number={null} open={open} />
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Card>

      {letter.pictures.length > 0 && (
        <Card withBorder padding="md" component="section" aria-label={t(m.pictures)}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              <FormattedMessage {...m.pictures} />
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {letter.pictures.map((url, index) => (
                <Anchor key={url} href={url} target="_blank" rel="noreferrer">
                  <Image
                    src={url}
                    alt={t(m.pictureAlt, { number: index + 1 })}
                    radius="sm"
                    fit="contain"
                    mah={320}
                  />
                </Anchor>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
      )}

      <Card withBorder padding="md" component="section" aria-label={t(m.history)}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage {...m.history} />
          </Title>
          <List size="sm">
            {letter.steps.map((step, index) => {
              const when = `${format.date(step.at)} ${intl.formatTime(step.at, { hour: 'numeric', minute: '2-digit' })}`;
              const status = labelOf(intl, statusMessages, step.status);
              return (
                <List.Item key={index}>
                  {step.by ? t(m.stepBy, { status, when, by: step.by }) : t(m.step, { status, when })}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      </Card>
    </Stack>
  );
}

/** Approve, reject, assign, the PDF and, for a sponsor letter, the typed reply. */
function Decisions({ letter, open, openCount }: { letter: LetterDetail; open: boolean; openCount: number }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const approve = useApproveLetter(letter.id);
  const edit = useEditLetter(letter.id);
  const assignees = useLetterAssignees();
  const [rejecting, setRejecting] = useState(false);
  const [replying, setReplying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const whyId = useId();
  const why = letter.canApprove ? null : open ? t(m.approveFlags, { count: openCount }) : t(m.approveClosed);

  const act = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  const assigneeOptions = [
    { value: 'none', label: t(m.nobody) },
    ...(assignees.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
    // The current assignee is shown even before (or without) the list of colleagues.
    ...(letter.assignee && !(assignees.data ?? []).some((a) => a.id === letter.assignee!.id)
      ? [{ value: String(letter.assignee.id), label: letter.assignee.name }]
      : []),
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {open && (
          <Button
            onClick={() => void act(() => approve.mutateAsync())}
            loading={approve.isPending}
            disabled={!letter.canApprove}
            {...(why ? { 'aria-describedby': whyId } : {})}
          >
            <FormattedMessage {...m.approve} />
          </Button>
        )}
        {open && (
          <Button color="red" variant="light" onClick={() => setRejecting(true)}>
            <FormattedMessage {...m.reject} />
          </Button>
        )}
        <Button
          variant="default"
          loading={downloading}
          onClick={() =>
            void act(async () => {
              setDownloading(true);
              try {
                await downloadLetterPdf(letter.id);
              } finally {
                setDownloading(false);
              }
            })
          }
        >
          <FormattedMessage {...m.pdf} />
        </Button>
        {letter.direction === 'to_sponsored' && (
          <Button variant="default" onClick={() => setReplying(true)}>
            <FormattedMessage {...m.typeReply} />
          </Button>
        )}
        {open && (
          <Select
            label={t(m.assignee)}
            data={assigneeOptions}
            value={letter.assignee ? String(letter.assignee.id) : 'none'}
            allowDeselect={false}
            disabled={edit.isPending}
            onChange={(value) =>
              void act(() =>
                edit.mutateAsync({ assigneeId: value === null || value === 'none' ? null : Number(value) }),
              )
            }
            style={{ flex: '0 1 14rem' }}
          />
        )}
      </Group>
      {open && why && (
        <Text size="sm" c="dimmed" id={whyId}>
          {why}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <RejectModal letterId={letter.id} opened={rejecting} onClose={() => setRejecting(false)} />
      {letter.direction === 'to_sponsored' && (
        <ReplyModal letter={letter} opened={replying} onClose={() => setReplying(false)} />
      )}
    </Stack>
  );
}

/** The text with its open flags marked; Edit text while the letter is still open; the original beside. */
function LetterText({
  letter,
  open,
  numbered,
}: {
  letter: LetterDetail;
  open: boolean;
  numbered: NumberedFlag[];
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const edit = useEditLetter(letter.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(letter.body);
  const [showOriginal, setShowOriginal] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const empty = draft.trim().length === 0;

  const save = async () => {
    setFailure(null);
    try {
      await edit.mutateAsync({ body: draft });
      setEditing(false);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          <FormattedMessage {...m.text} />
        </Title>
        <Group gap="sm">
          {letter.originalBody !== null && (
            <Switch
              label={t(m.showOriginal)}
              checked={showOriginal}
              onChange={(e) => setShowOriginal(e.currentTarget.checked)}
            />
          )}
          {open && !editing && (
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                setDraft(letter.body);
                setEditing(true);
              }}
            >
              <FormattedMessage {...m.edit} />
            </Button>
          )}
        </Group>
      </Group>
      {editing ? (
        <Stack gap="xs">
          <Textarea
            label={t(m.text)}
            description={t(m.editHint)}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            autosize
            minRows={6}
            maxLength={LETTER_BODY_MAX}
            lang={letter.language}
            data-autofocus
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)} disabled={edit.isPending}>
              <FormattedMessage {...m.cancel} />
            </Button>
            <Button onClick={() => void save()} loading={edit.isPending} disabled={empty}>
              <FormattedMessage {...m.save} />
            </Button>
          </Group>
        </Stack>
      ) : (
        <LetterBody body={letter.body} flags={numbered} language={letter.language} />
      )}
      {showOriginal && letter.originalBody !== null && (
        <Card withBorder bg="gray.0" padding="sm" component="section" aria-label={t(m.original)}>
          <Text size="xs" c="dimmed" fw={600}>
            <FormattedMessage {...m.original} />
          </Text>
          <div lang={letter.language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {letter.originalBody}
          </div>
        </Card>
      )}
    </Stack>
  );
}

/** A flag: what was found and where it stands; while open, Remove from letter or Accept (with a reason). */
function FlagItem({
  letterId,
  flag,
  number,
  open,
}: {
  letterId: number;
  flag: LetterFlagRow;
  number: number | null;
  open: boolean;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const decide = useDecideFlag(letterId);
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const kind = labelOf(intl, flagKindMessages, flag.kind);
  const line =
    number === null
      ? t(m.pictureFlagLine, { kind, text: flag.text })
      : t(m.flagLine, { number, kind, text: flag.text });

  const remove = async () => {
    setFailure(null);
    try {
      await decide.mutateAsync({ flagId: flag.id, decision: { action: 'remove' } });
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <li>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
          <Text size="sm" fw={flag.status === 'open' ? 600 : 400}>
            {line}
          </Text>
          <Text size="xs" c={flag.status === 'open' ? 'red' : 'dimmed'}>
            {flag.status === 'open'
              ? t(m.flagOpen)
              : flag.status === 'accepted'
                ? t(m.flagAccepted, { reason: flag.reason ?? '' })
                : t(m.flagRemoved)}
          </Text>
        </Stack>
        {open && flag.status === 'open' && (
          <Group gap="xs">
            {flag.source === 'text' && (
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={decide.isPending}
                onClick={() => void remove()}
                aria-label={t(m.removeLabel, { text: flag.text })}
              >
                <FormattedMessage {...m.remove} />
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              onClick={() => setAccepting(true)}
              aria-label={t(m.acceptLabel, { text: flag.text })}
            >
              <FormattedMessage {...m.accept} />
            </Button>
          </Group>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert" mt="xs">
          {failure}
        </Alert>
      )}
      <ReasonModal
        opened={accepting}
        onClose={() => setAccepting(false)}
        title={t(m.acceptTitle)}
        intro={t(m.acceptIntro, { text: flag.text })}
        label={t(m.reason)}
        submitLabel={t(m.accept)}
        onSubmit={(reason) => decide.mutateAsync({ flagId: flag.id, decision: { action: 'accept', reason } })}
      />
    </li>
  );
}

function RejectModal({
  letterId,
  opened,
  onClose,
}: {
  letterId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const reject = useRejectLetter(letterId);
  return (
    <ReasonModal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage(m.rejectTitle)}
      intro={intl.formatMessage(m.rejectIntro)}
      label={intl.formatMessage(m.rejectReason)}
      submitLabel={intl.formatMessage(m.reject)}
      submitColor="red"
      onSubmit={(reason) => reject.mutateAsync(reason)}
    />
  );
}

/** A dialog asking for a reason (required, at most 1,000 characters) before it acts. */
function ReasonModal({
  opened,
  onClose,
  title,
  intro,
  label,
  submitLabel,
  submitColor,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  label: string;
  submitLabel: string;
  submitColor?: string;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && (
        <ReasonForm
          intro={intro}
          label={label}
          submitLabel={submitLabel}
          submitColor={submitColor}
          onSubmit={onSubmit}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function ReasonForm({
  intro,
  label,
  submitLabel,
  submitColor,
  onSubmit,
  onDone,
}: {
  intro: string;
  label: string;
  submitLabel: string;
  submitColor?: string | undefined;
  onSubmit: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useSchemaForm(letterReasonSchema, { reason: '' });
  return (
    <SchemaForm
      form={form}
      submitLabel={submitLabel}
      {...(submitColor ? { submitColor } : {})}
      onSubmit={(values) => onSubmit(values.reason.trim())}
      onDone={onDone}
      onCancel={onDone}
    >
      <Text size="sm">{intro}</Text>
      <Textarea
        label={label}
        withAsterisk
        autosize
        minRows={3}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </SchemaForm>
  );
}

/** Staff type the sponsored person's handwritten answer; the new reply opens once it is added. */
function ReplyModal({
  letter,
  opened,
  onClose,
}: {
  letter: LetterDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage(m.replyTitle)} centered size="lg">
      {opened && <ReplyForm letter={letter} onClose={onClose} />}
    </Modal>
  );
}

function ReplyForm({ letter, onClose }: { letter: LetterDetail; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const reply = useTypeReply();
  const form = useSchemaForm(replyFormSchema, { body: '' });
  return (
    <SchemaForm
      form={form}
      submitLabel={intl.formatMessage(m.replySave)}
      onSubmit={async (values) => {
        const created = await reply.mutateAsync({ replyToId: letter.id, body: values.body });
        onClose();
        void navigate(`/dashboard/letters/${created.id}`);
      }}
      onCancel={onClose}
    >
      <Text size="sm">
        {intl.formatMessage(m.replyIntro, { record: letter.recordName, sponsor: letter.sponsorFirstName })}
      </Text>
      <Textarea
        label={intl.formatMessage(m.replyBody)}
        withAsterisk
        autosize
        minRows={8}
        maxLength={LETTER_BODY_MAX}
        data-autofocus
        {...form.getInputProps('body')}
      />
    </SchemaForm>
  );
}
