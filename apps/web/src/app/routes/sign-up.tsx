import { Alert, Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { ProviderSignInButton } from '../../features/auth/components/provider-sign-in-button';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * /signup: create an account on this partner's site, then continue where the person was (also from
 * the confirmation link). `?email=` prefills the address (a staff invitation's link passes it).
 */
export function SignUpRoute() {
  const partner = usePartner();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitedEmail = params.get('email')?.trim().slice(0, 254) ?? '';
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  usePageTitle('Sign up');
  if (awaitingConfirmation) {
    return (
      <Container size={480} py="xl">
        <Title order={1} size="h2" ta="center" mb="lg">
          Check your email
        </Title>
        <Alert variant="default" title="Confirm your address" role="status">
          We sent a confirmation link to <strong>{awaitingConfirmation}</strong>. Follow it to finish creating
          your {partner.name} account: it signs you in and brings you back to the page you came from.
        </Alert>
        <Text ta="center" mt="md" size="sm">
          <Anchor component={Link} to="/login">
            Go to sign in
          </Anchor>
        </Text>
      </Container>
    );
  }
  return (
    <Container size={480} py="xl">
      <Title order={1} size="h2" ta="center">
        Join {partner.name}
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        Create an account to sponsor, give and follow the people you support.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <ProviderSignInButton />
        <SignUpForm
          initialEmail={invitedEmail}
          onSignedUp={({ signedIn, email }) =>
            signedIn ? void navigate('/redirect', { replace: true }) : setAwaitingConfirmation(email)
          }
        />
      </Paper>
      <Text ta="center" mt="md" size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </Container>
  );
}
