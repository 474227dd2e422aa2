import { Alert, Anchor, Box, Container, Group, List, Stack, Text } from '@mantine/core';
import { Country } from '@kinship/domain';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLabels } from '../../i18n/labels';
import { LanguageSwitch } from '../../i18n/language-switch';
import { usePartner } from '../../shared/partner/partner-context';

const messages = defineMessages({
  succeeds: { id: 'demo.cardSucceeds', defaultMessage: 'payment succeeds' },
  declined: { id: 'demo.cardDeclined', defaultMessage: 'card declined' },
  insufficient: { id: 'demo.cardInsufficient', defaultMessage: 'insufficient funds' },
  // The payment and tax notices (spec 1; domain tax-notice.ts holds the same English for receipts).
  processing: {
    id: 'notice.processing',
    defaultMessage:
      'Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.',
  },
});

/** Test cards accepted by the demo payment sandbox. */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: messages.succeeds },
  { number: '4000 0000 0000 0002', outcome: messages.declined },
  { number: '4000 0000 0000 9995', outcome: messages.insufficient },
] as const;

export function DemoModeNotice() {
  const intl = useIntl();
  return (
    <Alert
      variant="default"
      title={intl.formatMessage({ id: 'demo.title', defaultMessage: 'Demo mode' })}
      role="note"
    >
      <Text size="sm">
        <FormattedMessage
          id="demo.testCard"
          defaultMessage="This is a demo site. Use the test card 4242 4242 4242 4242 with any future date and any CVC."
        />
      </Text>
      <List size="sm" mt="xs">
        {DEMO_TEST_CARDS.map((card) => (
          <List.Item key={card.number}>
            <Text span ff="monospace" size="sm">
              {card.number}
            </Text>
            <FormattedMessage
              id="demo.cardOutcome"
              defaultMessage=" — {outcome}"
              values={{ outcome: intl.formatMessage(card.outcome) }}
            />
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Footer: About, Contact and Privacy, the payment and tax notice, and the demo test cards in demo mode. */
/** The payment notice's paragraphs in the page's language: processing and receipt, then the tax notice. */
function usePaymentNotice(): string[] {
  const intl = useIntl();
  const { name, ein, countriesId } = usePartner();
  const processing = intl.formatMessage(messages.processing);
  const number = ein?.trim();
  if (!number) return [processing];
  const values = { name, ein: number };
  const tax =
    countriesId === Country.UnitedStates
      ? intl.formatMessage(
          {
            id: 'notice.taxUnitedStates',
            defaultMessage:
              '{name} is a 501(c)3 organization (EIN {ein}). Your contribution is tax deductible to the extent allowed by law.',
          },
          values,
        )
      : countriesId === Country.Canada
        ? intl.formatMessage(
            {
              id: 'notice.taxCanada',
              defaultMessage:
                '{name} is a registered Canadian charity (business number {ein}). Your contribution is tax deductible to the extent allowed by law.',
            },
            values,
          )
        : intl.formatMessage(
            {
              id: 'notice.taxElsewhere',
              defaultMessage: 'Contributions to {name} are tax deductible to the extent allowed by law.',
            },
            { name },
          );
  return [processing, tax];
}

export function SiteFooter() {
  const partner = usePartner();
  const intl = useIntl();
  const labels = useLabels();
  const notice = usePaymentNotice();
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
          <Group
            component="nav"
            aria-label={intl.formatMessage({ id: 'footer.nav', defaultMessage: 'Footer' })}
            gap="lg"
          >
            <Anchor component={Link} to="/about">
              {labels.about}
            </Anchor>
            <Anchor component={Link} to="/contact">
              {labels.contact}
            </Anchor>
            <Anchor component={Link} to="/privacy">
              {labels.privacy}
            </Anchor>
          </Group>
          <Stack gap={4} data-testid="payment-notice">
            {notice.map((paragraph) => (
              <Text key={paragraph} size="sm" c="dimmed">
                {paragraph}
              </Text>
            ))}
          </Stack>
          {partner.demoMode && <DemoModeNotice />}
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              <FormattedMessage
                id="footer.copyright"
                defaultMessage="© {year} {name}"
                values={{ year: new Date().getFullYear(), name: partner.name }}
              />
            </Text>
            <LanguageSwitch />
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
