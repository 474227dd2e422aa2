import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatCents,
  GIFT_MESSAGE_MAX,
  isValidEmail,
  LABELS,
  partnerCapabilities,
  type GiftCreated,
} from '@kinship/domain';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { PaymentErrorModal, ProcessingModal } from '../../../components/payment-modals';
import { usePageTitle } from '../../../hooks/use-page-title';
import { STEP_HEADING_STYLE, useStepFocus } from '../../../hooks/use-step-focus';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { receiptPath } from '../../../lib/receipt-path';
import { useMe } from '../../../shared/auth/api/get-me';
import { usePartner } from '../../../shared/partner/partner-context';
import { CardPaymentSection } from '../../../shared/payments/components/card-payment-section';
import type { CardFieldHandle } from '../../../shared/payments/utils/payment-method-result';
import { createGift } from '../api/gifts-api';

interface GiftValues {
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
  firstName: string;
  lastName: string;
  email: string;
}

const PERIODS = [
  { value: '3', label: '3 months' },
  { value: '6', label: '6 months' },
  { value: '12', label: '12 months' },
  { value: 'open', label: 'Open-ended' },
];

const todayText = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

type Phase =
  | { kind: 'form' }
  | { kind: 'processing' }
  | { kind: 'failed'; detail: string }
  | { kind: 'done'; gift: GiftCreated };

/**
 * /gift (feature Gifts): the giver picks a type (the one who has waited longest is given) or comes
 * from a profile with ?sponsored=, a period paid at once or open-ended, writes to the recipient and
 * chooses the delivery date, then pays as a visitor or signed in.
 */
