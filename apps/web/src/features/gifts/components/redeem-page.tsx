import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  partnerCapabilities,
  TRIAL_REMINDER_DAYS_BEFORE,
  trialReminderDate,
  type CodeRecord,
  type Redeemed,
  type RedeemedByViewer,
} from '@kinship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useLabels } from '../../../i18n/labels';
import { useFormat } from '../../../i18n/use-format';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../shared/auth/api/get-me';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { SignUpButton } from '../../../shared/auth/components/sign-up-button';
import { askForNewUserDetails } from '../../../shared/auth/new-user-details';
import { addToCart } from '../../../shared/cart/cart-store';
import { usePartner } from '../../../shared/partner/partner-context';
import { getGiftPreview, getTrialPreview, redeemGift, redeemTrial } from '../api/gifts-api';
import { CodeForm } from './code-form';
import { RecordCard } from './record-card';

interface Preview {
  record: CodeRecord;
  headline: string;
  detail: string | null;
  message: string | null;
  /** The viewer's own earlier redemption of this code. */
  redeemedByYou: RedeemedByViewer | null;
}

const errorText = (error: unknown, intl: IntlShape) =>
  error instanceof ApiError
    ? error.message
    : intl.formatMessage({
        id: 'redeem.somethingWrong',
        defaultMessage: 'Something went wrong. Please try again.',
      });

/** /redeem/{redeemCode?} (feature Gifts). */
export function RedeemGiftPage() {
  return <RedeemPage kind="gift" />;
}

/** /redeemtrial/{redeemCode?} (feature Trials). */
export function RedeemTrialPage() {
  return <RedeemPage kind="trial" />;
}

/**
 * A code's page: without a code, a form to type it; with one, what it gives (or plainly why it
 * cannot be used), then sign in or sign up, and one button to take it up. A trial then offers to
 * continue with a card at once (checkout's conversion of the new sponsorship).
 */
