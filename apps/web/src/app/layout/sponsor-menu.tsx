import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useOpenedOnArrival } from '../../components/deferred-menu';
import { ChevronDownIcon } from '../../components/icons';
import type { SiteLink } from '../../shared/partner/site-links';

/** The Sponsor dropdown (loaded on first use by the navigation bar's stand-in button). */
export function SponsorMenu({
  label,
  links,
  openOnArrival = false,
}: {
  label: string;
  links: SiteLink[];
  openOnArrival?: boolean;
}) {
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>(openOnArrival);
  return (
    <Menu position="bottom-start" shadow="md" width={240} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} variant="subtle" rightSection={<ChevronDownIcon />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
