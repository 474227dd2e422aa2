import { roleLabel } from '@kinship/domain';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { meQueryOptions, useMe } from '../../../shared/auth/api/get-me';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { SignUpButton } from '../../../shared/auth/components/sign-up-button';
import { acceptInvitation, invitationLinkQueryOptions } from '../api/invitation-api';

const STATE_TEXT = {
  accepted: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask the administrator who invited you for a new one.',
  revoked: 'This invitation was withdrawn.',
} as const;

/**
 * /invitation/{token}: the landing page of a staff invitation's link (decision 045). A visitor
 * signs in or signs up with the invited address (both come back here), then joins; the
 * Administration link appears at once.
 */
export function InvitationPage() {
  usePageTitle('Invitation');
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
              Invitation
            </Title>
            <Alert color="red" role="alert">
              {link.error.message}
            </Alert>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              Join the team of {link.data.partnerName}
            </Title>
            <Text>
              Invited: <strong>{link.data.email}</strong>, as {link.data.roles.map(roleLabel).join(', ')}
              {link.data.programs.length > 0 ? ` for ${link.data.programs.join(', ')}` : ' for every program'}
              .
            </Text>
            {accept.isSuccess ? (
              <>
                <Alert color="green" role="status">
                  You have joined the team of {link.data.partnerName}.
                </Alert>
                <Group>
                  <Button component={Link} to="/dashboard">
                    Open the administration
                  </Button>
                </Group>
              </>
            ) : link.data.state !== 'pending' ? (
              <Alert color="yellow" role="alert">
                {STATE_TEXT[link.data.state]}
              </Alert>
            ) : !me.data?.signedIn ? (
              <>
                <Text>
                  Sign in, or sign up, with {link.data.email} to accept. You come back here afterwards.
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
                    Accept and join
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
