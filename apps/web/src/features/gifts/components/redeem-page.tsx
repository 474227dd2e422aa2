import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatDate,
  LABELS,
  partnerCapabilities,
  TRIAL_REMINDER_DAYS_BEFORE,
  trialReminderDate,
  type CodeRecord,
  type Redeemed,
} from '@kinship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../shared/auth/api/get-me';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { SignUpButton } from '../../../shared/auth/components/sign-up-button';
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
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

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
  const title = kind === 'gift' ? LABELS.redeemGift : LABELS.redeemTrial;
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
          headline: `${gift.giverName || 'Someone'} gave you a sponsorship`,
          detail: gift.months
            ? `Paid for ${gift.months} months.`
            : 'The first month is paid; you continue after it.',
          message: gift.message,
        };
      }
      const trial = await getTrialPreview(code);
      return {
        record: trial.record,
        headline: `A ${trial.days}-day trial sponsorship`,
        detail: `No payment now. Before the ${trial.days} days end we remind you, and you may continue with your card in one step.`,
        message: null,
      };
    },
  });

  const redeem = useMutation({
    mutationFn: (): Promise<Redeemed> =>
      kind === 'gift' ? redeemGift(code) : redeemTrial(code, preview.data!.record.id),
    onSuccess: () => void queryClient.invalidateQueries(),
  });

  if (!enabled) return <PageNotFound />;

  const continueByCard = (done: Redeemed) => {
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
              ? 'Type the code from your gift email or gift card.'
              : 'Type the trial code you were given.'}
          </Text>
          <CodeForm base={base} />
        </Paper>
      )}
      {code !== '' && preview.isPending && <Loader aria-label="Checking your code" />}
      {code !== '' && preview.isError && (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title="This code cannot be used">
            {errorText(preview.error)}
          </Alert>
          <Paper withBorder p="lg" radius="md">
            <CodeForm base={base} label="Try another code" />
          </Paper>
        </Stack>
      )}
      {preview.data && !redeem.data && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              {preview.data.headline}
            </Title>
            <RecordCard record={preview.data.record} caption={preview.data.detail ?? undefined} />
            {preview.data.message && (
              <Text fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
                “{preview.data.message}”
              </Text>
            )}
            {redeem.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorText(redeem.error)}
              </Alert>
            )}
            {me?.signedIn && me.user ? (
              <Group>
                <Button size="md" loading={redeem.isPending} onClick={() => redeem.mutate()}>
                  {kind === 'gift' ? 'Redeem my gift' : 'Start my trial'}
                </Button>
              </Group>
            ) : (
              <Stack gap="xs">
                <Text>
                  Sign in or sign up to {kind === 'gift' ? 'redeem your gift' : 'start your trial'}.
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
      {redeem.data && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md" align="flex-start">
            <Title order={2} size="h3">
              {kind === 'gift' ? 'Your sponsorship has begun' : 'Your trial has begun'}
            </Title>
            {preview.data && <RecordCard record={preview.data.record} />}
            <Text>
              It runs until {new Date(redeem.data.endsAt).toLocaleDateString()}. You can now see the full
              profile, pictures and updates.
            </Text>
            {kind === 'trial' && (
              <Text>
                {trialReminderDate(redeem.data.endsAt).getTime() > Date.now()
                  ? `We will email you a reminder on ${formatDate(trialReminderDate(redeem.data.endsAt))}, ${TRIAL_REMINDER_DAYS_BEFORE} days before it ends.`
                  : 'We will email you a reminder shortly, as it ends within a few days.'}{' '}
                Your sponsorships page shows the trial with its end date and a Keep sponsoring button.
              </Text>
            )}
            <Group>
              <Button component={Link} to={`/sponsored/profile/${redeem.data.sponsoredsId}`}>
                See the profile
              </Button>
              <Button variant="default" onClick={() => continueByCard(redeem.data)}>
                Continue with my card
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
