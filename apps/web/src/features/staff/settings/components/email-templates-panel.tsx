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
} from '@kinship/domain';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { useEmailTemplates, useEmailTemplateWrites } from '../api/partner-settings';

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
});

/** A placeholder as written in a template, `{{name}}` (the same in every language). */
const placeholderToken = (name: string) => `{{${name}}}`;

/** The message's body markup (a whole document as sent) for showing inside the page. */
function bodyOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

function TemplateEditor({ template, enabled }: { template: EmailTemplate; enabled: boolean }) {
  const intl = useIntl();
  const { save, reset, preview, test } = useEmailTemplateWrites();
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
      <Text size="sm">{template.sentWhen}</Text>
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
              <Tooltip key={p.name} label={p.description}>
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

/** Settings › Email templates (feature 12): the partner's wording of each message kind. */
export function EmailTemplatesPanel() {
  const intl = useIntl();
  const { data, isLoading, error } = useEmailTemplates();
  const phone = useMediaQuery('(max-width: 36em)');
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
  const template = data.templates.find((x) => x.kind === kind)!;
  const choices = data.templates.map((x) => ({
    value: x.kind,
    label: x.custom
      ? intl.formatMessage(
          { id: 'staff.settings.emails.yours', defaultMessage: '{label} (yours)' },
          { label: x.label },
        )
      : x.label,
  }));
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
      {phone ? (
        <Select
          label={intl.formatMessage(messages.which)}
          data={choices}
          value={kind}
          allowDeselect={false}
          onChange={(v) => v && setKind(v as EmailTemplateKind)}
        />
      ) : (
        <SegmentedControl
          aria-label={intl.formatMessage(messages.which)}
          data={choices}
          value={kind}
          onChange={(v) => setKind(v as EmailTemplateKind)}
        />
      )}
      <TemplateEditor key={template.kind} template={template} enabled={data.enabled} />
    </Stack>
  );
}
