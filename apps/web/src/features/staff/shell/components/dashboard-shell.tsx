import { Anchor, AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PartnerPublic } from '@kinship/domain';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { sectionText, type DashboardSection } from '../sections';
import { PartnerSwitcher } from './partner-switcher';

const messages = defineMessages({
  overview: { id: 'staff.shell.nav.overview', defaultMessage: 'Overview' },
  menu: { id: 'staff.shell.nav.menu', defaultMessage: 'Dashboard menu' },
  navigation: { id: 'staff.shell.nav.label', defaultMessage: 'Dashboard' },
  backToSite: { id: 'staff.shell.nav.backToSite', defaultMessage: 'Back to the site' },
});

export interface DashboardShellProps {
  partner: PartnerPublic;
  sections: readonly DashboardSection[];
  children: ReactNode;
}

/** The staff area's frame: header with the partner switcher, navigation from the viewer's actions. */
export function DashboardShell({ partner, sections, children }: DashboardShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const intl = useIntl();
  const links = [{ slug: '', label: messages.overview }, ...sections];

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={intl.formatMessage(messages.menu)}
            />
            <Text fw={700} truncate>
              {partner.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PartnerSwitcher partner={partner} />
            <Anchor component={Link} to="/" visibleFrom="xs">
              <FormattedMessage {...messages.backToSite} />
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={intl.formatMessage(messages.navigation)}>
        <ScrollArea>
          {links.map((link) => {
            const to = link.slug ? `/dashboard/${link.slug}` : '/dashboard';
            const active = link.slug ? pathname.startsWith(to) : pathname.replace(/\/$/, '') === '/dashboard';
            return (
              <NavLink
                key={link.slug || 'overview'}
                component={Link}
                to={to}
                label={sectionText(intl, link.label)}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
              />
            );
          })}
          <NavLink component={Link} to="/" label={intl.formatMessage(messages.backToSite)} hiddenFrom="xs" />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main-content">{children}</AppShell.Main>
    </AppShell>
  );
}
