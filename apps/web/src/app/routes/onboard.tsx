import { Alert, Container, Title } from '@mantine/core';
import { MESSAGES } from '@kinship/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useOauthOnboard } from '../../features/onboarding/api/oauth-onboard';

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().replace(/\.$/, '') || 'Unknown error';
}

/**
 * /onboard: the payment provider sends a partner back here with `code` and `state`; they are posted
 * to the server, which answers where to continue. Processing, then a redirect or an error.
 */
export function OnboardRoute() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const onboard = useOauthOnboard();
  const { mutate } = onboard;
  const started = useRef(false);

  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    mutate(
      { state, authorizationCode: code },
      { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
    );
  }, [code, state, mutate]);

  let body;
  if (!code || !state) {
    body = (
      <Alert variant="default" role="alert" title="Onboarding">
        {MESSAGES.invalidOnboarding}
      </Alert>
    );
  } else if (onboard.isError) {
    body = (
      <Alert variant="default" role="alert" title="Onboarding">
        {MESSAGES.failedOnboarding(errorText(onboard.error))}
      </Alert>
    );
  } else {
    body = <LoadingScreen message={onboard.isSuccess ? 'Redirecting…' : 'Completing your onboarding…'} />;
  }

  return (
    <Container component="main" size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        Partner onboarding
      </Title>
      {body}
    </Container>
  );
}
