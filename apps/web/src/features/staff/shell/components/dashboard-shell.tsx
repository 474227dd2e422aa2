import { Anchor, AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PartnerPublic } from '@kinship/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { DashboardSection } from '../sections';
import { PartnerSwitcher } from './partner-switcher';

export interface DashboardShellProps {
  partner: PartnerPublic;
  sections: readonly DashboardSection[];
  children: ReactNode;
}

/** The staff area's frame: header with the partner switcher, navigation from the viewer's actions. */
export function DashboardShell({ partner, sections, children }: DashboardShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const links = [{ slug: '', label: 'Overview' }, ...sections];

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Dashboard menu" />
            <Text fw={700} truncate>
              {partner.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PartnerSwitcher partner={partner} />
            <Anchor component={Link} to="/" visibleFrom="xs">
              Back to the site
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Dashboard">
        <ScrollArea>
          {links.map((link) => {
            const to = link.slug ? `/dashboard/${link.slug}` : '/dashboard';
            const active = link.slug ? pathname.startsWith(to) : pathname.replace(/\/$/, '') === '/dashboard';
            return (
              <NavLink
                key={link.slug || 'overview'}
                component={Link}
                to={to}
                label={link.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
              />
            );
          })}
          <NavLink component={Link} to="/" label="Back to the site" hiddenFrom="xs" />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main-content">{children}</AppShell.Main>
    </AppShell>
  );
}
