import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyBoundary } from '../../components/lazy-boundary';
import { LoadingScreen } from '../../components/loading-screen';
import { NewUserGate } from '../../features/account/components/new-user-gate';
import { LoginButton } from '../../shared/auth/components/login-button';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useViewer } from '../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../shared/partner/partner-context';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';
import { SiteLogo } from './site-logo';
import classes from './site-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      <FormattedMessage id="nav.skipToContent" defaultMessage="Skip to content" />
    </a>
  );
}

function Main({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
      <LazyBoundary resetKey={pathname}>{children}</LazyBoundary>
    </main>
  );
}

/** Pages a visitor of a private demo may still open: signing in is how access is proven. */
const OPEN_ON_PRIVATE_DEMO = ['/login', '/signup'];

/** A private demo seen without permission: only the demo-access notice and a way to sign in. */
export function PrivateDemoGate() {
  const partner = usePartner();
  const { me } = useViewer(partner.id);
  const logout = useLogout();
  const { pathname } = useLocation();
  const open = OPEN_ON_PRIVATE_DEMO.includes(pathname);
  return (
    <>
      <SkipLink />
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl">
          <SiteLogo partner={partner} />
        </Container>
      </Box>
      <Main>
        {open ? (
          <Outlet />
        ) : (
          <Container size="sm" py={64}>
            <Paper withBorder p="xl" radius="md">
              <Stack gap="md" align="flex-start">
                <Title order={1} size="h2">
                  {partner.name}
                </Title>
                <Text>
                  <FormattedMessage
                    id="privateDemo.notice"
                    defaultMessage="This demo site is private. Please contact the provider for access."
                  />
                </Text>
                <LoginButton variant="filled" />
                {me?.signedIn && (
                  <Button variant="subtle" px={0} onClick={() => void logout()}>
                    <FormattedMessage id="privateDemo.signOut" defaultMessage="Sign out of this account" />
                  </Button>
                )}
              </Stack>
            </Paper>
          </Container>
        )}
      </Main>
    </>
  );
}

/** Navigation bar, the page, and the footer; a private demo without permission shows only its notice. */
export function SiteLayout() {
  const partner = usePartner();
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Only a private demo waits for the viewer, so elsewhere the page is not rendered again when the
  // signed-in person arrives (the navigation bar follows the viewer on its own).
  return partner.privateDemo ? <PrivateDemoLayout partnerId={partner.id} /> : <PublicLayout />;
}

function PrivateDemoLayout({ partnerId }: { partnerId: number }) {
  const { isLoading, hasPermission } = useViewer(partnerId);
  if (isLoading) return <LoadingScreen />;
  if (!hasPermission) return <PrivateDemoGate />;
  return <PublicLayout />;
}

function PublicLayout() {
  return (
    <>
      <SkipLink />
      <NavBar />
      <Main>
        <Outlet />
      </Main>
      <SiteFooter />
      <NewUserGate />
    </>
  );
}
