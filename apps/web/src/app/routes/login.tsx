import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { ProviderSignInButton } from '../../features/auth/components/provider-sign-in-button';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLabels } from '../../i18n/labels';

/** /login: the branded sign-in page; afterwards /redirect returns the person to where they were. */
export function LoginRoute() {
  const partner = usePartner();
  const navigate = useNavigate();
  const labels = useLabels();
  usePageTitle(labels.login);
  return (
    <Container size={440} py="xl">
      <Title order={1} size="h2" ta="center">
        <FormattedMessage
          id="auth.login.title"
          defaultMessage="Sign in to {name}"
          values={{ name: partner.name }}
        />
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        <FormattedMessage
          id="auth.login.intro"
          defaultMessage="See your sponsorships, updates and receipts."
        />
      </Text>
      <Paper withBorder p="lg" radius="md">
        <ProviderSignInButton />
        <LoginForm onSignedIn={() => void navigate('/redirect', { replace: true })} />
      </Paper>
      <Text ta="center" mt="md" size="sm">
        <FormattedMessage
          id="auth.login.newHere"
          defaultMessage="New here? <link>Create an account</link>"
          values={{
            link: (chunks) => (
              <Anchor component={Link} to="/signup">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Container>
  );
}
