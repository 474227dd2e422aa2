import { VisuallyHidden } from '@mantine/core';
import type { PartnerPublic } from '@kinship/domain';
import { Suspense } from 'react';
import { HeroLanding } from '../../features/landing/components/hero-landing';
import { IntroLanding } from '../../features/landing/components/intro-landing';
import { usePartner } from '../../shared/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { lazyNamed } from '../../lib/lazy-with-timeout';

// The sections below the template load in their own chunk after the landing itself: the hero is
// the first paint and must not wait for them.
const LandingSections = lazyNamed(
  () => import('../../features/landing/components/landing-sections'),
  'LandingSections',
);

function Template({ partner }: { partner: PartnerPublic }) {
  if (partner.landingPageTemplatesId === 2) return <HeroLanding partner={partner} />;
  if (partner.landingPageTemplatesId === 3) return <IntroLanding partner={partner} />;
  return (
    <VisuallyHidden>
      <h1>{partner.name}</h1>
    </VisuallyHidden>
  );
}

/**
 * `/`: landing template 2 (hero) or 3 (introduction), other templates no landing body; below it the
 * sections each partner can turn off (how it works, waiting longest, impact, donate).
 */
export function LandingRoute() {
  const partner = usePartner();
  usePageTitle(null);
  return (
    <>
      <Template partner={partner} />
      <Suspense fallback={null}>
        <LandingSections partner={partner} />
      </Suspense>
    </>
  );
}
