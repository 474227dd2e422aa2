import type { LetterFlag } from '@kinship/domain';
import { Alert, List, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { usePartner } from '../../partner/partner-context';
import { adviceOf, flagMessages } from './letter-messages';

/** At most this many characters of a hit are shown (a long link or address is cut with "…"). */
const SHOWN = 40;
const shown = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text);

/**
 * What the automatic pre-screen noticed in the letter being written, each hit highlighted, with
 * why the team looks at it and what to do. It never stops the letter: it says it will be checked.
 */
export function ScreenWarnings({ flags }: { flags: readonly LetterFlag[] }) {
  const partner = usePartner();
  if (flags.length === 0) return null;
  const advice = [...new Set(flags.map((flag) => adviceOf(flag.kind)))];
  return (
    <Alert
      color="yellow"
      variant="light"
      aria-live="polite"
      title={
        <FormattedMessage
          id="letters.warnings.title"
          defaultMessage="{count, plural, one {One thing the team will check} other {# things the team will check}}"
          values={{ count: flags.length }}
        />
      }
    >
      <List size="sm" spacing={4} mb="xs">
        {flags.map((flag) => (
          <List.Item key={`${flag.kind}-${flag.start}-${flag.end}`}>
            <FormattedMessage
              {...flagMessages[flag.kind]}
              values={{ hit: <mark style={{ overflowWrap: 'anywhere' }}>{shown(flag.text)}</mark> }}
            />
          </List.Item>
        ))}
      </List>
      {advice.map((message) => (
        <Text size="sm" key={message.id}>
          <FormattedMessage {...message} values={{ partner: partner.name }} />
        </Text>
      ))}
      <Text size="sm" mt="xs" c="dimmed">
        <FormattedMessage
          id="letters.warnings.canSend"
          defaultMessage="You can still send it: the team checks these parts before your letter goes on."
        />
      </Text>
    </Alert>
  );
}
