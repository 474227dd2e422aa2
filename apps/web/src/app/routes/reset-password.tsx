import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  NewPasswordForm,
  RequestPasswordResetForm,
} from '../../features/auth/components/reset-password-form';
import { authMessages } from '../../features/auth/messages';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * /reset-password: with `?token=` (the link of the reset mail) a new password is chosen; without
 * one (or with an expired link) the reset mail is asked for.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invalid = params.get('error') === 'INVALID_TOKEN';
  const intl = useIntl();
  const resetTitle = intl.formatMessage({ id: 'auth.reset.title', defaultMessage: 'Reset your password' });
  usePageTitle(resetTitle);
  return (
    <Container size={440} py="xl">
      <Title order={1} size="h2" ta="center" mb="lg">
        {token
          ? intl.formatMessage({ id: 'auth.reset.chooseTitle', defaultMessage: 'Choose a new password' })
          : resetTitle}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          {invalid && (
            <Alert variant="default" role="alert">
              {intl.formatMessage(authMessages.resetLinkInvalid)}
            </Alert>
          )}
          {token && !invalid ? <NewPasswordForm token={token} /> : <RequestPasswordResetForm />}
        </Stack>
      </Paper>
      <Text ta="center" mt="md" size="sm">
        <Anchor component={Link} to="/login">
          <FormattedMessage id="auth.reset.backToSignIn" defaultMessage="Back to sign in" />
        </Anchor>
      </Text>
    </Container>
  );
}
