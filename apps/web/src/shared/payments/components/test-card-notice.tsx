import { Alert, List, Text } from '@mantine/core';
import { MESSAGES } from '@kinship/domain';

/** Stripe's test cards, which the sandbox follows too (spec 9: "In demo mode a test card notice is shown"). */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
] as const;

export function TestCardNotice() {
  return (
    <Alert
      variant="light"
      color="yellow"
      title="Demo site"
      role="note"
      // Mantine's yellow title on the light yellow ground is below WCAG AA contrast: the text stays dark.
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text size="sm">{MESSAGES.demoTestCard}</Text>
      <List size="sm" mt={6} spacing={2}>
        {DEMO_TEST_CARDS.map((card) => (
          <List.Item key={card.number}>
            <Text span ff="monospace" size="sm">
              {card.number}
            </Text>{' '}
            {card.outcome}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
