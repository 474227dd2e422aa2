import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DONATION, dollarsToCents, isValidEmail, partnerCapabilities } from '@kinship/domain';
import { useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { PaymentErrorModal, ProcessingModal } from '../../../components/payment-modals';
import { usePageTitle } from '../../../hooks/use-page-title';
import { STEP_HEADING_STYLE, useStepFocus } from '../../../hooks/use-step-focus';
import { useLabels } from '../../../i18n/labels';
import { useCurrency } from '../../../i18n/use-currency';
import { useFormat } from '../../../i18n/use-format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { receiptPath } from '../../../lib/receipt-path';
import { useMe } from '../../../shared/auth/api/get-me';
import { usePartner } from '../../../shared/partner/partner-context';
import { CardPaymentSection } from '../../../shared/payments/components/card-payment-section';
import type { CardFieldHandle } from '../../../shared/payments/utils/payment-method-result';
import { donate } from '../api/donate';
import { HoneypotField } from './honeypot-field';
import { loose } from '../../../i18n/loose-messages';

const messages = defineMessages({
  viewReceipt: { id: 'donate.viewReceipt', defaultMessage: 'View your receipt' },
  cardUnusable: { id: 'donate.cardUnusable', defaultMessage: 'Your card could not be used.' },
});

interface DonationValues {
  firstName: string;
  lastName: string;
  email: string;
  amount: string;
  comment: string;
}

/** The donation form's checks; the amount's minimum and the comment's length are placeholders. */
export const DONATION_VALIDATION = loose(
  defineMessages({
    firstName: { id: 'donate.firstNameRequired', defaultMessage: 'Enter your first name' },
    lastName: { id: 'donate.lastNameRequired', defaultMessage: 'Enter your last name' },
    email: { id: 'donate.emailRequired', defaultMessage: 'Enter a valid email address' },
    amount: {
      id: 'donate.amountInvalid',
      defaultMessage: 'Enter an amount of at least {min}, in dollars and cents',
    },
    comment: { id: 'donate.commentTooLong', defaultMessage: 'Keep your comment to {max} characters' },
  }),
);

/** Texts whose English is a domain constant (MESSAGES.x); a test holds each pair equal. */
export const donationErrorMessages = defineMessages({
  title: { id: 'donate.errorTitle', defaultMessage: 'Error submitting donation!' },
  body: {
    id: 'donate.errorBody',
    defaultMessage: 'Payment failed. Please check your information and try again.',
  },
});

type Phase =
  | { kind: 'form' }
  | { kind: 'processing' }
  | { kind: 'failed'; detail: string }
  | { kind: 'done'; receipt: string; amount: number; email: string };

/**
 * /donate: a one-off general donation, open to visitors. Form, processing modal, then a thank-you
 * with the receipt link, or the error modal. A card error from the provider is shown in an alert.
 */
export function DonatePage() {
  const partner = usePartner();
  const intl = useIntl();
  const labels = useLabels();
  const format = useFormat();
  const currency = useCurrency();
  usePageTitle(labels.donate);
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const initiative = Number(params.get('initiative')) || null;
  const card = useRef<CardFieldHandle>(null);
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [website, setWebsite] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const idempotency = useIdempotencyKey();
  const user = me?.user;
  const headingRef = useStepFocus<HTMLHeadingElement>(phase.kind === 'done' ? 'done' : 'form');

  const form = useForm<DonationValues>({
    mode: 'controlled',
    initialValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email && isValidEmail(user.email) ? user.email : '',
      amount: String(DONATION.default),
      comment: '',
    },
    validate: {
      firstName: (value) => (value.trim() ? null : intl.formatMessage(DONATION_VALIDATION.firstName)),
      lastName: (value) => (value.trim() ? null : intl.formatMessage(DONATION_VALIDATION.lastName)),
      email: (value) => (isValidEmail(value.trim()) ? null : intl.formatMessage(DONATION_VALIDATION.email)),
      amount: (value) => {
        const dollars = Number(value);
        return value.trim() !== '' && dollars >= DONATION.min && dollarsToCents(dollars) !== null
          ? null
          : intl.formatMessage(DONATION_VALIDATION.amount, { min: format.money(DONATION.min) });
      },
      comment: (value) =>
        value.length <= DONATION.commentMax
          ? null
          : intl.formatMessage(DONATION_VALIDATION.comment, { max: DONATION.commentMax }),
    },
  });

  if (!partnerCapabilities(partner).generalDonations) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          {labels.donate}
        </Title>
        <Text>
          <FormattedMessage
            id="donate.disabled"
            defaultMessage="General donations are not enabled for this site."
          />
        </Text>
      </Container>
    );
  }

  if (phase.kind === 'done') {
    const receipt = receiptPath(phase.receipt);
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
            <FormattedMessage id="donate.thankYou" defaultMessage="Thank you for your donation!" />
          </Title>
          <Text>
            <FormattedMessage
              id="donate.received"
              defaultMessage="Your gift of {amount} to {name} was received. A receipt has been sent to {email}."
              values={{ amount: format.money(phase.amount), name: partner.name, email: phase.email }}
            />
          </Text>
          {receipt.internal ? (
            <Button component={Link} to={receipt.href}>
              <FormattedMessage {...messages.viewReceipt} />
            </Button>
          ) : (
            <Button component="a" href={receipt.href}>
              <FormattedMessage {...messages.viewReceipt} />
            </Button>
          )}
        </Stack>
      </Container>
    );
  }

  const submit = async (values: DonationValues) => {
    if (!card.current) return;
    setCardError(null);
    setPhase({ kind: 'processing' });
    const method = await card.current.createPaymentMethod();
    if (method.error || !method.paymentMethod) {
      setCardError(method.error ?? intl.formatMessage(messages.cardUnusable));
      setPhase({ kind: 'form' });
      return;
    }
    const amount = Number(Number(values.amount).toFixed(2));
    // What this attempt pays for: a new card token on a retry does not make it a new attempt.
    const attempt = {
      partnersId: partner.id,
      amount,
      initiative,
      note: values.comment.trim() || null,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      website,
    };
    const body = { ...attempt, token: method.paymentMethod };
    try {
      const receipt = await donate(body, idempotency.keyFor(JSON.stringify(attempt)));
      idempotency.settle(null);
      setPhase({ kind: 'done', receipt, amount, email: body.email });
    } catch (caught) {
      idempotency.settle(caught);
      // Any failure of the payment, a decline included, is the error modal; the provider's or
      // server's own words go under the spec's sentence.
      setPhase({ kind: 'failed', detail: caught instanceof Error ? caught.message : String(caught) });
    }
  };

  const amountValue = Number(form.values.amount);
  return (
    <Container size="sm" py="xl">
      <Title order={1} ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
        {labels.donate}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        <FormattedMessage
          id="donate.intro"
          defaultMessage="Make a one-time gift to {name}."
          values={{ name: partner.name }}
        />
      </Text>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <TextInput
                label={intl.formatMessage({ id: 'donate.amount', defaultMessage: 'Amount' })}
                type="number"
                min={DONATION.min}
                step={DONATION.step}
                inputMode="decimal"
                {...(currency.symbolFirst
                  ? { leftSection: currency.symbol }
                  : { rightSection: currency.symbol })}
                required
                {...form.getInputProps('amount')}
              />
              <Group
                gap="xs"
                role="group"
                aria-label={intl.formatMessage({
                  id: 'donate.quickAmounts',
                  defaultMessage: 'Quick amounts',
                })}
              >
                {DONATION.quickAmounts.map((quick) => (
                  <Button
                    key={quick}
                    variant={amountValue === quick ? 'filled' : 'default'}
                    aria-pressed={amountValue === quick}
                    onClick={() => form.setFieldValue('amount', String(quick))}
                  >
                    {currency.whole(quick)}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={intl.formatMessage({ id: 'donate.firstName', defaultMessage: 'First name' })}
                  autoComplete="given-name"
                  required
                  {...form.getInputProps('firstName')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'donate.lastName', defaultMessage: 'Last name' })}
                  autoComplete="family-name"
                  required
                  {...form.getInputProps('lastName')}
                />
              </SimpleGrid>
              <TextInput
                label={intl.formatMessage({ id: 'donate.email', defaultMessage: 'Email' })}
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <Textarea
                label={intl.formatMessage({ id: 'donate.comment', defaultMessage: 'Comment' })}
                description={intl.formatMessage(
                  {
                    id: 'donate.commentHint',
                    defaultMessage: 'Optional, up to {max} characters ({length}/{max})',
                  },
                  { max: DONATION.commentMax, length: form.values.comment.length },
                )}
                autosize
                minRows={2}
                maxLength={DONATION.commentMax}
                {...form.getInputProps('comment')}
              />
              <HoneypotField value={website} onChange={setWebsite} />
            </Stack>
          </Paper>
          <CardPaymentSection
            titleId="donation-card-title"
            cardRef={card}
            onReadyChange={setCardReady}
            cardError={cardError}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md" disabled={!cardReady || phase.kind === 'processing'}>
              {Number.isFinite(amountValue) && amountValue >= DONATION.min
                ? intl.formatMessage(
                    { id: 'donate.submit', defaultMessage: 'Donate {amount}' },
                    { amount: format.money(amountValue) },
                  )
                : labels.donate}
            </Button>
          </Group>
        </Stack>
      </form>
      <ProcessingModal
        opened={phase.kind === 'processing'}
        title={intl.formatMessage({
          id: 'donate.processingTitle',
          defaultMessage: 'Processing your donation',
        })}
        message={intl.formatMessage({
          id: 'donate.processing',
          defaultMessage: 'Please wait while we process your payment.',
        })}
      />
      <PaymentErrorModal
        opened={phase.kind === 'failed'}
        onClose={() => setPhase({ kind: 'form' })}
        title={intl.formatMessage(donationErrorMessages.title)}
      >
        <Text>
          <FormattedMessage {...donationErrorMessages.body} />
        </Text>
        {phase.kind === 'failed' && phase.detail && (
          <Text size="sm" c="dimmed">
            {phase.detail}
          </Text>
        )}
      </PaymentErrorModal>
      <Text size="sm" mt="xl">
        <FormattedMessage
          id="donate.sponsorInstead"
          defaultMessage="Want to sponsor someone instead? <link>See who is waiting for a sponsor</link>"
          values={{
            link: (chunks) => (
              <Anchor component={Link} to="/">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Container>
  );
}
