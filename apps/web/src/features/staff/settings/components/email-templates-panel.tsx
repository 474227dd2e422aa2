import {
  Alert,
  Box,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  emailTemplateInputSchema,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateKind,
  type EmailTemplatesAnswer,
  type Locale,
} from '@kinship/domain';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { useEmailTemplates, useEmailTemplateWrites } from '../api/partner-settings';
import { localeLabel } from './languages-card';

const messages = defineMessages({
  save: { id: 'staff.settings.emails.save', defaultMessage: 'Save the template' },
  savedOn: {
    id: 'staff.settings.emails.savedOn',
    defaultMessage: 'Saved. Messages of this kind now use your wording.',
  },
  savedOff: {
    id: 'staff.settings.emails.savedOff',
    defaultMessage: 'Saved. It is used once Email templates (feature 12) is on.',
  },
  subject: { id: 'staff.settings.emails.subject', defaultMessage: 'Subject' },
  message: { id: 'staff.settings.emails.message', defaultMessage: 'Message' },
  messageHelp: {
    id: 'staff.settings.emails.messageHelp',
    defaultMessage:
      'Plain text; an empty line starts a new paragraph and web addresses become links. Your logo, colour and support email frame it.',
  },
  resetTitle: { id: 'staff.settings.emails.resetTitle', defaultMessage: 'Reset to the default wording?' },
  resetMessage: {
    id: 'staff.settings.emails.resetMessage',
    defaultMessage: 'Your wording of this message is removed and the default is sent again.',
  },
  reset: { id: 'staff.settings.emails.reset', defaultMessage: 'Reset to default' },
  resetDone: { id: 'staff.settings.emails.resetDone', defaultMessage: 'Back to the default wording.' },
  previewLabel: { id: 'staff.settings.emails.previewLabel', defaultMessage: 'Preview of the message' },
  which: { id: 'staff.settings.emails.which', defaultMessage: 'Which message' },
  languages: { id: 'staff.settings.emails.languages', defaultMessage: 'Language of the version' },
});

/**
 * The server's words about each kind (its name, when it is sent, what each placeholder holds), in
 * the staff's language, by kind and placeholder name; one not listed here shows as the server
 * wrote it (English).
 */
