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
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { useEmailTemplates, useEmailTemplateWrites } from '../api/partner-settings';

/** The message's body markup (a whole document as sent) for showing inside the page. */
function bodyOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

function TemplateEditor({ template, enabled }: { template: EmailTemplate; enabled: boolean }) {
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
        setNote({ color: 'green', text: `A test message is on its way to ${to}.` });
      }
    } catch (error) {
      setNote({ color: 'red', text: (error as Error).message });
    }
  };

  const insert = (name: string) => {
    const body = String(form.getValues().body);
    form.setFieldValue('body', `${body}${body.endsWith(' ') || body === '' ? '' : ' '}{{${name}}}`);
  };

  return (
    <Stack gap="md">
      <Text size="sm">{template.sentWhen}</Text>
      <SchemaForm
        form={form}
        submitLabel="Save the template"
        onSubmit={async (v) => {
          setNote(null);
          await save.mutateAsync({ kind: template.kind, body: v as EmailTemplateInput });
        }}
        onDone={() =>
          setNote({
            color: 'green',
            text: enabled
              ? 'Saved. Messages of this kind now use your wording.'
              : 'Saved. It is used once Email templates (feature 12) is on.',
          })
        }
      >
        <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
        <Textarea
          label="Message"
          description="Plain text; an empty line starts a new paragraph and web addresses become links. Your logo, colour and support email frame it."
          autosize
          minRows={6}
          withAsterisk
          {...form.getInputProps('body')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Placeholders (click to add to the message)
          </Text>
          <Group gap={6}>
            {template.placeholders.map((p) => (
              <Tooltip key={p.name} label={p.description}>
                <Button size="compact-xs" variant="light" onClick={() => insert(p.name)}>
                  {`{{${p.name}}}`}
                </Button>
              </Tooltip>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            Only these placeholders work; anything else is refused when you save.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => void run('preview')} loading={preview.isPending}>
            Preview with sample data
          </Button>
          <Button variant="default" onClick={() => void run('test')} loading={test.isPending}>
            Send me a test
          </Button>
          <Button
            variant="subtle"
            color="red"
            onClick={() => setConfirmReset(true)}
            disabled={!template.custom}
          >
            Reset to default
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
              <b>Subject:</b> {shown.subject}
            </Text>
            {/* The server's rendering escapes every word and value (decision 044); only its own frame is markup. */}
            <Box
              aria-label="Preview of the message"
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
        title="Reset to the default wording?"
        message="Your wording of this message is removed and the default is sent again."
        confirmLabel="Reset to default"
        onConfirm={async () => {
          const answer = await reset.mutateAsync(template.kind);
          const fresh = answer.templates.find((x) => x.kind === template.kind)!;
          form.setValues({ subject: fresh.subject, body: fresh.body });
          setShown(null);
          setNote({ color: 'green', text: 'Back to the default wording.' });
        }}
      />
    </Stack>
  );
}

/** Settings › Email templates (feature 12): the partner's wording of each message kind. */
export function EmailTemplatesPanel() {
  const { data, isLoading, error } = useEmailTemplates();
  const phone = useMediaQuery('(max-width: 36em)');
  const [kind, setKind] = useState<EmailTemplateKind>('receipt');
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (isLoading || !data) return <Text c="dimmed">Loading…</Text>;
  const template = data.templates.find((x) => x.kind === kind)!;
  const choices = data.templates.map((x) => ({
    value: x.kind,
    label: x.custom ? `${x.label} (yours)` : x.label,
  }));
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Email templates
      </Title>
      {!data.enabled && (
        <Alert color="yellow">
          Email templates (feature 12) are off: every message uses the default wording. Turn the feature on
          under <Code>Site and features</Code> to send yours.
        </Alert>
      )}
      {phone ? (
        <Select
          label="Which message"
          data={choices}
          value={kind}
          allowDeselect={false}
          onChange={(v) => v && setKind(v as EmailTemplateKind)}
        />
      ) : (
        <SegmentedControl
          aria-label="Which message"
          data={choices}
          value={kind}
          onChange={(v) => setKind(v as EmailTemplateKind)}
        />
      )}
      <TemplateEditor key={template.kind} template={template} enabled={data.enabled} />
    </Stack>
  );
}
