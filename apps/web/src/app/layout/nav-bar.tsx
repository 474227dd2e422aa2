import { Badge, Box, Burger, Button, Container, Group, Loader } from '@mantine/core';
import { sponsorButtonLabel, type User } from '@kinship/domain';
import { Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { DeferredMenu } from '../../components/deferred-menu';
import { CartIcon, ChevronDownIcon, GiftIcon, HeartIcon } from '../../components/icons';
import { AccountButton } from '../../features/auth/components/account-button';
import { LoginButton } from '../../shared/auth/components/login-button';
import { SignUpButton } from '../../shared/auth/components/sign-up-button';
import { useViewer } from '../../shared/auth/hooks/use-viewer';
import { useCartCount } from '../../shared/cart/cart-store';
import { usePartner } from '../../shared/partner/partner-context';
import { shortcutLinks, sponsorMenuLinks, type SiteLink } from '../../shared/partner/site-links';
import { lazyNamed } from '../../lib/lazy-with-timeout';
import { useLabels } from '../../i18n/labels';
import { LanguageSwitch } from '../../i18n/language-switch';
import classes from './nav-bar.module.css';
import { SiteLogo } from './site-logo';
import { SocialLinks } from './social-links';

// The dropdowns and the drawer load on first use: their floating layer, focus trap and scroll lock
// are a third of Mantine's weight and no visitor needs them to see the page.
const loadSponsorMenu = () => import('./sponsor-menu');
const loadUserMenu = () => import('../../features/auth/components/user-menu');
const SponsorMenu = lazyNamed(loadSponsorMenu, 'SponsorMenu');
const UserMenu = lazyNamed(loadUserMenu, 'UserMenu');
const NavDrawer = lazyNamed(() => import('./nav-drawer'), 'NavDrawer');

const MOBILE_NAVIGATION_ID = 'mobile-navigation';

const SHORTCUT_ICONS: Record<string, typeof HeartIcon> = {
  '/donate': HeartIcon,
  '/gift': GiftIcon,
};

function DeferredSponsorMenu({ label, links }: { label: string; links: SiteLink[] }) {
  return (
    <DeferredMenu
      preload={() => void loadSponsorMenu()}
      stub={(props) => (
        <Button variant="subtle" rightSection={<ChevronDownIcon />} {...props}>
          {label}
        </Button>
      )}
      menu={<SponsorMenu label={label} links={links} openOnArrival />}
    />
  );
}

function DeferredUserMenu({ user, canAdminister }: { user: User | null; canAdminister: boolean }) {
  return (
    <DeferredMenu
      preload={() => void loadUserMenu()}
      stub={(props) => <AccountButton user={user} {...props} />}
      menu={<UserMenu user={user} canAdminister={canAdminister} openOnArrival />}
    />
  );
}

function CheckoutButton() {
  const count = useCartCount();
  const labels = useLabels();
  // The name comes from the content, so it holds the visible text (WCAG 2.5.3, label in name):
  // "Checkout", the count, then "items in cart" for screen readers only. On phones the word
  // "Checkout" is visually hidden but still named.
  return (
    <Button
      component={Link}
      to="/checkout"
      variant="default"
      leftSection={<CartIcon size={18} />}
      rightSection={
        <>
          <Badge
            color="red.9"
            size="sm"
            circle={count < 10}
            className={classes.badge}
            data-testid="cart-count"
          >
            {count}
          </Badge>
          <span className={classes.srOnly}>
            <FormattedMessage
              id="nav.cartCount"
              defaultMessage=" {count, plural, one {item} other {items}} in cart"
              values={{ count }}
            />
          </span>
        </>
      }
      px="sm"
    >
      <span className={classes.checkoutLabel}>{labels.checkout}</span>
    </Button>
  );
}

/**
 * The site's header (SPEC "Navigation bar"): logo, About, the Sponsor dropdown, Contact, the
 * Donate and Gift shortcuts, Checkout with the cart count, social links, and the account
 * controls. Below the md breakpoint the links move into a drawer behind a burger button.
 */
export function NavBar() {
  const partner = usePartner();
  const { isLoading, me, canAdminister } = useViewer(partner.id);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const intl = useIntl();
  const labels = useLabels();
  const sponsorLinks = sponsorMenuLinks(partner, labels);
  const shortcuts = shortcutLinks(partner, labels);
  const sponsorLabel = sponsorButtonLabel(partner, labels.sponsor);

  // The spinner stays in the bar at every width (SPEC "Navigation bar": while loading it shows a
  // spinner); only the loaded account controls move into the drawer on phones, where the bar has no
  // room for them.
  const accountControls = me?.signedIn ? (
    <DeferredUserMenu user={me.user} canAdminister={canAdminister} />
  ) : (
    <Group gap="xs" wrap="nowrap">
      <LoginButton />
      <SignUpButton />
    </Group>
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <SiteLogo partner={partner} />
        <Group
          component="nav"
          aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main' })}
          gap={4}
          wrap="nowrap"
          visibleFrom="md"
        >
          <Button component={NavLink} to="/about" variant="subtle">
            {labels.about}
          </Button>
          {sponsorLinks.length > 0 && <DeferredSponsorMenu label={sponsorLabel} links={sponsorLinks} />}
          <Button component={NavLink} to="/contact" variant="subtle">
            {labels.contact}
          </Button>
          {shortcuts.map((link) => {
            const Icon = SHORTCUT_ICONS[link.to] ?? HeartIcon;
            return (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                variant="light"
                leftSection={<Icon size={16} />}
              >
                {link.label}
              </Button>
            );
          })}
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <SocialLinks partner={partner} visibleFrom="lg" />
          <LanguageSwitch visibleFrom="sm" />
          <CheckoutButton />
          {isLoading ? (
            <Loader
              size="sm"
              aria-label={intl.formatMessage({
                id: 'nav.loadingAccount',
                defaultMessage: 'Loading your account',
              })}
              role="status"
            />
          ) : (
            <Box visibleFrom="sm">{accountControls}</Box>
          )}
          <Burger
            hiddenFrom="md"
            opened={drawerOpened}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpened((opened) => !opened);
            }}
            aria-label={
              drawerOpened
                ? intl.formatMessage({ id: 'nav.closeMenu', defaultMessage: 'Close menu' })
                : intl.formatMessage({ id: 'nav.openMenu', defaultMessage: 'Open menu' })
            }
            aria-expanded={drawerOpened}
            aria-controls={MOBILE_NAVIGATION_ID}
          />
        </Group>
      </Container>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer id={MOBILE_NAVIGATION_ID} opened={drawerOpened} onClose={() => setDrawerOpened(false)} />
        </Suspense>
      )}
    </Box>
  );
}
