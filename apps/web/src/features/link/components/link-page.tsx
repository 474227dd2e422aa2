import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatLinkCode, normaliseLinkCode, type LinkedSponsorship } from '@kinship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { SignUpButton } from '../../../shared/auth/components/sign-up-button';
import { meQueryOptions, useMe } from '../../../shared/auth/api/get-me';
import { linkSponsorship } from '../api/link-sponsorship';
import { linkMessages } from '../messages';
import { usePayByCard } from '../../../shared/cart/use-pay-by-card';

/** An example link code (a pattern, the same in every language). */
const CODE_EXAMPLE = 'K7MQP-3XWRT';

/**
 * /link/{redeemCode?} (SPEC section 2): a sponsor whose sponsorship the partner recorded offline
 * types the link code from their email (or follows the emailed link, which fills it in) to attach
 * the sponsorship to their account, then may pay it by card: the record goes into the cart as a
 * conversion line, as "Pay by card" on the sponsorships page does.
 */
export function LinkPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'link.title', defaultMessage: 'Link your sponsorship' });
  usePageTitle(title);
  const { redeemCode } = useParams();
  const { data: me, isPending } = useMe();
  const [code, setCode] = useState(redeemCode ? formatLinkCode(redeemCode.toUpperCase()) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [linked, setLinked] = useState<LinkedSponsorship | null>(null);
  const queryClient = useQueryClient();
  const payByCard = usePayByCard();

  if (isPending) return <LoadingScreen />;

  const submit = async () => {
    setError(null);
    if (!normaliseLinkCode(code)) {
      setError(intl.formatMessage(linkMessages.codeFormat));
      return;
    }
    setBusy(true);
    try {
      const answer = await linkSponsorship(code);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      setLinked(answer);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    // Inside the site layout's <main id="main-content">: a second main would nest landmarks.
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Text>
          <FormattedMessage
            id="link.intro"
            defaultMessage="If you sponsor with us by cheque, transfer or cash, we sent you a link code by email. Enter it here to see the sponsorship in your account; you can then pay it by card if you wish."
          />
        </Text>
        {!me?.signedIn ? (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Text fw={600}>
                <FormattedMessage id="link.signInFirst" defaultMessage="Sign in or sign up first" />
              </Text>
              <Text size="sm">
                <FormattedMessage
                  id="link.anyEmail"
                  defaultMessage="Use any email address you like: the code attaches the sponsorship to the account you are signed in with. You will come back here afterwards."
                />
              </Text>
              <Group>
                <LoginButton variant="filled" />
                <SignUpButton variant="default" />
              </Group>
            </Stack>
          </Paper>
        ) : linked ? (
          <Alert
            color="green"
            title={intl.formatMessage({ id: 'link.linked', defaultMessage: 'Linked' })}
            role="status"
          >
            <Stack gap="sm">
              <Text>
                <FormattedMessage
                  id="link.done"
                  defaultMessage="Your sponsorship of {name} ({count, plural, one {# slot} other {# slots}}) is now in your account."
                  values={{ name: linked.name, count: linked.numSlots }}
                />
              </Text>
              <Group>
                <Button onClick={() => payByCard(linked)}>
                  <FormattedMessage id="link.payByCard" defaultMessage="Pay by card" />
                </Button>
                <Button component={Link} to="/profile/sponsorships" variant="default">
                  <FormattedMessage id="link.seeSponsorships" defaultMessage="See my sponsorships" />
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Paper
            withBorder
            p="lg"
            radius="md"
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage({ id: 'link.code', defaultMessage: 'Link code' })}
                description={intl.formatMessage({
                  id: 'link.codeHint',
                  defaultMessage: '10 letters and digits, from the email we sent you',
                })}
                placeholder={CODE_EXAMPLE}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                required
                error={error}
                styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  <FormattedMessage id="link.submit" defaultMessage="Link to my account" />
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
