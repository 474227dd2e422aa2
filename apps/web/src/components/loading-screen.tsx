import { Text, VisuallyHidden } from '@mantine/core';
import { SOURCE_LOCALE } from '@kinship/domain';
import { useContext } from 'react';
import { IntlContext, createIntl, defineMessages, type IntlShape } from 'react-intl';
import classes from './loading-screen.module.css';

const messages = defineMessages({
  loading: { id: 'loading.label', defaultMessage: 'Loading…' },
});

let sourceIntl: IntlShape | null = null;

/**
 * The page's messages, or the source English while the site itself is still loading: the partner
 * and its language are not known yet, so no provider is there (app.tsx shows this screen meanwhile).
 */
function useIntlOrSource(): IntlShape {
  const intl = useContext(IntlContext);
  if (intl) return intl;
  sourceIntl ??= createIntl({ locale: SOURCE_LOCALE, defaultLocale: SOURCE_LOCALE });
  return sourceIntl;
}

/** A loading state: an optional message and a pulsing dot, announced politely to screen readers. */
export function LoadingScreen({ message }: { message?: string | undefined }) {
  const intl = useIntlOrSource();
  return (
    <div className={classes.root} role="status" aria-live="polite">
      <span className={classes.dot} aria-hidden="true" />
      {message ? (
        <Text c="dimmed">{message}</Text>
      ) : (
        <VisuallyHidden>{intl.formatMessage(messages.loading)}</VisuallyHidden>
      )}
    </div>
  );
}