function RedeemPage({ kind }: { kind: 'gift' | 'trial' }) {
  const partner = usePartner();
  const intl = useIntl();
  const format = useFormat();
  const labels = useLabels();
  const title = kind === 'gift' ? labels.redeemGift : labels.redeemTrial;
  usePageTitle(title);
  const { redeemCode } = useParams();
  const code = redeemCode?.trim() ?? '';
  const { data: me } = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enabled = kind === 'gift' ? partnerCapabilities(partner).gifts : partnerCapabilities(partner).trials;
  const base = kind === 'gift' ? '/redeem' : '/redeemtrial';

  const preview = useQuery({
    queryKey: ['code-preview', kind, code],
    enabled: enabled && code !== '',
    retry: false,
    staleTime: Infinity,
    queryFn: async (): Promise<Preview> => {
      if (kind === 'gift') {
        const gift = await getGiftPreview(code);
        return {
          record: gift.record,
          headline: gift.giverName
            ? intl.formatMessage(
                { id: 'redeem.gift.headline', defaultMessage: '{giver} gave you a sponsorship' },
                { giver: gift.giverName },
              )
            : intl.formatMessage({
                id: 'redeem.gift.headlineSomeone',
                defaultMessage: 'Someone gave you a sponsorship',
              }),
          detail: gift.months
            ? intl.formatMessage(
                {
                  id: 'redeem.gift.paidFor',
                  defaultMessage: '{months, plural, one {Paid for # month.} other {Paid for # months.}}',
                },
                { months: gift.months },
              )
            : intl.formatMessage({
                id: 'redeem.gift.firstMonthPaid',
                defaultMessage: 'The first month is paid; you continue after it.',
              }),
          message: gift.message,
          redeemedByYou: gift.redeemedByYou,
        };
      }
      const trial = await getTrialPreview(code);
      return {
        record: trial.record,
        headline: intl.formatMessage(
          { id: 'redeem.trial.headline', defaultMessage: 'A {days}-day trial sponsorship' },
          { days: trial.days },
        ),
        detail: intl.formatMessage(
          {
            id: 'redeem.trial.detail',
            defaultMessage:
              'No payment now. Before the {days} days end we remind you, and you may continue with your card in one step.',
          },
          { days: trial.days },
        ),
        message: null,
        redeemedByYou: trial.redeemedByYou,
      };
    },
  });

  const redeem = useMutation({
    mutationFn: (): Promise<Redeemed> =>
      kind === 'gift' ? redeemGift(code) : redeemTrial(code, preview.data!.record.id),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  // The person's own redemption, just now or earlier (the code's GET tells its redeemer): never an error.
  const earlier = preview.data?.redeemedByYou ?? null;
  const done: RedeemedByViewer | null = redeem.data
    ? {
        sponsoredsId: redeem.data.sponsoredsId,
        endsAt: redeem.data.endsAt,
        redeemedAt: earlier?.redeemedAt ?? new Date().toISOString(),
      }
    : earlier;
  // Signed in with no person record yet: the new-user dialog is (or opens again) over this page.
  const needsDetails = Boolean(me?.signedIn && me.isNew);

  if (!enabled) return <PageNotFound />;

  const continueByCard = (done: { sponsoredsId: number }) => {
    addToCart({
      id: String(done.sponsoredsId),
      sponsoredsId: done.sponsoredsId,
      quantity: 1,
      isConversion: true,
    });
    void navigate('/checkout');
  };

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {title}
      </Title>
      {code === '' && (
        <Paper withBorder p="lg" radius="md">
          <Text mb="sm">
            {kind === 'gift'
              ? intl.formatMessage({
                  id: 'redeem.gift.typeCode',
                  defaultMessage: 'Type the code from your gift email or gift card.',
                })
              : intl.formatMessage({
                  id: 'redeem.trial.typeCode',
                  defaultMessage: 'Type the trial code you were given.',
                })}
          </Text>
          <CodeForm base={base} />
        </Paper>
      )}
      {code !== '' && preview.isPending && (
        <Loader
          aria-label={intl.formatMessage({ id: 'redeem.checking', defaultMessage: 'Checking your code' })}
        />
      )}
      {code !== '' && preview.isError && !done && (
        <Stack gap="md">
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={intl.formatMessage({ id: 'redeem.cannotUse', defaultMessage: 'This code cannot be used' })}
          >
            {errorText(preview.error, intl)}
          </Alert>
          <Paper withBorder p="lg" radius="md">
            <CodeForm
              base={base}
              label={intl.formatMessage({ id: 'redeem.tryAnother', defaultMessage: 'Try another code' })}
            />
          </Paper>
        </Stack>
      )}
      {preview.data && !done && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              {preview.data.headline}
            </Title>
            <RecordCard record={preview.data.record} caption={preview.data.detail ?? undefined} />
            {preview.data.message && (
              <Text fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
                <FormattedMessage
                  id="redeem.quotedMessage"
                  defaultMessage="“{message}”"
                  values={{ message: preview.data.message }}
                />
              </Text>
            )}
            {redeem.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorText(redeem.error, intl)}
              </Alert>
            )}
            {me?.signedIn ? (
              <Stack gap="xs" align="flex-start">
                {needsDetails && (
                  <Text>
                    {kind === 'gift' ? (
                      <FormattedMessage
                        id="redeem.gift.saveDetailsFirst"
                        defaultMessage="Save your details to finish setting up your account, then redeem your gift."
                      />
                    ) : (
                      <FormattedMessage
                        id="redeem.trial.saveDetailsFirst"
                        defaultMessage="Save your details to finish setting up your account, then start your trial."
                      />
                    )}
                  </Text>
                )}
                <Button
                  size="md"
                  loading={redeem.isPending}
                  onClick={() => (needsDetails ? askForNewUserDetails() : redeem.mutate())}
                >
                  {kind === 'gift' ? (
                    <FormattedMessage id="redeem.gift.redeem" defaultMessage="Redeem my gift" />
                  ) : (
                    <FormattedMessage id="redeem.trial.start" defaultMessage="Start my trial" />
                  )}
                </Button>
              </Stack>
            ) : (
              <Stack gap="xs">
                <Text>
                  {kind === 'gift' ? (
                    <FormattedMessage
                      id="redeem.gift.signInFirst"
                      defaultMessage="Sign in or sign up to redeem your gift."
                    />
                  ) : (
                    <FormattedMessage
                      id="redeem.trial.signInFirst"
                      defaultMessage="Sign in or sign up to start your trial."
                    />
                  )}
                </Text>
                <Group>
                  <SignUpButton />
                  <LoginButton />
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      {done && (
        <Paper withBorder p="lg" radius="md" role="status">
          <Stack gap="md" align="flex-start">
            <Title order={2} size="h3">
              {kind === 'gift' ? (
                <FormattedMessage id="redeem.gift.begun" defaultMessage="Your sponsorship has begun" />
              ) : (
                <FormattedMessage id="redeem.trial.begun" defaultMessage="Your trial has begun" />
              )}
            </Title>
            {preview.data && <RecordCard record={preview.data.record} />}
            <Text>
              {kind === 'gift' ? (
                <FormattedMessage
                  id="redeem.gift.done"
                  defaultMessage="You redeemed this gift on {date}.{hasEnd, select, yes { It runs until {end}.} other {}} You can now see the full profile, pictures and updates."
                  values={{
                    date: format.date(new Date(done.redeemedAt)),
                    hasEnd: done.endsAt ? 'yes' : 'no',
                    end: done.endsAt ? format.date(new Date(done.endsAt)) : '',
                  }}
                />
              ) : (
                <FormattedMessage
                  id="redeem.trial.done"
                  defaultMessage="You started this trial on {date}.{hasEnd, select, yes { It runs until {end}.} other {}} You can now see the full profile, pictures and updates."
                  values={{
                    date: format.date(new Date(done.redeemedAt)),
                    hasEnd: done.endsAt ? 'yes' : 'no',
                    end: done.endsAt ? format.date(new Date(done.endsAt)) : '',
                  }}
                />
              )}
            </Text>
            {kind === 'trial' && done.endsAt && (
              <Text>
                {trialReminderDate(done.endsAt).getTime() > Date.now() ? (
                  <FormattedMessage
                    id="redeem.trial.reminderOn"
                    defaultMessage="We will email you a reminder on {date}, {days} days before it ends. Your sponsorships page shows the trial with its end date and a Keep sponsoring button."
                    values={{
                      date: format.date(trialReminderDate(done.endsAt)),
                      days: TRIAL_REMINDER_DAYS_BEFORE,
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="redeem.trial.reminderSoon"
                    defaultMessage="We will email you a reminder shortly, as it ends within a few days. Your sponsorships page shows the trial with its end date and a Keep sponsoring button."
                  />
                )}
              </Text>
            )}
            <Group>
              <Button component={Link} to={`/sponsored/profile/${done.sponsoredsId}`}>
                <FormattedMessage id="redeem.seeProfile" defaultMessage="See the profile" />
              </Button>
              <Button variant="default" onClick={() => continueByCard(done)}>
                <FormattedMessage id="redeem.continueByCard" defaultMessage="Continue with my card" />
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
