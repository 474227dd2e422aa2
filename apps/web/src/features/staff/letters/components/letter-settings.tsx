import { letterSettingsSchema } from '@kinship/domain';
import { Alert, Text, Textarea } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { FormCard } from '../../../../components/staff/form-card';
import { FallbackHint, LocaleTabs } from '../../../../components/staff/locale-tabs';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  contentLocalesOf,
  translationFormValues,
  translationInputProps,
  translationsToSend,
} from '../../../../components/staff/translations';
import { usePartner } from '../../../../shared/partner/partner-context';
import { useLetterSettings, useSaveLetterSettings, type LetterSettingsAnswer } from '../api/letters-api';

const m = defineMessages({
  title: { id: 'staff.letters.settings.title', defaultMessage: 'Letter guidelines and word list' },
  loading: { id: 'staff.letters.settings.loading', defaultMessage: 'Loading the settings…' },
  guidelines: { id: 'staff.letters.settings.guidelines', defaultMessage: 'Guidelines' },
  guidelinesHint: {
    id: 'staff.letters.settings.guidelines.hint',
    defaultMessage: 'Shown to sponsors beside the letter they write.',
  },
  words: { id: 'staff.letters.settings.words', defaultMessage: 'Words to flag' },
  wordsHint: {
    id: 'staff.letters.settings.words.hint',
    defaultMessage:
      'One word or phrase a line. The safety check flags each in letters, ignoring case and accents.',
  },
  save: { id: 'staff.letters.settings.save', defaultMessage: 'Save' },
  saved: { id: 'staff.letters.settings.saved', defaultMessage: 'Saved.' },
});

/** The word list as the form holds it (one a line) and as the server takes it (trimmed, no blanks, once each). */
export const wordsOf = (text: string): string[] => [
  ...new Set(
    text
      .split('\n')
      .map((w) => w.trim())
      .filter(Boolean),
  ),
];

const settingsFormSchema = z.object({
  guidelines: letterSettingsSchema.shape.guidelines,
  words: z.string().superRefine((text, ctx) => {
    const checked = letterSettingsSchema.shape.words.safeParse(wordsOf(text));
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  }),
  translations: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});

/** Settings: the guidelines sponsors read beside the composer (per language) and the screen's word list. */
export function LetterSettingsForm() {
  const intl = useIntl();
  const settings = useLetterSettings();
  return (
    <FormCard title={intl.formatMessage(m.title)}>
      {settings.isPending && (
        <Text size="sm" c="dimmed">
          <FormattedMessage {...m.loading} />
        </Text>
      )}
      {settings.error && (
        <Alert color="red" role="alert">
          {settings.error.message}
        </Alert>
      )}
      {settings.data && <SettingsForm settings={settings.data} />}
    </FormCard>
  );
}

function SettingsForm({ settings }: { settings: LetterSettingsAnswer }) {
  const intl = useIntl();
  const languages = contentLocalesOf(usePartner());
  const save = useSaveLetterSettings();
  const form = useSchemaForm(settingsFormSchema, {
    guidelines: settings.guidelines,
    words: settings.words.join('\n'),
    translations: translationFormValues(settings.translations, languages, ['guidelines']),
  });
  const values = form.getValues();

  return (
    <SchemaForm
      form={form}
      submitLabel={intl.formatMessage(m.save)}
      buttonsAt="start"
      onSubmit={(v) => {
        const translations = translationsToSend(v.translations, languages);
        return save.mutateAsync({
          guidelines: v.guidelines,
          words: wordsOf(v.words),
          ...(translations ? { translations } : {}),
        });
      }}
      aside={
        save.isSuccess && !form.isDirty() ? (
          <Text size="sm" c="teal" role="status">
            <FormattedMessage {...m.saved} />
          </Text>
        ) : undefined
      }
      onDone={() => form.resetDirty()}
    >
      <LocaleTabs languages={languages}>
        {(locale, isDefault) => (
          <Textarea
            label={intl.formatMessage(m.guidelines)}
            description={
              isDefault ? intl.formatMessage(m.guidelinesHint) : <FallbackHint languages={languages} />
            }
            autosize
            minRows={5}
            {...(isDefault
              ? form.getInputProps('guidelines')
              : {
                  ...translationInputProps(form, locale, 'guidelines'),
                  placeholder: values.guidelines,
                  lang: locale,
                })}
          />
        )}
      </LocaleTabs>
      <Textarea
        label={intl.formatMessage(m.words)}
        description={intl.formatMessage(m.wordsHint)}
        autosize
        minRows={5}
        {...form.getInputProps('words')}
      />
    </SchemaForm>
  );
}
