import { Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { LOCALE_NAMES, LOCALES, type Locale, type PartnerSettingsInput } from '@kinship/domain';
import type { UseFormReturnType } from '@mantine/form';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';

const messages = defineMessages({
  title: { id: 'staff.settings.languages.title', defaultMessage: 'Languages' },
  intro: {
    id: 'staff.settings.languages.intro',
    defaultMessage:
      'Visitors switch between the languages your site offers; the default is what they see when neither their choice nor their browser decides.',
  },
  defaultLocale: { id: 'staff.settings.languages.default', defaultMessage: 'Default language' },
  defaultLocaleHelp: {
    id: 'staff.settings.languages.defaultHelp',
    defaultMessage: 'One of the languages offered. Receipts and mail use it when the person chose none.',
  },
  offered: { id: 'staff.settings.languages.offered', defaultMessage: 'Languages offered' },
});

/** A locale as staff pick it: its language in that language and its region, "Français (Canada)". */
export function localeLabel(intl: IntlShape, locale: Locale): string {
  const region = locale.split('-')[1] ?? '';
  const regionName = new Intl.DisplayNames([locale], { type: 'region' }).of(region) ?? region;
  return intl.formatMessage(
    { id: 'staff.settings.languages.localeName', defaultMessage: '{language} ({region})' },
    { language: LOCALE_NAMES[locale], region: regionName },
  );
}

/**
 * Settings › Languages (decision 070): which locales the site offers and its default, sent with the
 * settings form. The server refuses a default that is not offered (a field error on the select).
 */
export function LanguagesCard({
  form,
}: {
  form: UseFormReturnType<PartnerSettingsInput & Record<string, unknown>>;
}) {
  const intl = useIntl();
  const { locales = [], defaultLocale } = form.getValues();
  return (
    <Card withBorder component="section" aria-labelledby="settings-languages">
      <Stack gap="sm">
        <Title order={3} size="h4" id="settings-languages">
          <FormattedMessage {...messages.title} />
        </Title>
        <Text size="sm">
          <FormattedMessage {...messages.intro} />
        </Text>
        <Checkbox.Group
          label={intl.formatMessage(messages.offered)}
          value={[...locales]}
          onChange={(value) =>
            form.setFieldValue(
              'locales',
              LOCALES.filter((locale) => value.includes(locale)),
            )
          }
          error={form.errors.locales}
        >
          <Group gap="lg" mt={6}>
            {LOCALES.map((locale) => (
              <Checkbox key={locale} value={locale} label={localeLabel(intl, locale)} lang={locale} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={intl.formatMessage(messages.defaultLocale)}
          description={intl.formatMessage(messages.defaultLocaleHelp)}
          data={locales.map((locale) => ({ value: locale, label: localeLabel(intl, locale) }))}
          allowDeselect={false}
          maw={320}
          value={defaultLocale ?? null}
          onChange={(value) => {
            if (value) form.setFieldValue('defaultLocale', value as Locale);
          }}
          error={form.errors.defaultLocale}
        />
      </Stack>
    </Card>
  );
}
