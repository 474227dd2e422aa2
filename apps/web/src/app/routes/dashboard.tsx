import '../../components/staff/mantine-styles';
import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { LoginButton } from '../../shared/auth/components/login-button';
import { useViewer } from '../../features/auth/hooks/use-viewer';
import { DashboardHome, SectionPlaceholder } from '../../features/dashboard/components/dashboard-home';
import { DashboardShell } from '../../features/dashboard/components/dashboard-shell';
import { DASHBOARD_SECTIONS, sectionsFor } from '../../features/dashboard/sections';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

export const NO_ADMIN_ACCESS = "You do not have access to this partner's administration.";
export const NO_SECTION_ACCESS = 'You do not have access to this section.';

/**
 * /dashboard/* (lazy): the partner's administration, for anyone holding a role at the partner. The
 * navigation holds the sections the person's actions open (decision 022).
 */
export function DashboardRoute() {
  const partner = usePartner();
  const { isLoading, me, viewer, canAdminister } = useViewer(partner.id);
  usePageTitle('Administration');

  if (isLoading) return <LoadingScreen />;
  if (!canAdminister) {
    return (
      <Container component="main" id="main-content" size="lg" py="xl">
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
      </Container>
    );
  }

  const sections = sectionsFor(viewer, partner.id);
  return (
    <DashboardShell partner={partner} sections={sections}>
      <Routes>
        <Route index element={<DashboardHome partnerName={partner.name} sections={sections} />} />
        {DASHBOARD_SECTIONS.map((section) => (
          <Route
            key={section.slug}
            path={section.slug}
            element={
              sections.includes(section) ? (
                <SectionPlaceholder section={section} />
              ) : (
                <Box>
                  <Title order={1}>{section.label}</Title>
                  <Text role="alert">{NO_SECTION_ACCESS}</Text>
                </Box>
              )
            }
          />
        ))}
        <Route path="*" element={<Text role="alert">This page does not exist.</Text>} />
      </Routes>
    </DashboardShell>
  );
}
