import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useAuthConfig } from '../api/get-auth-config';
import { startProviderSignIn } from '../../../shared/auth/api/sign-in';

/** 'Continue with {name}' when the site has an OpenID Connect provider; nothing otherwise. */
export function ProviderSignInButton() {
  const { data: config } = useAuthConfig();
  const start = useMutation({ mutationFn: startProviderSignIn });
  const oidc = config?.oidc;
  if (!oidc) return null;
  return (
    <Stack gap="md" mb="md">
      <Button variant="default" onClick={() => start.mutate(oidc.providerId)} loading={start.isPending}>
        {`Continue with ${oidc.name}`}
      </Button>
      {start.isError && (
        <Alert variant="default" role="alert" title="Could not sign in">
          {start.error.message}
        </Alert>
      )}
      <Divider label="or with your email" labelPosition="center" />
    </Stack>
  );
}
