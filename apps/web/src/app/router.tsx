import { isValidElement } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { LazyBoundary } from '../components/lazy-boundary';
import { withCataloguePart } from '../i18n/with-catalogue-part';
import { lazyNamed } from '../lib/lazy-with-timeout';
import { SiteLayout } from './layout/site-layout';
import { AboutRoute } from './routes/about';
import { ContactRoute } from './routes/contact';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyRoute } from './routes/privacy';
import { RedirectRoute } from './routes/redirect';

// Lazy chunks: the dashboard, the user area, the sponsored screens, the forms and the pages that
// render partner HTML stay out of the public first load. The pages past the landing, listing and
// profile pages also wait for the rest of the public catalogue (catalogue-parts.ts).
const lazyPublic: typeof lazyNamed = (load, name) => withCataloguePart('public', lazyNamed(load, name));
const DashboardRoute = lazyNamed(() => import('./routes/dashboard'), 'DashboardRoute');
const UserAreaRoute = lazyPublic(() => import('./routes/user-area'), 'UserAreaRoute');
const ListingPage = lazyNamed(() => import('../features/listing/components/listing-page'), 'ListingPage');
const ProfilePage = lazyNamed(() => import('../features/profile/components/profile-page'), 'ProfilePage');
const LoginRoute = lazyPublic(() => import('./routes/login'), 'LoginRoute');
const SignUpRoute = lazyPublic(() => import('./routes/sign-up'), 'SignUpRoute');
const OnboardRoute = lazyPublic(() => import('./routes/onboard'), 'OnboardRoute');
const AboutPartnerRoute = lazyNamed(() => import('./routes/about-partner'), 'AboutPartnerRoute');
const ResetPasswordRoute = lazyPublic(() => import('./routes/reset-password'), 'ResetPasswordRoute');
const CheckoutPage = lazyPublic(() => import('../features/cart/components/checkout-page'), 'CheckoutPage');
const BillingPage = lazyPublic(() => import('../features/cart/components/billing-page'), 'BillingPage');
const DonatePage = lazyPublic(() => import('../features/donations/components/donate-page'), 'DonatePage');
const InvitationPage = lazyPublic(
  () => import('../features/invitation/components/invitation-page'),
  'InvitationPage',
);
const LinkPage = lazyPublic(() => import('../features/link/components/link-page'), 'LinkPage');
const SponsoredUpdatePage = lazyPublic(
  () => import('../features/sponsored-update/sponsored-update-page'),
  'SponsoredUpdatePage',
);
const GiftPage = lazyPublic(() => import('../features/gifts/components/gift-page'), 'GiftPage');
const GiftManagePage = lazyPublic(
  () => import('../features/gifts/components/gift-manage-page'),
  'GiftManagePage',
);
const RedeemGiftPage = lazyPublic(() => import('../features/gifts/components/redeem-page'), 'RedeemGiftPage');
const RedeemTrialPage = lazyPublic(
  () => import('../features/gifts/components/redeem-page'),
  'RedeemTrialPage',
);
const LightningPage = lazyPublic(
  () => import('../features/gifts/components/lightning-page'),
  'LightningPage',
);
const ReceiptPage = lazyPublic(() => import('../features/receipts/components/receipt-page'), 'ReceiptPage');

/**
 * SPEC section 2. Top level: /onboard, /redirect, /dashboard; /signup and everything else get the
 * navigation bar (SiteLayout). Gift, redeem, trial and lightning pages answer the 404 page when the partner has their feature off.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/onboard',
    element: (
      <LazyBoundary>
        <OnboardRoute />
      </LazyBoundary>
    ),
  },
  { path: '/redirect', element: <RedirectRoute /> },
  {
    path: '/dashboard/*',
    element: (
      <LazyBoundary>
        <DashboardRoute />
      </LazyBoundary>
    ),
  },
  {
    element: <SiteLayout />,
    children: [
      { path: '/signup', element: <SignUpRoute /> },
      { index: true, element: <LandingRoute /> },
      { path: '/sponsored/board/:sponsoredType', element: <ListingPage /> },
      { path: '/sponsored/profile/:id', element: <ProfilePage /> },
      { path: '/sponsored/update/:code', element: <SponsoredUpdatePage /> },
      { path: '/about', element: <AboutRoute /> },
      { path: '/about/partner', element: <AboutPartnerRoute /> },
      { path: '/contact', element: <ContactRoute /> },
      { path: '/privacy', element: <PrivacyRoute /> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/profile/*', element: <UserAreaRoute /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkout/billing', element: <BillingPage /> },
      { path: '/donate', element: <DonatePage /> },
      { path: '/receipts/:code', element: <ReceiptPage /> },
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '/link/:redeemCode?', element: <LinkPage /> },
      { path: '/gift', element: <GiftPage /> },
      { path: '/gift/manage/:manageCode', element: <GiftManagePage /> },
      { path: '/redeem/:redeemCode?', element: <RedeemGiftPage /> },
      { path: '/redeemtrial/:redeemCode?', element: <RedeemTrialPage /> },
      { path: '/lightning/:sponsoredType?/:code?', element: <LightningPage /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * Starts loading the lazy pages that `pathname` shows, before the app first renders: their chunks
 * (hinted in the served HTML) are then ready when React reaches them, so the first screen is drawn
 * without a round of the loading fallback.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes, pathname) ?? []) {
    const element = route.element;
    if (!isValidElement(element) || typeof element.type !== 'function') continue;
    const preload = (element.type as { preload?: () => Promise<unknown> }).preload;
    if (preload) void preload().catch(() => undefined); // a failure shows when the page renders
  }
}

/** The routes inside any router (tests mount them in a MemoryRouter). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Declarative mode on purpose: the data router (createBrowserRouter) would add ~16 KB gzip to every
 * first load for loaders and actions this app does not use. So routes here are plain elements
 * (lazy pages via `lazyNamed`); `lazy`, `loader` and `errorElement` route properties are ignored.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
