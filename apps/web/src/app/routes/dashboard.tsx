import { Anchor, Box, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { LoginButton } from '../../features/auth/components/login-button';
import { useViewer } from '../../features/auth/hooks/use-viewer';
import { usePartner } from '../../features/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

export const NO_ADMIN_ACCESS = "You do not have access to this partner's administration.";

/** /dashboard (lazy): the partner's administration, for anyone holding a role at the partner. */
export function DashboardRoute() {
  const partner = usePartner();
  const { isLoading, me, canAdminister } = useViewer(partner.id);
  usePageTitle('Administration');

  return (
    <>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Text fw={700}>{partner.name}</Text>
            <Anchor component={Link} to="/">
              Back to the site
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main-content" size="lg" py="xl">
        {isLoading ? (
          <LoadingScreen />
        ) : canAdminister ? (
          <Stack gap="lg">
            <Title order={1}>Administration</Title>
            <Text>{partner.name}</Text>
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="dashboard-types">
              <Title order={2} size="h3" id="dashboard-types" mb="sm">
                Sponsored types
              </Title>
              {partner.partnerSponsoredTypes.length === 0 ? (
                <Text c="dimmed">This partner has no sponsored types yet.</Text>
              ) : (
                <List spacing="xs">
                  {partner.partnerSponsoredTypes.map((type) => (
                    <List.Item key={type.id}>
                      <Anchor component={Link} to={`/sponsored/board/${encodeURIComponent(type.identifier)}`}>
                        {type.customLabelPlural}
                      </Anchor>
                      {!type.active && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          (inactive)
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              )}
            </Paper>
          </Stack>
        ) : (
          <Stack gap="md" align="flex-start">
            <Title order={1}>Administration</Title>
            <Text role="alert">{NO_ADMIN_ACCESS}</Text>
            {me?.signedIn ? (
              <Button component={Link} to="/" variant="default">
                Back to the site
              </Button>
            ) : (
              <LoginButton variant="filled" />
            )}
          </Stack>
        )}
      </Container>
    </>
  );
}
