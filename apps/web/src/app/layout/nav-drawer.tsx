import { Button, Divider, Drawer, Loader, Stack, Text } from '@mantine/core';
import { sponsorButtonLabel } from '@kinship/domain';
import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { useLabels } from '../../i18n/labels';
import { LanguageSwitch } from '../../i18n/language-switch';
import { useDisplayName } from '../../features/auth/display-name';
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
  const intl = useIntl();
  const labels = useLabels();
  const displayName = useDisplayName();
  const sponsorLinks = sponsorMenuLinks(partner, labels);
  const shortcuts = shortcutLinks(partner, labels);
  const sponsorLabel = sponsorButtonLabel(partner, labels.sponsor);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={partner.name}
      hiddenFrom="md"
      closeButtonProps={{
        'aria-label': intl.formatMessage({ id: 'nav.closeMenu', defaultMessage: 'Close menu' }),
      }}
    >
      <Stack
        component="nav"
        aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main' })}
        id={id}
        gap={4}
      >
        <Button component={NavLink} to="/about" variant="subtle" justify="start" onClick={onClose}>
          {labels.about}
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
          {labels.contact}
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
          <Loader
            size="sm"
            aria-label={intl.formatMessage({
              id: 'nav.loadingAccount',
              defaultMessage: 'Loading your account',
            })}
            role="status"
          />
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
              {labels.myProfile}
            </Button>
            {canAdminister && (
              <Button component={Link} to="/dashboard" variant="subtle" justify="start" onClick={onClose}>
                {labels.administration}
              </Button>
            )}
            <Button variant="subtle" justify="start" onClick={() => void logout()}>
              {labels.logout}
            </Button>
          </>
        ) : (
          <>
            <LoginButton onNavigate={onClose} />
            <SignUpButton onNavigate={onClose} />
          </>
        )}
        <LanguageSwitch mt="sm" />
        <SocialLinks partner={partner} mt="sm" />
      </Stack>
    </Drawer>
  );
}
