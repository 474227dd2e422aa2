import { Alert, Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { ProviderSignInButton } from '../../features/auth/components/provider-sign-in-button';
import { usePartner } from '../../shared/partner/partner-context';
import { authMessages } from '../../features/auth/messages';
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
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.signUp.pageTitle', defaultMessage: 'Sign up' }));
  if (awaitingConfirmation) {
    return (
      <Container size={480} py="xl">
        <Title order={1} size="h2" ta="center" mb="lg">
          <FormattedMessage id="auth.signUp.checkEmail" defaultMessage="Check your email" />
        </Title>
        <Alert
          variant="default"
          title={intl.formatMessage({
            id: 'auth.signUp.confirmTitle',
            defaultMessage: 'Confirm your address',
          })}
          role="status"
        >
          <FormattedMessage
            id="auth.signUp.confirmBody"
            defaultMessage="We sent a confirmation link to <b>{email}</b>. Follow it to finish creating your {name} account: it signs you in and brings you back to the page you came from."
            values={{
              email: awaitingConfirmation,
              name: partner.name,
              b: (chunks) => <strong>{chunks}</strong>,
            }}
          />
        </Alert>
        <Text ta="center" mt="md" size="sm">
          <Anchor component={Link} to="/login">
            {intl.formatMessage(authMessages.goToSignIn)}
          </Anchor>
        </Text>
      </Container>
    );
  }
  return (
    <Container size={480} py="xl">
      <Title order={1} size="h2" ta="center">
        <FormattedMessage
          id="auth.signUp.title"
          defaultMessage="Join {name}"
          values={{ name: partner.name }}
        />
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        <FormattedMessage
          id="auth.signUp.intro"
          defaultMessage="Create an account to sponsor, give and follow the people you support."
        />
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
        <FormattedMessage
          id="auth.signUp.haveAccount"
          defaultMessage="Already have an account? <link>Sign in</link>"
          values={{
            link: (chunks) => (
              <Anchor component={Link} to="/login">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Container>
  );
}