const kindWords = defineMessages({
  receipts: { id: 'staff.settings.emails.kind.receipts', defaultMessage: 'Receipts' },
  updateNotices: { id: 'staff.settings.emails.kind.updateNotices', defaultMessage: 'Update notices' },
  invitations: { id: 'staff.settings.emails.kind.invitations', defaultMessage: 'Invitations' },
  reminders: { id: 'staff.settings.emails.kind.reminders', defaultMessage: 'Reminders' },
  letterNotices: { id: 'staff.settings.emails.kind.letterNotices', defaultMessage: 'Letter notices' },
  letterNoticeSent: {
    id: 'staff.settings.emails.sent.letterNotice',
    defaultMessage:
      'When a reply from the person someone sponsors is approved for them, and when their own letter is delivered or cannot be passed on (with your team’s reason).',
  },
  news: { id: 'staff.settings.emails.ph.news', defaultMessage: 'What happened, in one or two sentences' },
  lettersUrl: { id: 'staff.settings.emails.ph.lettersUrl', defaultMessage: 'The sponsor’s letters page' },
  receiptSent: {
    id: 'staff.settings.emails.sent.receipt',
    defaultMessage:
      'After every payment: a sponsorship payment or a donation. The receipt’s details (number, date, amount, tax notice) and its PDF always follow your words.',
  },
  updateNoticeSent: {
    id: 'staff.settings.emails.sent.updateNotice',
    defaultMessage: 'When a record someone sponsors is no longer listed, to each of its sponsors.',
  },
  invitationSent: {
    id: 'staff.settings.emails.sent.invitation',
    defaultMessage: 'When an administrator invites a person to the team.',
  },
  reminderSent: {
    id: 'staff.settings.emails.sent.reminder',
    defaultMessage: 'Before a sponsorship payment, to its sponsor.',
  },
  donorName: { id: 'staff.settings.emails.ph.donorName', defaultMessage: 'The donor’s name' },
  amountPaid: { id: 'staff.settings.emails.ph.amountPaid', defaultMessage: 'The amount paid' },
  description: { id: 'staff.settings.emails.ph.description', defaultMessage: 'What was paid for' },
  date: { id: 'staff.settings.emails.ph.date', defaultMessage: 'The payment date' },
  receiptUrl: { id: 'staff.settings.emails.ph.receiptUrl', defaultMessage: 'Link to the receipt online' },
  partnerName: { id: 'staff.settings.emails.ph.partnerName', defaultMessage: 'Your organisation’s name' },
  sponsorFirstName: {
    id: 'staff.settings.emails.ph.sponsorFirstName',
    defaultMessage: 'The sponsor’s first name',
  },
  recordFirstName: {
    id: 'staff.settings.emails.ph.recordFirstName',
    defaultMessage: 'The sponsored person’s first name',
  },
  recordName: { id: 'staff.settings.emails.ph.recordName', defaultMessage: 'The sponsored record’s name' },
  siteUrl: { id: 'staff.settings.emails.ph.siteUrl', defaultMessage: 'The address of your site' },
  inviteeEmail: { id: 'staff.settings.emails.ph.inviteeEmail', defaultMessage: 'The invited person’s email' },
  inviterName: { id: 'staff.settings.emails.ph.inviterName', defaultMessage: 'Who sent the invitation' },
  invitationUrl: {
    id: 'staff.settings.emails.ph.invitationUrl',
    defaultMessage: 'The link to accept the invitation',
  },
  amountDue: { id: 'staff.settings.emails.ph.amountDue', defaultMessage: 'The amount to be paid' },
});
const k = kindWords;
const LABELS: Record<EmailTemplateKind, MessageDescriptor> = {
  receipt: k.receipts,
  update_notice: k.updateNotices,
  invitation: k.invitations,
  reminder: k.reminders,
  letter_notice: k.letterNotices,
};
const SENT_WHEN: Record<EmailTemplateKind, MessageDescriptor> = {
  receipt: k.receiptSent,
  update_notice: k.updateNoticeSent,
  invitation: k.invitationSent,
  reminder: k.reminderSent,
  letter_notice: k.letterNoticeSent,
};
const PLACEHOLDERS: Record<string, MessageDescriptor> = {
  description: k.description,
  date: k.date,
  receiptUrl: k.receiptUrl,
  partnerName: k.partnerName,
  recordFirstName: k.recordFirstName,
  recordName: k.recordName,
  siteUrl: k.siteUrl,
  inviteeEmail: k.inviteeEmail,
  inviterName: k.inviterName,
  invitationUrl: k.invitationUrl,
  news: k.news,
  lettersUrl: k.lettersUrl,
};

/** The server's words about a kind, in the staff's language. */
function useServerWords() {
  const intl = useIntl();
  const say = (message: MessageDescriptor | undefined, english: string) =>
    message ? intl.formatMessage(message) : english;
  return {
    label: (t: Pick<EmailTemplate, 'kind' | 'label'>) => say(LABELS[t.kind], t.label),
    sentWhen: (t: Pick<EmailTemplate, 'kind' | 'sentWhen'>) => say(SENT_WHEN[t.kind], t.sentWhen),
    description: (kind: EmailTemplateKind, p: { name: string; description: string }) => {
      // The receipt's donor and amount are the payer's; the other kinds' the sponsor's and the one due.
      const own =
        p.name === 'donorName'
          ? kind === 'receipt'
            ? k.donorName
            : k.sponsorFirstName
          : p.name === 'amount'
            ? kind === 'receipt'
              ? k.amountPaid
              : k.amountDue
            : PLACEHOLDERS[p.name];
      return say(own, p.description);
    },
  };
}

/** A placeholder as written in a template, `{{name}}` (the same in every language). */
const placeholderToken = (name: string) => `{{${name}}}`;

/** The message's body markup (a whole document as sent) for showing inside the page. */
function bodyOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

