import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuthConfig } from '../api/get-auth-config';
import { startProviderSignIn } from '../../../shared/auth/api/sign-in';
import { authMessages } from '../messages';

/** 'Continue with {name}' when the site has an OpenID Connect provider; nothing otherwise. */
export function ProviderSignInButton() {
  const intl = useIntl();
  const { data: config } = useAuthConfig();
  const start = useMutation({ mutationFn: startProviderSignIn });
  const oidc = config?.oidc;
  if (!oidc) return null;
  return (
    <Stack gap="md" mb="md">
      <Button variant="default" onClick={() => start.mutate(oidc.providerId)} loading={start.isPending}>
        <FormattedMessage
          id="auth.provider.continueWith"
          defaultMessage="Continue with {name}"
          values={{ name: oidc.name }}
        />
      </Button>
      {start.isError && (
        <Alert variant="default" role="alert" title={intl.formatMessage(authMessages.couldNotSignIn)}>
          {start.error.message}
        </Alert>
      )}
      <Divider
        label={intl.formatMessage({ id: 'auth.provider.orEmail', defaultMessage: 'or with your email' })}
        labelPosition="center"
      />
    </Stack>
  );
}