export function GiftPage() {
  const partner = usePartner();
  usePageTitle(LABELS.giftSponsorship);
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const card = useRef<CardFieldHandle>(null);
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const idempotency = useIdempotencyKey();
  const headingRef = useStepFocus<HTMLHeadingElement>(phase.kind === 'done' ? 'done' : 'form');
  const types = partner.partnerSponsoredTypes.filter(
    (t) => t.active && t.currentSponsoredTypePlans.length > 0 && t.sponsoredTypesId !== 4,
  );
  const [typeId, setTypeId] = useState<string | null>(types[0] ? String(types[0].id) : null);
  const [period, setPeriod] = useState('6');
  const sponsoredsId = Number(params.get('sponsored')) || null;
  const user = me?.user;

  const form = useForm<GiftValues>({
    mode: 'controlled',
    initialValues: {
      recipientName: '',
      recipientEmail: '',
      message: '',
      deliverOn: todayText(),
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email && isValidEmail(user.email) ? user.email : '',
    },
    validate: {
      recipientName: (v) => (v.trim() ? null : "Enter your recipient's name"),
      recipientEmail: (v) => (isValidEmail(v.trim()) ? null : "Enter your recipient's email address"),
      message: (v) =>
        v.length <= GIFT_MESSAGE_MAX ? null : `Keep your message to ${GIFT_MESSAGE_MAX} characters`,
      deliverOn: (v) =>
        /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= todayText() ? null : 'Choose today or a later day',
      firstName: (v) => (v.trim() ? null : 'Enter your first name'),
      lastName: (v) => (v.trim() ? null : 'Enter your last name'),
      email: (v) => (isValidEmail(v.trim()) ? null : 'Enter a valid email address'),
    },
  });

  if (!partnerCapabilities(partner).gifts) return <PageNotFound />;

  const type = types.find((t) => String(t.id) === typeId) ?? null;
  const monthly = type?.currentSponsoredTypePlans[0]?.monthlyAmount ?? null;
  const months = period === 'open' ? null : Number(period);
  const amount = monthly === null ? null : monthly * (months ?? 1);

  if (phase.kind === 'done') {
    const receipt = receiptPath(phase.gift.receipt);
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
            Your gift is on its way
          </Title>
          <Text>
            We will email {phase.gift.recipientEmail} on {phase.gift.deliverOn} with their gift card and the
            link to redeem it. Your receipt has been sent to you.
          </Text>
          <Text size="sm" c="dimmed">
            To change the recipient&apos;s address or send the gift again, keep this link:{' '}
            <Anchor component={Link} to={`/gift/manage/${phase.gift.manageCode}`}>
              manage your gift
            </Anchor>
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

  const submit = async (values: GiftValues) => {
    if (!card.current || amount === null) return;
    setCardError(null);
    setPhase({ kind: 'processing' });
    const method = await card.current.createPaymentMethod();
    if (method.error || !method.paymentMethod) {
      setCardError(method.error ?? 'Your card could not be used.');
      setPhase({ kind: 'form' });
      return;
    }
    const attempt = {
      partnersId: partner.id,
      sponsoredsId,
      partnerSponsoredTypesId: sponsoredsId ? null : Number(typeId),
      months: months as 3 | 6 | 12 | null,
      amount,
      recipientName: values.recipientName.trim(),
      recipientEmail: values.recipientEmail.trim(),
      message: values.message.trim(),
      deliverOn: values.deliverOn,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    };
    try {
      const gift = await createGift(
        { ...attempt, token: method.paymentMethod },
        idempotency.keyFor(JSON.stringify(attempt)),
      );
      idempotency.settle(null);
      setPhase({ kind: 'done', gift });
    } catch (caught) {
      idempotency.settle(caught);
      setPhase({ kind: 'failed', detail: caught instanceof Error ? caught.message : String(caught) });
    }
  };

  return (
    <Container size="sm" py="xl">
      <Title order={1} ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
        {LABELS.giftSponsorship}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Give someone a sponsorship with {partner.name}: you pay now, they receive a gift card and take it up.
      </Text>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-what">
            <Title order={2} size="h4" id="gift-what" mb="sm">
              Your gift
            </Title>
            <Stack gap="sm">
              {sponsoredsId ? (
                <Text>The sponsorship of the profile you chose.</Text>
              ) : (
                <Select
                  label="Sponsor"
                  description="Your gift goes to the one who has waited longest for a sponsor."
                  data={types.map((t) => ({ value: String(t.id), label: t.customLabelSingular }))}
                  value={typeId}
                  onChange={setTypeId}
                  allowDeselect={false}
                />
              )}
              <div>
                <Text size="sm" fw={500} mb={4} id="gift-period-label">
                  Period
                </Text>
                <SegmentedControl
                  aria-labelledby="gift-period-label"
                  data={PERIODS}
                  value={period}
                  onChange={setPeriod}
                  fullWidth
                />
                <Text size="sm" c="dimmed" mt={4}>
                  {months
                    ? `Paid now for ${months} months; then your recipient may continue with their own card.`
                    : 'You pay the first month; your recipient continues with their own card.'}
                </Text>
              </div>
              {amount !== null && (
                <Text fw={700} size="lg">
                  {formatCents(amount)}
                  {monthly !== null && (
                    <Text span size="sm" c="dimmed" fw={400}>
                      {' '}
                      ({formatCents(monthly)} a month)
                    </Text>
                  )}
                </Text>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-recipient">
            <Title order={2} size="h4" id="gift-recipient" mb="sm">
              Recipient
            </Title>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Recipient's name" required {...form.getInputProps('recipientName')} />
                <TextInput
                  label="Recipient's email"
                  type="email"
                  required
                  {...form.getInputProps('recipientEmail')}
                />
              </SimpleGrid>
              <Textarea
                label="Message"
                description={`Optional, printed on the gift card (${form.values.message.length}/${GIFT_MESSAGE_MAX})`}
                autosize
                minRows={2}
                maxLength={GIFT_MESSAGE_MAX}
                {...form.getInputProps('message')}
              />
              <TextInput
                label="Delivery date"
                type="date"
                min={todayText()}
                required
                {...form.getInputProps('deliverOn')}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-you">
            <Title order={2} size="h4" id="gift-you" mb="sm">
              You
            </Title>
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
                description="Your receipt goes here."
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
            </Stack>
          </Paper>
          <CardPaymentSection
            titleId="gift-card-title"
            cardRef={card}
            onReadyChange={setCardReady}
            cardError={cardError}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              disabled={!cardReady || amount === null || phase.kind === 'processing'}
            >
              {amount === null ? 'Give' : `Give ${formatCents(amount)}`}
            </Button>
          </Group>
        </Stack>
      </form>
      <ProcessingModal
        opened={phase.kind === 'processing'}
        title="Processing your gift"
        message="Please wait while we process your payment."
      />
      <PaymentErrorModal
        opened={phase.kind === 'failed'}
        onClose={() => setPhase({ kind: 'form' })}
        title="Your gift could not be completed"
      >
        {phase.kind === 'failed' && <Text>{phase.detail}</Text>}
      </PaymentErrorModal>
    </Container>
  );
}
