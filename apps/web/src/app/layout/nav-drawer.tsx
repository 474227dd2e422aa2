import { Button, Divider, Drawer, Loader, Stack, Text } from '@mantine/core';
import { LABELS, sponsorButtonLabel } from '@kinship/domain';
import { Link, NavLink } from 'react-router';
import { displayName } from '../../features/auth/display-name';
import { LoginButton } from '../../shared/auth/components/login-button';
import { SignUpButton } from '../../shared/auth/components/sign-up-button';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useViewer } from '../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../shared/partner/partner-context';
import { shortcutLinks, sponsorMenuLinks } from '../../shared/partner/site-links';
import { SocialLinks } from './social-links';

/** Below the md breakpoint: the navigation bar's links in a drawer (loaded when the burger is first used). */
export function NavDrawer({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const partner = usePartner();
  const { isLoading, me, canAdminister } = useViewer(partner.id);
  const logout = useLogout();
  const sponsorLinks = sponsorMenuLinks(partner);
  const shortcuts = shortcutLinks(partner);
  const sponsorLabel = sponsorButtonLabel(partner);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={partner.name}
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack component="nav" aria-label="Main" id={id} gap={4}>
        <Button component={NavLink} to="/about" variant="subtle" justify="start" onClick={onClose}>
          {LABELS.about}
        </Button>
        {sponsorLinks.length > 0 && (
          <>
            <Text size="sm" fw={700} c="dimmed" mt="sm" px="sm" component="h2">
              {sponsorLabel}
            </Text>
            {sponsorLinks.map((link) => (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                variant="subtle"
                justify="start"
                onClick={onClose}
              >
                {link.label}
              </Button>
            ))}
          </>
        )}
        <Divider my="xs" />
        <Button component={NavLink} to="/contact" variant="subtle" justify="start" onClick={onClose}>
          {LABELS.contact}
        </Button>
        {shortcuts.map((link) => (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant="light"
            justify="start"
            onClick={onClose}
          >
            {link.label}
          </Button>
        ))}
        <Divider my="xs" />
        {isLoading ? (
          <Loader size="sm" aria-label="Loading your account" role="status" />
        ) : me?.signedIn ? (
          <>
            <Text size="sm" fw={700} px="sm">
              {displayName(me.user)}
            </Text>
            <Button
              component={Link}
              to="/profile/sponsorships"
              variant="subtle"
              justify="start"
              onClick={onClose}
            >
              {LABELS.myProfile}
            </Button>
            {canAdminister && (
              <Button component={Link} to="/dashboard" variant="subtle" justify="start" onClick={onClose}>
                {LABELS.administration}
              </Button>
            )}
            <Button variant="subtle" justify="start" onClick={() => void logout()}>
              {LABELS.logout}
            </Button>
          </>
        ) : (
          <>
            <LoginButton onNavigate={onClose} />
            <SignUpButton onNavigate={onClose} />
          </>
        )}
        <SocialLinks partner={partner} mt="sm" />
      </Stack>
    </Drawer>
  );
}
