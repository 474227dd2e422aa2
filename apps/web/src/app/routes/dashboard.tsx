import '../../components/staff/mantine-styles';
import { can } from '@kinship/domain';
import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { LoginButton } from '../../shared/auth/components/login-button';
import { useViewer } from '../../shared/auth/hooks/use-viewer';
import { DashboardHome } from '../../features/staff/shell/components/dashboard-home';
import { DashboardShell } from '../../features/staff/shell/components/dashboard-shell';
import { SetupChecklist } from '../../features/staff/shell/components/setup-checklist';
import {
  sectionOffered,
  sectionText,
  sectionsFor,
  type DashboardSection,
} from '../../features/staff/shell/sections';
import { OverviewPage } from '../../features/staff/reports/section';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { useCataloguePart } from '../../i18n/locale-provider';
import { DASHBOARD_SECTIONS } from './dashboard-sections';

function SectionBody({ section }: { section: DashboardSection }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <section.page />
    </Suspense>
  );
}

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
  // The dashboard's texts (`staff.*`) are a catalogue part of their own, loaded when it opens.
  const intl = useIntl();
  const staffReady = useCataloguePart('staff');
  // ... beside the rest of the public site's (the sign-in button, account texts).
  const publicReady = useCataloguePart('public');

  if (isLoading || !staffReady || !publicReady) return <LoadingScreen />;
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

  const sections = sectionsFor(DASHBOARD_SECTIONS, viewer, partner);
  // A section whose feature is off has no address at all: its screens answer "does not exist".
  const offered = DASHBOARD_SECTIONS.filter((section) => sectionOffered(section, partner));
  return (
    <DashboardShell partner={partner} sections={sections}>
      <Routes>
        <Route
          index
          element={
            can(viewer, 'reports.view', { partnersId: partner.id }) ? (
              <Stack gap="lg">
                {/* A new partner's first steps stay in view above its (empty) figures. */}
                <SetupChecklist enabled={sections.some((s) => s.slug === 'settings')} />
                <Suspense fallback={<LoadingScreen />}>
                  <OverviewPage partnerName={partner.name} />
                </Suspense>
              </Stack>
            ) : (
              <DashboardHome partnerName={partner.name} sections={sections} />
            )
          }
        />
        {/* A section's further screens (a report, the import, a record's pictures, a person's page). */}
        {offered.flatMap((section) =>
          (section.pages ?? []).map((screen) => (
            <Route
              key={screen.path}
              path={screen.path}
              element={
                can(viewer, screen.action, { partnersId: partner.id }) ? (
                  <Suspense fallback={<LoadingScreen />}>
                    <screen.page />
                  </Suspense>
                ) : (
                  <Text role="alert">{NO_SECTION_ACCESS}</Text>
                )
              }
            />
          )),
        )}
        {offered.map((section) => (
          <Route
            key={section.slug}
            path={section.slug}
            element={
              sections.includes(section) ? (
                <SectionBody section={section} />
              ) : (
                <Box>
                  <Title order={1}>{sectionText(intl, section.label)}</Title>
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
