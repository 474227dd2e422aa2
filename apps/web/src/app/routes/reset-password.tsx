import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  NewPasswordForm,
  RequestPasswordResetForm,
} from '../../features/auth/components/reset-password-form';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * /reset-password: with `?token=` (the link of the reset mail) a new password is chosen; without
 * one (or with an expired link) the reset mail is asked for.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invalid = params.get('error') === 'INVALID_TOKEN';
  usePageTitle('Reset your password');
  return (
    <Container size={440} py="xl">
      <Title order={1} size="h2" ta="center" mb="lg">
        {token ? 'Choose a new password' : 'Reset your password'}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          {invalid && (
            <Alert variant="default" role="alert">
              This reset link is invalid or has expired. Ask for a new one.
            </Alert>
          )}
          {token && !invalid ? <NewPasswordForm token={token} /> : <RequestPasswordResetForm />}
        </Stack>
      </Paper>
      <Text ta="center" mt="md" size="sm">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </Container>
  );
}
