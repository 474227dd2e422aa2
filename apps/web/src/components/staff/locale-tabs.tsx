import { LOCALE_NAMES, type Locale } from '@kinship/domain';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fallbackHint, type ContentLocales } from './translations';

/**
 * Partner content written per language (decision 072): one tab per offered locale when the partner
 * offers more than one, the default's first. `children` renders the fields of a locale: the
 * default's tab edits the base fields, the others their translations. With one language, the
 * fields alone.
 */
export function LocaleTabs({
  languages,
  children,
}: {
  languages: ContentLocales;
  children: (locale: Locale, isDefault: boolean) => ReactNode;
}) {
  const intl = useIntl();
  if (languages.locales.length <= 1) return <>{children(languages.defaultLocale, true)}</>;
  return (
    <Tabs defaultValue={languages.defaultLocale} variant="outline" keepMounted={false}>
      <Tabs.List>
        {languages.locales.map((locale) => (
          <Tabs.Tab key={locale} value={locale}>
            {intl.formatMessage(
              { id: 'staff.translations.tab', defaultMessage: '{language} ({locale})' },
              { language: LOCALE_NAMES[locale], locale },
            )}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {languages.locales.map((locale) => (
        <Tabs.Panel key={locale} value={locale} pt="xs">
          {children(locale, locale === languages.defaultLocale)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The hint under a translated field: what visitors read while it is empty. */
export function FallbackHint({ languages }: { languages: ContentLocales }) {
  return <>{fallbackHint(useIntl(), languages)}</>;
}
