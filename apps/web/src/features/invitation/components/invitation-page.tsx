import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { meQueryOptions, useMe } from '../../../shared/auth/api/get-me';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { SignUpButton } from '../../../shared/auth/components/sign-up-button';
import { acceptInvitation, invitationLinkQueryOptions } from '../api/invitation-api';
import { invitationMessages, roleMessage } from '../messages';

/**
 * /invitation/{token}: the landing page of a staff invitation's link (decision 045). A visitor
 * signs in or signs up with the invited address (both come back here), then joins; the
 * Administration link appears at once.
 */
export function InvitationPage() {
  const intl = useIntl();
  const invitation = intl.formatMessage({ id: 'invitation.title', defaultMessage: 'Invitation' });
  usePageTitle(invitation);
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const me = useMe();
  const link = useQuery(invitationLinkQueryOptions(token));
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: invitationLinkQueryOptions(token).queryKey });
    },
  });

  if (link.isPending || me.isPending) return <LoadingScreen />;
  return (
    <Container size={560} py="xl">
      <Paper withBorder p="lg" radius="md">
        {link.isError ? (
          <Stack gap="sm">
            <Title order={1} size="h2">
              {invitation}
            </Title>
            <Alert color="red" role="alert">
              {link.error.message}
            </Alert>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              <FormattedMessage
                id="invitation.join"
                defaultMessage="Join the team of {name}"
                values={{ name: link.data.partnerName }}
              />
            </Title>
            <Text>
              <FormattedMessage
                id="invitation.invited"
                defaultMessage="Invited: <b>{email}</b>, as {roles} {hasPrograms, select, yes {for {programs}} other {for every program}}."
                values={{
                  email: link.data.email,
                  roles: link.data.roles
                    .map((role) => intl.formatMessage(roleMessage(role), { role }))
                    .join(', '),
                  hasPrograms: link.data.programs.length > 0 ? 'yes' : 'no',
                  programs: link.data.programs.join(', '),
                  b: (chunks) => <strong>{chunks}</strong>,
                }}
              />
            </Text>
            {accept.isSuccess ? (
              <>
                <Alert color="green" role="status">
                  <FormattedMessage
                    id="invitation.joined"
                    defaultMessage="You have joined the team of {name}."
                    values={{ name: link.data.partnerName }}
                  />
                </Alert>
                <Group>
                  <Button component={Link} to="/dashboard">
                    <FormattedMessage
                      id="invitation.openAdministration"
                      defaultMessage="Open the administration"
                    />
                  </Button>
                </Group>
              </>
            ) : link.data.state !== 'pending' ? (
              <Alert color="yellow" role="alert">
                {intl.formatMessage(invitationMessages[link.data.state])}
              </Alert>
            ) : !me.data?.signedIn ? (
              <>
                <Text>
                  <FormattedMessage
                    id="invitation.signInFirst"
                    defaultMessage="Sign in, or sign up, with {email} to accept. You come back here afterwards."
                    values={{ email: link.data.email }}
                  />
                </Text>
                <Group>
                  <LoginButton variant="filled" />
                  <SignUpButton variant="default" email={link.data.email} />
                </Group>
              </>
            ) : (
              <>
                {accept.isError && (
                  <Alert color="red" role="alert">
                    {accept.error.message}
                  </Alert>
                )}
                <Group>
                  <Button loading={accept.isPending} onClick={() => accept.mutate()}>
                    <FormattedMessage id="invitation.accept" defaultMessage="Accept and join" />
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
