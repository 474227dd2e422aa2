import { Alert, List, Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { loose } from '../../../i18n/loose-messages';

export const testCardMessages = loose(
  defineMessages({
    title: { id: 'payments.testCards.title', defaultMessage: 'Demo site' },
    // Domain MESSAGES.demoTestCard (spec 9); a test holds the two equal.
    notice: {
      id: 'payments.testCards.notice',
      defaultMessage:
        'This is a demo site. Use the test card 4242 4242 4242 4242 with any future date and any CVC.',
    },
    succeeds: { id: 'payments.testCards.succeeds', defaultMessage: '{number} succeeds' },
    declined: { id: 'payments.testCards.declined', defaultMessage: '{number} is declined' },
    insufficient: {
      id: 'payments.testCards.insufficient',
      defaultMessage: '{number} has insufficient funds',
    },
  }),
);

/** Stripe's test cards, which the sandbox follows too (spec 9: "In demo mode a test card notice is shown"). */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: testCardMessages.succeeds },
  { number: '4000 0000 0000 0002', outcome: testCardMessages.declined },
  { number: '4000 0000 0000 9995', outcome: testCardMessages.insufficient },
] as const;

export function TestCardNotice() {
  const intl = useIntl();
  return (
    <Alert
      variant="light"
      color="yellow"
      title={intl.formatMessage(testCardMessages.title)}
      role="note"
      // Mantine's yellow title on the light yellow ground is below WCAG AA contrast: the text stays dark.
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text size="sm">
        <FormattedMessage {...testCardMessages.notice} />
      </Text>
      <List size="sm" mt={6} spacing={2}>
        {DEMO_TEST_CARDS.map((card) => (
          <List.Item key={card.number}>
            <FormattedMessage
              {...card.outcome}
              values={{
                number: (
                  <Text span ff="monospace" size="sm">
                    {card.number}
                  </Text>
                ),
              }}
            />
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
