import { Alert, Container, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useOauthOnboard } from '../../features/onboarding/api/oauth-onboard';
import { onboardMessages } from '../../features/onboarding/messages';

function errorText(error: unknown, intl: IntlShape): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text.trim().replace(/\.$/, '') ||
    intl.formatMessage({ id: 'onboard.unknownError', defaultMessage: 'Unknown error' })
  );
}

/**
 * /onboard: the payment provider sends a partner back here with `code` and `state`; they are posted
 * to the server, which answers where to continue. Processing, then a redirect or an error.
 */
export function OnboardRoute() {
  const intl = useIntl();
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

  const title = intl.formatMessage({ id: 'onboard.alertTitle', defaultMessage: 'Onboarding' });
  let body;
  if (!code || !state) {
    body = (
      <Alert variant="default" role="alert" title={title}>
        {intl.formatMessage(onboardMessages.invalid)}
      </Alert>
    );
  } else if (onboard.isError) {
    body = (
      <Alert variant="default" role="alert" title={title}>
        {intl.formatMessage(onboardMessages.failed, { error: errorText(onboard.error, intl) })}
      </Alert>
    );
  } else {
    body = (
      <LoadingScreen
        message={
          onboard.isSuccess
            ? intl.formatMessage({ id: 'onboard.redirecting', defaultMessage: 'Redirecting…' })
            : intl.formatMessage({ id: 'onboard.completing', defaultMessage: 'Completing your onboarding…' })
        }
      />
    );
  }

  return (
    <Container component="main" size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        <FormattedMessage id="onboard.title" defaultMessage="Partner onboarding" />
      </Title>
      {body}
    </Container>
  );
}
