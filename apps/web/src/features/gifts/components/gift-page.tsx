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
import { GIFT_MESSAGE_MAX, isValidEmail, partnerCapabilities, type GiftCreated } from '@kinship/domain';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { PaymentErrorModal, ProcessingModal } from '../../../components/payment-modals';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useLabels } from '../../../i18n/labels';
import { useFormat } from '../../../i18n/use-format';
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

const PERIOD_MONTHS = [3, 6, 12];

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
  const intl = useIntl();
  const format = useFormat();
  const labels = useLabels();
  usePageTitle(labels.giftSponsorship);
  const periods = [
    ...PERIOD_MONTHS.map((count) => ({
      value: String(count),
      label: intl.formatMessage(
        { id: 'gift.period.months', defaultMessage: '{count, plural, one {# month} other {# months}}' },
        { count },
      ),
    })),
    { value: 'open', label: intl.formatMessage({ id: 'gift.period.open', defaultMessage: 'Open-ended' }) },
  ];
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
      recipientName: (v) =>
        v.trim()
          ? null
          : intl.formatMessage({
              id: 'gift.enterRecipientName',
              defaultMessage: "Enter your recipient's name",
            }),
      recipientEmail: (v) =>
        isValidEmail(v.trim())
          ? null
          : intl.formatMessage({
              id: 'gift.enterRecipientEmail',
              defaultMessage: "Enter your recipient's email address",
            }),
      message: (v) =>
        v.length <= GIFT_MESSAGE_MAX
          ? null
          : intl.formatMessage(
              { id: 'gift.messageTooLong', defaultMessage: 'Keep your message to {max} characters' },
              { max: GIFT_MESSAGE_MAX },
            ),
      deliverOn: (v) =>
        /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= todayText()
          ? null
          : intl.formatMessage({ id: 'gift.chooseDay', defaultMessage: 'Choose today or a later day' }),
      firstName: (v) =>
        v.trim()
          ? null
          : intl.formatMessage({ id: 'gift.enterFirstName', defaultMessage: 'Enter your first name' }),
      lastName: (v) =>
        v.trim()
          ? null
          : intl.formatMessage({ id: 'gift.enterLastName', defaultMessage: 'Enter your last name' }),
      email: (v) =>
        isValidEmail(v.trim())
          ? null
          : intl.formatMessage({ id: 'gift.enterValidEmail', defaultMessage: 'Enter a valid email address' }),
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
            <FormattedMessage id="gift.done.title" defaultMessage="Your gift is on its way" />
          </Title>
          <Text>
            <FormattedMessage
              id="gift.done.body"
              defaultMessage="We will email {email} on {date} with their gift card and the link to redeem it. Your receipt has been sent to you."
              values={{ email: phase.gift.recipientEmail, date: format.date(phase.gift.deliverOn) }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="gift.done.manage"
              defaultMessage="To change the recipient's address or send the gift again, keep this link: <link>manage your gift</link>"
              values={{
                link: (chunks) => (
                  <Anchor component={Link} to={`/gift/manage/${phase.gift.manageCode}`}>
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
          {receipt.internal ? (
            <Button component={Link} to={receipt.href}>
              <FormattedMessage id="gift.done.viewReceipt" defaultMessage="View your receipt" />
            </Button>
          ) : (
            <Button component="a" href={receipt.href}>
              <FormattedMessage id="gift.done.viewReceipt" defaultMessage="View your receipt" />
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
      setCardError(
        method.error ??
          intl.formatMessage({ id: 'gift.cardUnusable', defaultMessage: 'Your card could not be used.' }),
      );
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
        {labels.giftSponsorship}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        <FormattedMessage
          id="gift.intro"
          defaultMessage="Give someone a sponsorship with {name}: you pay now, they receive a gift card and take it up."
          values={{ name: partner.name }}
        />
      </Text>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-what">
            <Title order={2} size="h4" id="gift-what" mb="sm">
              <FormattedMessage id="gift.section.gift" defaultMessage="Your gift" />
            </Title>
            <Stack gap="sm">
              {sponsoredsId ? (
                <Text>
                  <FormattedMessage
                    id="gift.chosenProfile"
                    defaultMessage="The sponsorship of the profile you chose."
                  />
                </Text>
              ) : (
                <Select
                  label={intl.formatMessage({ id: 'gift.type', defaultMessage: 'Sponsor' })}
                  description={intl.formatMessage({
                    id: 'gift.typeHint',
                    defaultMessage: 'Your gift goes to the one who has waited longest for a sponsor.',
                  })}
                  data={types.map((t) => ({ value: String(t.id), label: t.customLabelSingular }))}
                  value={typeId}
                  onChange={setTypeId}
                  allowDeselect={false}
                />
              )}
              <div>
                <Text size="sm" fw={500} mb={4} id="gift-period-label">
                  <FormattedMessage id="gift.period" defaultMessage="Period" />
                </Text>
                <SegmentedControl
                  aria-labelledby="gift-period-label"
                  data={periods}
                  value={period}
                  onChange={setPeriod}
                  fullWidth
                />
                <Text size="sm" c="dimmed" mt={4}>
                  {months ? (
                    <FormattedMessage
                      id="gift.period.paidNow"
                      defaultMessage="Paid now for {months} months; then your recipient may continue with their own card."
                      values={{ months }}
                    />
                  ) : (
                    <FormattedMessage
                      id="gift.period.firstMonth"
                      defaultMessage="You pay the first month; your recipient continues with their own card."
                    />
                  )}
                </Text>
              </div>
              {amount !== null && (
                <Text fw={700} size="lg">
                  {format.cents(amount)}
                  {monthly !== null && (
                    <Text span size="sm" c="dimmed" fw={400}>
                      <FormattedMessage
                        id="gift.perMonth"
                        defaultMessage=" ({amount} a month)"
                        values={{ amount: format.cents(monthly) }}
                      />
                    </Text>
                  )}
                </Text>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-recipient">
            <Title order={2} size="h4" id="gift-recipient" mb="sm">
              <FormattedMessage id="gift.section.recipient" defaultMessage="Recipient" />
            </Title>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={intl.formatMessage({ id: 'gift.recipientName', defaultMessage: "Recipient's name" })}
                  required
                  {...form.getInputProps('recipientName')}
                />
                <TextInput
                  label={intl.formatMessage({
                    id: 'gifts.recipientEmail',
                    defaultMessage: "Recipient's email",
                  })}
                  type="email"
                  required
                  {...form.getInputProps('recipientEmail')}
                />
              </SimpleGrid>
              <Textarea
                label={intl.formatMessage({ id: 'gift.message', defaultMessage: 'Message' })}
                description={intl.formatMessage(
                  {
                    id: 'gift.messageHint',
                    defaultMessage: 'Optional, printed on the gift card ({length}/{max})',
                  },
                  { length: form.values.message.length, max: GIFT_MESSAGE_MAX },
                )}
                autosize
                minRows={2}
                maxLength={GIFT_MESSAGE_MAX}
                {...form.getInputProps('message')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'gift.deliveryDate', defaultMessage: 'Delivery date' })}
                type="date"
                min={todayText()}
                required
                {...form.getInputProps('deliverOn')}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-you">
            <Title order={2} size="h4" id="gift-you" mb="sm">
              <FormattedMessage id="gift.section.you" defaultMessage="You" />
            </Title>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={intl.formatMessage({ id: 'gift.firstName', defaultMessage: 'First name' })}
                  autoComplete="given-name"
                  required
                  {...form.getInputProps('firstName')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'gift.lastName', defaultMessage: 'Last name' })}
                  autoComplete="family-name"
                  required
                  {...form.getInputProps('lastName')}
                />
              </SimpleGrid>
              <TextInput
                label={intl.formatMessage({ id: 'gift.email', defaultMessage: 'Email' })}
                description={intl.formatMessage({
                  id: 'gift.emailHint',
                  defaultMessage: 'Your receipt goes here.',
                })}
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
              {amount === null ? (
                <FormattedMessage id="gift.give" defaultMessage="Give" />
              ) : (
                <FormattedMessage
                  id="gift.giveAmount"
                  defaultMessage="Give {amount}"
                  values={{ amount: format.cents(amount) }}
                />
              )}
            </Button>
          </Group>
        </Stack>
      </form>
      <ProcessingModal
        opened={phase.kind === 'processing'}
        title={intl.formatMessage({ id: 'gift.processing', defaultMessage: 'Processing your gift' })}
        message={intl.formatMessage({
          id: 'gift.processingWait',
          defaultMessage: 'Please wait while we process your payment.',
        })}
      />
      <PaymentErrorModal
        opened={phase.kind === 'failed'}
        onClose={() => setPhase({ kind: 'form' })}
        title={intl.formatMessage({ id: 'gift.failed', defaultMessage: 'Your gift could not be completed' })}
      >
        {phase.kind === 'failed' && <Text>{phase.detail}</Text>}
      </PaymentErrorModal>
    </Container>
  );
}
