import { Menu } from '@mantine/core';
import type { User } from '@kinship/domain';
import { Link } from 'react-router';
import { useOpenedOnArrival } from '../../../components/deferred-menu';
import { useLabels } from '../../../i18n/labels';
import { useDisplayName } from '../display-name';
import { useLogout } from '../hooks/use-logout';
import { AccountButton } from './account-button';

export { displayName } from '../display-name';

/** The signed-in person's avatar menu: My Profile, Administration (with a role), a divider, Logout. */
export function UserMenu({
  user,
  canAdminister,
  openOnArrival = false,
}: {
  user: User | null;
  canAdminister: boolean;
  openOnArrival?: boolean;
}) {
  const logout = useLogout();
  const labels = useLabels();
  const displayName = useDisplayName();
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>(openOnArrival);
  return (
    <Menu position="bottom-end" shadow="md" width={200} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountButton ref={target} user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{displayName(user)}</Menu.Label>
        <Menu.Item component={Link} to="/profile/sponsorships">
          {labels.myProfile}
        </Menu.Item>
        {canAdminister && (
          <Menu.Item component={Link} to="/dashboard">
            {labels.administration}
          </Menu.Item>
        )}
        <Menu.Divider role="separator" />
        <Menu.Item onClick={() => void logout()}>{labels.logout}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
