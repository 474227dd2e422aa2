import '../../components/staff/mantine-styles';
import { can } from '@kinship/domain';
import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { LoginButton } from '../../shared/auth/components/login-button';
import { useViewer } from '../../shared/auth/hooks/use-viewer';
import { DashboardHome } from '../../features/staff/shell/components/dashboard-home';
import { DashboardShell } from '../../features/staff/shell/components/dashboard-shell';
import { SetupChecklist } from '../../features/staff/shell/components/setup-checklist';
import { DASHBOARD_SECTIONS, sectionsFor } from '../../features/staff/shell/sections';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { lazyNamed } from '../../lib/lazy-with-timeout';

// W2: the pictures panel and the import wizard, each in a lazy chunk of its own.
const RecordPicturesRoute = lazyNamed(
  () => import('../../features/staff/pictures/components/record-pictures-route'),
  'RecordPicturesRoute',
);
const SponsorPage = lazyNamed(
  () => import('../../features/staff/sponsors/components/sponsor-page'),
  'SponsorPage',
);
const ImportWizard = lazyNamed(
  () => import('../../features/staff/records/components/import-wizard'),
  'ImportWizard',
);
// Issue 13: the Overview (the home of those who read reports) and Reports, with their charts.
const OverviewPage = lazyNamed(
  () => import('../../features/staff/reports/components/overview-page'),
  'OverviewPage',
);
const ReportsSection = lazyNamed(
  () => import('../../features/staff/reports/components/reports-section'),
  'ReportsSection',
);

/** Sections that are built, each in a lazy chunk of its own; the others show their placeholder. */
const BUILT_SECTIONS: Record<string, ComponentType> = {
  pictures: lazy(() =>
    import('../../features/staff/pictures/components/pictures-section').then((m) => ({
      default: m.PicturesSection,
    })),
  ),
  records: lazy(() =>
    import('../../features/staff/records/components/records-section').then((m) => ({
      default: m.RecordsSection,
    })),
  ),
  types: lazy(() =>
    import('../../features/staff/types/components/types-section').then((m) => ({ default: m.TypesSection })),
  ),
  donations: lazy(() =>
    import('../../features/staff/donations/components/giving-section').then((m) => ({
      default: m.GivingSection,
    })),
  ),
  team: lazy(() =>
    import('../../features/staff/team/components/team-section').then((m) => ({ default: m.TeamSection })),
  ),
  audit: lazy(() =>
    import('../../features/staff/audit/components/audit-section').then((m) => ({
      default: m.AuditSection,
    })),
  ),
  platform: lazy(() =>
    import('../../features/staff/platform/components/platform-section').then((m) => ({
      default: m.PlatformSection,
    })),
  ),
  reports: ReportsSection,
  sponsors: lazy(() =>
    import('../../features/staff/sponsors/components/sponsors-section').then((m) => ({
      default: m.SponsorsSection,
    })),
  ),
  gifts: lazy(() =>
    import('../../features/staff/gifts/components/giving-codes-section').then((m) => ({
      default: m.GivingCodesSection,
    })),
  ),
  programs: lazy(() =>
    import('../../features/staff/programs/components/programs-section').then((m) => ({
      default: m.ProgramsSection,
    })),
  ),
  settings: lazy(() =>
    import('../../features/staff/settings/components/settings-section').then((m) => ({
      default: m.SettingsSection,
    })),
  ),
  updates: lazy(() =>
    import('../../features/staff/updates/components/updates-section').then((m) => ({
      default: m.UpdatesSection,
    })),
  ),
};

function SectionBody({ section }: { section: (typeof DASHBOARD_SECTIONS)[number] }) {
  const Built = BUILT_SECTIONS[section.slug];
  if (!Built) throw new Error(`Dashboard section ${section.slug} has no screen.`);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Built />
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
        <Route
          path="reports/:slug"
          element={
            can(viewer, 'reports.view', { partnersId: partner.id }) ? (
              <Suspense fallback={<LoadingScreen />}>
                <ReportsSection />
              </Suspense>
            ) : (
              <Text role="alert">{NO_SECTION_ACCESS}</Text>
            )
          }
        />
        {/* W2: records' pictures and the records import (records.manage / pictures.manage checked by the API). */}
        <Route
          path="records/import"
          element={
            can(viewer, 'records.manage', { partnersId: partner.id }) ? (
              <Suspense fallback={<LoadingScreen />}>
                <ImportWizard />
              </Suspense>
            ) : (
              <Text role="alert">{NO_SECTION_ACCESS}</Text>
            )
          }
        />
        <Route
          path="records/:id/pictures"
          element={
            can(viewer, 'pictures.manage', { partnersId: partner.id }) ? (
              <Suspense fallback={<LoadingScreen />}>
                <RecordPicturesRoute />
              </Suspense>
            ) : (
              <Text role="alert">{NO_SECTION_ACCESS}</Text>
            )
          }
        />
        <Route
          path="sponsors/:id"
          element={
            can(viewer, 'sponsors.view', { partnersId: partner.id }) ? (
              <Suspense fallback={<LoadingScreen />}>
                <SponsorPage />
              </Suspense>
            ) : (
              <Text role="alert">{NO_SECTION_ACCESS}</Text>
            )
          }
        />
        {DASHBOARD_SECTIONS.map((section) => (
          <Route
            key={section.slug}
            path={section.slug}
            element={
              sections.includes(section) ? (
                <SectionBody section={section} />
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
