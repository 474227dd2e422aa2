import { Alert, Anchor, Box, Container, Group, List, Stack, Text } from '@mantine/core';
import { LABELS, MESSAGES, paymentNotice } from '@kinship/domain';
import { Link } from 'react-router';
import { usePartner } from '../../shared/partner/partner-context';

/** Test cards accepted by the demo payment sandbox. */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'card declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const;

export function DemoModeNotice() {
  return (
    <Alert variant="default" title="Demo mode" role="note">
      <Text size="sm">{MESSAGES.demoTestCard}</Text>
      <List size="sm" mt="xs">
        {DEMO_TEST_CARDS.map((card) => (
          <List.Item key={card.number}>
            <Text span ff="monospace" size="sm">
              {card.number}
            </Text>{' '}
            — {card.outcome}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Footer: About, Contact and Privacy, the payment and tax notice, and the demo test cards in demo mode. */
export function SiteFooter() {
  const partner = usePartner();
  return (
    <Box
      component="footer"
      mt="xl"
      py="xl"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Container size="xl">
        <Stack gap="md">
          <Group component="nav" aria-label="Footer" gap="lg">
            <Anchor component={Link} to="/about">
              {LABELS.about}
            </Anchor>
            <Anchor component={Link} to="/contact">
              {LABELS.contact}
            </Anchor>
            <Anchor component={Link} to="/privacy">
              {LABELS.privacy}
            </Anchor>
          </Group>
          <Stack gap={4} data-testid="payment-notice">
            {paymentNotice(partner).map((paragraph) => (
              <Text key={paragraph} size="sm" c="dimmed">
                {paragraph}
              </Text>
            ))}
          </Stack>
          {partner.demoMode && <DemoModeNotice />}
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {partner.name}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