function TemplateEditor({
  template,
  enabled,
  locale,
}: {
  template: EmailTemplate;
  enabled: boolean;
  /** The version's language; undefined: the partner's default one. */
  locale: Locale | undefined;
}) {
  const intl = useIntl();
  const words = useServerWords();
  const { save, reset, preview, test } = useEmailTemplateWrites(locale);
  const form = useSchemaForm(emailTemplateInputSchema, { subject: template.subject, body: template.body });
  const [shown, setShown] = useState<EmailPreview | null>(null);
  const [note, setNote] = useState<{ color: string; text: string } | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const draft = () => form.getValues() as EmailTemplateInput;

  const run = async (what: 'preview' | 'test') => {
    setNote(null);
    if (form.validate().hasErrors) return;
    try {
      if (what === 'preview') setShown(await preview.mutateAsync({ kind: template.kind, body: draft() }));
      else {
        const { to } = await test.mutateAsync({ kind: template.kind, body: draft() });
        setNote({
          color: 'green',
          text: intl.formatMessage(
            { id: 'staff.settings.emails.testSent', defaultMessage: 'A test message is on its way to {to}.' },
            { to },
          ),
        });
      }
    } catch (error) {
      setNote({ color: 'red', text: (error as Error).message });
    }
  };

  const insert = (name: string) => {
    const body = String(form.getValues().body);
    form.setFieldValue(
      'body',
      `${body}${body.endsWith(' ') || body === '' ? '' : ' '}${placeholderToken(name)}`,
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{words.sentWhen(template)}</Text>
      <SchemaForm
        form={form}
        submitLabel={intl.formatMessage(messages.save)}
        onSubmit={async (v) => {
          setNote(null);
          await save.mutateAsync({ kind: template.kind, body: v as EmailTemplateInput });
        }}
        onDone={() =>
          setNote({
            color: 'green',
            text: intl.formatMessage(enabled ? messages.savedOn : messages.savedOff),
          })
        }
      >
        <TextInput
          label={intl.formatMessage(messages.subject)}
          withAsterisk
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={intl.formatMessage(messages.message)}
          description={intl.formatMessage(messages.messageHelp)}
          autosize
          minRows={6}
          withAsterisk
          {...form.getInputProps('body')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            <FormattedMessage
              id="staff.settings.emails.placeholders"
              defaultMessage="Placeholders (click to add to the message)"
            />
          </Text>
          <Group gap={6}>
            {template.placeholders.map((p) => (
              <Tooltip key={p.name} label={words.description(template.kind, p)}>
                <Button size="compact-xs" variant="light" onClick={() => insert(p.name)}>
                  {placeholderToken(p.name)}
                </Button>
              </Tooltip>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id="staff.settings.emails.placeholdersOnly"
              defaultMessage="Only these placeholders work; anything else is refused when you save."
            />
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => void run('preview')} loading={preview.isPending}>
            <FormattedMessage id="staff.settings.emails.preview" defaultMessage="Preview with sample data" />
          </Button>
          <Button variant="default" onClick={() => void run('test')} loading={test.isPending}>
            <FormattedMessage id="staff.settings.emails.sendTest" defaultMessage="Send me a test" />
          </Button>
          <Button
            variant="subtle"
            color="red"
            onClick={() => setConfirmReset(true)}
            disabled={!template.custom}
          >
            <FormattedMessage {...messages.reset} />
          </Button>
        </Group>
      </SchemaForm>
      {note && (
        <Alert color={note.color} role={note.color === 'red' ? 'alert' : 'status'}>
          {note.text}
        </Alert>
      )}
      {shown && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text size="sm">
              <FormattedMessage
                id="staff.settings.emails.previewSubject"
                defaultMessage="<b>Subject:</b> {subject}"
                values={{ subject: shown.subject, b: (chunks) => <b>{chunks}</b> }}
              />
            </Text>
            {/* The server's rendering escapes every word and value (decision 044); only its own frame is markup. */}
            <Box
              aria-label={intl.formatMessage(messages.previewLabel)}
              role="document"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, padding: 8 }}
              dangerouslySetInnerHTML={{ __html: bodyOf(shown.html) }}
            />
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={intl.formatMessage(messages.resetTitle)}
        message={intl.formatMessage(messages.resetMessage)}
        confirmLabel={intl.formatMessage(messages.reset)}
        onConfirm={async () => {
          const answer = await reset.mutateAsync(template.kind);
          const fresh = answer.templates.find((x) => x.kind === template.kind)!;
          form.setValues({ subject: fresh.subject, body: fresh.body });
          setShown(null);
          setNote({ color: 'green', text: intl.formatMessage(messages.resetDone) });
        }}
      />
    </Stack>
  );
}

/** The kind chooser and the editor of one locale's versions. */
function LocaleTemplates({
  locale,
  kind,
  onKind,
}: {
  /** Undefined: the partner's default locale. */
  locale: Locale | undefined;
  kind: EmailTemplateKind;
  onKind: (kind: EmailTemplateKind) => void;
}) {
  const intl = useIntl();
  const words = useServerWords();
  const { data, isLoading, error } = useEmailTemplates(locale);
  const phone = useMediaQuery('(max-width: 36em)');
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (isLoading || !data)
    return (
      <Text c="dimmed">
        <FormattedMessage id="staff.settings.loading" defaultMessage="Loading…" />
      </Text>
    );
  const template = data.templates.find((x) => x.kind === kind)!;
  const choices = data.templates.map((x) => ({
    value: x.kind,
    label: x.custom
      ? intl.formatMessage(
          { id: 'staff.settings.emails.yours', defaultMessage: '{label} (yours)' },
          { label: words.label(x) },
        )
      : words.label(x),
  }));
  return (
    <Stack gap="md">
      {phone ? (
        <Select
          label={intl.formatMessage(messages.which)}
          data={choices}
          value={kind}
          allowDeselect={false}
          onChange={(v) => v && onKind(v as EmailTemplateKind)}
        />
      ) : (
        <SegmentedControl
          aria-label={intl.formatMessage(messages.which)}
          data={choices}
          value={kind}
          onChange={(v) => onKind(v as EmailTemplateKind)}
        />
      )}
      <TemplateEditor
        key={`${data.locale ?? ''}:${template.kind}`}
        template={template}
        enabled={data.enabled}
        locale={locale}
      />
    </Stack>
  );
}

/** A tab per offered locale (decision 073) when the partner offers more than one. */
function LocaleTabs({
  answer,
  kind,
  onKind,
}: {
  answer: EmailTemplatesAnswer;
  kind: EmailTemplateKind;
  onKind: (kind: EmailTemplateKind) => void;
}) {
  const intl = useIntl();
  const defaultLocale = answer.locale!;
  const [locale, setLocale] = useState<Locale>(defaultLocale);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="staff.settings.emails.fallback"
          defaultMessage="Each language has its own version. A person whose language has no version of yours gets your {language} version; without one, the default wording in their language."
          values={{ language: localeLabel(intl, defaultLocale) }}
        />
      </Text>
      <Tabs value={locale} onChange={(v) => v && setLocale(v as Locale)}>
        <Tabs.List aria-label={intl.formatMessage(messages.languages)}>
          {answer.locales!.map((l) => (
            <Tabs.Tab key={l} value={l} lang={l}>
              {localeLabel(intl, l)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {answer.locales!.map((l) => (
          <Tabs.Panel key={l} value={l} pt="md">
            {locale === l && (
              <LocaleTemplates locale={l === defaultLocale ? undefined : l} kind={kind} onKind={onKind} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** Settings › Email templates (feature 12): the partner's wording of each message kind, per locale. */
export function EmailTemplatesPanel() {
  const { data, isLoading, error } = useEmailTemplates();
  const [kind, setKind] = useState<EmailTemplateKind>('receipt');
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (isLoading || !data)
    return (
      <Text c="dimmed">
        <FormattedMessage id="staff.settings.loading" defaultMessage="Loading…" />
      </Text>
    );
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <FormattedMessage id="staff.settings.emails.title" defaultMessage="Email templates" />
      </Title>
      {!data.enabled && (
        <Alert color="yellow">
          <FormattedMessage
            id="staff.settings.emails.off"
            defaultMessage="Email templates (feature 12) are off: every message uses the default wording. Turn the feature on under <code>Site and features</code> to send yours."
            values={{ code: (chunks) => <Code>{chunks}</Code> }}
          />
        </Alert>
      )}
      {data.locale && (data.locales?.length ?? 0) > 1 ? (
        <LocaleTabs answer={data} kind={kind} onKind={setKind} />
      ) : (
        <LocaleTemplates locale={undefined} kind={kind} onKind={setKind} />
      )}
    </Stack>
  );
}
