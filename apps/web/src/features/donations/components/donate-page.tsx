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
import {
  DONATION,
  dollarsToCents,
  formatCurrency,
  isValidEmail,
  LABELS,
  MESSAGES,
  partnerCapabilities,
} from '@kinship/domain';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PaymentErrorModal, ProcessingModal } from '../../../components/payment-modals';
import { usePageTitle } from '../../../hooks/use-page-title';
import { STEP_HEADING_STYLE, useStepFocus } from '../../../hooks/use-step-focus';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { receiptPath } from '../../../lib/receipt-path';
import { useMe } from '../../../shared/auth/api/get-me';
import { usePartner } from '../../../shared/partner/partner-context';
import { CardPaymentSection } from '../../../shared/payments/components/card-payment-section';
import type { CardFieldHandle } from '../../../shared/payments/utils/payment-method-result';
import { donate } from '../api/donate';
import { HoneypotField } from './honeypot-field';

interface DonationValues {
  firstName: string;
  lastName: string;
  email: string;
  amount: string;
  comment: string;
}

export const DONATION_VALIDATION = {
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  email: 'Enter a valid email address',
  amount: `Enter an amount of at least ${formatCurrency(DONATION.min)}, in dollars and cents`,
  comment: `Keep your comment to ${DONATION.commentMax} characters`,
} as const;

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
  usePageTitle(LABELS.donate);
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
      firstName: (value) => (value.trim() ? null : DONATION_VALIDATION.firstName),
      lastName: (value) => (value.trim() ? null : DONATION_VALIDATION.lastName),
      email: (value) => (isValidEmail(value.trim()) ? null : DONATION_VALIDATION.email),
      amount: (value) => {
        const dollars = Number(value);
        return value.trim() !== '' && dollars >= DONATION.min && dollarsToCents(dollars) !== null
          ? null
          : DONATION_VALIDATION.amount;
      },
      comment: (value) => (value.length <= DONATION.commentMax ? null : DONATION_VALIDATION.comment),
    },
  });

  if (!partnerCapabilities(partner).generalDonations) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          {LABELS.donate}
        </Title>
        <Text>General donations are not enabled for this site.</Text>
      </Container>
    );
  }

  if (phase.kind === 'done') {
    const receipt = receiptPath(phase.receipt);
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
            Thank you for your donation!
          </Title>
          <Text>
            Your gift of {formatCurrency(phase.amount)} to {partner.name} was received. A receipt has been
            sent to {phase.email}.
          </Text>
          {receipt.internal ? (
            <Button component={Link} to={receipt.href}>
              View your receipt
            </Button>
          ) : (
            <Button component="a" href={receipt.href}>
              View your receipt
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
      setCardError(method.error ?? 'Your card could not be used.');
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
        {LABELS.donate}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Make a one-time gift to {partner.name}.
      </Text>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <TextInput
                label="Amount"
                type="number"
                min={DONATION.min}
                step={DONATION.step}
                inputMode="decimal"
                leftSection="$"
                required
                {...form.getInputProps('amount')}
              />
              <Group gap="xs" role="group" aria-label="Quick amounts">
                {DONATION.quickAmounts.map((quick) => (
                  <Button
                    key={quick}
                    variant={amountValue === quick ? 'filled' : 'default'}
                    aria-pressed={amountValue === quick}
                    onClick={() => form.setFieldValue('amount', String(quick))}
                  >
                    {`$${quick}`}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="First name"
                  autoComplete="given-name"
                  required
                  {...form.getInputProps('firstName')}
                />
                <TextInput
                  label="Last name"
                  autoComplete="family-name"
                  required
                  {...form.getInputProps('lastName')}
                />
              </SimpleGrid>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <Textarea
                label="Comment"
                description={`Optional, up to ${DONATION.commentMax} characters (${form.values.comment.length}/${DONATION.commentMax})`}
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
                ? `Donate ${formatCurrency(amountValue)}`
                : LABELS.donate}
            </Button>
          </Group>
        </Stack>
      </form>
      <ProcessingModal
        opened={phase.kind === 'processing'}
        title="Processing your donation"
        message="Please wait while we process your payment."
      />
      <PaymentErrorModal
        opened={phase.kind === 'failed'}
        onClose={() => setPhase({ kind: 'form' })}
        title={MESSAGES.donationErrorTitle}
      >
        <Text>{MESSAGES.donationErrorBody}</Text>
        {phase.kind === 'failed' && phase.detail && (
          <Text size="sm" c="dimmed">
            {phase.detail}
          </Text>
        )}
      </PaymentErrorModal>
      <Text size="sm" mt="xl">
        Want to sponsor someone instead?{' '}
        <Anchor component={Link} to="/">
          See who is waiting for a sponsor
        </Anchor>
      </Text>
    </Container>
  );
}
