import { Button, Group, type GroupProps } from '@mantine/core';
import { LOCALE_NAMES } from '@kinship/domain';
import { useIntl } from 'react-intl';
import { useLocale } from './locale-provider';

/**
 * The language switch (navigation and footer): each other language the partner offers, named in
 * its own language ("Français", "English"), as Canadian sites do. Nothing shows with one language.
 */
export function LanguageSwitch(props: GroupProps) {
  const intl = useIntl();
  const { locale, locales, setLocale } = useLocale();
  const others = locales.filter((other) => other !== locale);
  if (others.length === 0) return null;
  return (
    <Group
      role="group"
      aria-label={intl.formatMessage({ id: 'nav.language', defaultMessage: 'Language' })}
      gap={4}
      wrap="nowrap"
      {...props}
    >
      {others.map((other) => (
        <Button
          key={other}
          variant="subtle"
          size="compact-sm"
          lang={other}
          onClick={() => void setLocale(other)}
        >
          {LOCALE_NAMES[other]}
        </Button>
      ))}
    </Group>
  );
}
