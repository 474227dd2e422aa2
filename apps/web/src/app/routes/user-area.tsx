import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { Feature, hasFeature, type User } from '@kinship/domain';
import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useUserSponsoreds } from '../../features/account/api/get-user-sponsoreds';
import { ProfileDetailsPanel } from '../../features/account/components/profile-details-panel';
import { SponsorshipsPanel } from '../../features/account/components/sponsorships-panel';
import { LoginButton } from '../../shared/auth/components/login-button';
import { ManualSponsorships } from '../../features/cart/components/manual-sponsorships';
import { TrialSponsorships } from '../../features/cart/components/trial-sponsorships';
import { useDisplayName } from '../../features/auth/display-name';
import { useViewer } from '../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../shared/partner/partner-context';
import { PaymentSettingsPanel } from '../../features/payments/components/payment-settings-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLabels } from '../../i18n/labels';
import { lazyNamed } from '../../lib/lazy-with-timeout';
import { NotFoundRoute } from './not-found';
import classes from './user-area.module.css';

// Letters (feature 4, Messages) load when first opened: the composer and its pre-screen stay out of the area's chunk.
const LettersPage = lazyNamed(() => import('../../features/account/components/letters-page'), 'LettersPage');

/** The subscriptions behind the person's sponsorships here, newest first. */
function PaymentSettingsRoute({
  user,
  partnerName,
  partnersId,
}: {
  user: User;
  partnerName: string;
  partnersId: number;
}) {
  const sponsoreds = useUserSponsoreds(user.id);
  const subscriptionIds = [
    ...new Set(
      (sponsoreds.data ?? []).flatMap((line) => (line.subscriptionsId ? [line.subscriptionsId] : [])),
    ),
  ].sort((a, b) => b - a);
  return (
    <Stack gap="lg">
      <PaymentSettingsPanel usersId={user.id} subscriptionIds={subscriptionIds} partnerName={partnerName} />
      <TrialSponsorships lines={sponsoreds.data ?? []} partnersId={partnersId} />
      <ManualSponsorships lines={sponsoreds.data ?? []} partnersId={partnersId} />
    </Stack>
  );
}

/** The sponsorships tab, with the trials to keep and the manual ones that can be paid by card. */
function SponsorshipsRoute({ user, partnersId }: { user: User; partnersId: number }) {
  const sponsoreds = useUserSponsoreds(user.id);
  return (
    <Stack gap="lg">
      <TrialSponsorships lines={sponsoreds.data ?? []} partnersId={partnersId} />
      <ManualSponsorships lines={sponsoreds.data ?? []} partnersId={partnersId} />
      <SponsorshipsPanel usersId={user.id} partnersId={partnersId} />
    </Stack>
  );
}

/**
 * /profile/* (lazy): the signed-in person's area: sponsorships, payment settings, letters (when the
 * partner has feature 4, Messages) and their details.
 */
export function UserAreaRoute() {
  const partner = usePartner();
  const { isLoading, me } = useViewer(partner.id);
  const labels = useLabels();
  const displayName = useDisplayName();
  usePageTitle(labels.myProfile);

  if (isLoading) return <LoadingScreen />;
  if (!me?.signedIn) {
    return (
      <Container size="md" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>{labels.myProfile}</Title>
          <Text>
            <FormattedMessage
              id="account.signInToSee"
              defaultMessage="Please sign in to see your sponsorships and payment settings."
            />
          </Text>
          <LoginButton variant="filled" />
        </Stack>
      </Container>
    );
  }

  const user = me.user;
  const letters = hasFeature(partner, Feature.Messages);
  return (
    <Container size="md" py="xl">
      <Title order={1}>{displayName(user)}</Title>
      {!user ? (
        <Text mt="xs" c="dimmed">
          <FormattedMessage
            id="account.noDetailsYet"
            defaultMessage="Your account is ready; your contact details have not been added yet."
          />
        </Text>
      ) : (
        <>
          <Group component="nav" aria-label={labels.myProfile} gap="xs" mt="md" mb="lg">
            <NavLink to="/profile/sponsorships" className={classes.tab}>
              <FormattedMessage id="account.tab.sponsorships" defaultMessage="Sponsorships" />
            </NavLink>
            <NavLink to="/profile/paymentsettings" className={classes.tab}>
              <FormattedMessage id="account.tab.paymentSettings" defaultMessage="Payment settings" />
            </NavLink>
            {letters && (
              <NavLink to="/profile/letters" className={classes.tab}>
                <FormattedMessage id="letters.tab" defaultMessage="Letters" />
              </NavLink>
            )}
            <NavLink to="/profile/details" className={classes.tab}>
              <FormattedMessage id="account.tab.details" defaultMessage="My details" />
            </NavLink>
          </Group>
          <Routes>
            <Route index element={<Navigate to="/profile/sponsorships" replace />} />
            <Route path="sponsorships" element={<SponsorshipsRoute user={user} partnersId={partner.id} />} />
            <Route
              path="paymentsettings"
              element={
                <PaymentSettingsRoute user={user} partnerName={partner.name} partnersId={partner.id} />
              }
            />
            {letters && (
              <Route
                path="letters"
                element={
                  <Suspense fallback={<LoadingScreen />}>
                    <LettersPage usersId={user.id} partnersId={partner.id} />
                  </Suspense>
                }
              />
            )}
            <Route path="details" element={<ProfileDetailsPanel user={user} />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Routes>
        </>
      )}
    </Container>
  );
}
