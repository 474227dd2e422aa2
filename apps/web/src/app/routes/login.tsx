import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { ProviderSignInButton } from '../../features/auth/components/provider-sign-in-button';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/** /login: the branded sign-in page; afterwards /redirect returns the person to where they were. */
export function LoginRoute() {
  const partner = usePartner();
  const navigate = useNavigate();
  usePageTitle('Login');
  return (
    <Container size={440} py="xl">
      <Title order={1} size="h2" ta="center">
        Sign in to {partner.name}
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        See your sponsorships, updates and receipts.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <ProviderSignInButton />
        <LoginForm onSignedIn={() => void navigate('/redirect', { replace: true })} />
      </Paper>
      <Text ta="center" mt="md" size="sm">
        New here?{' '}
        <Anchor component={Link} to="/signup">
          Create an account
        </Anchor>
      </Text>
    </Container>
  );
}
