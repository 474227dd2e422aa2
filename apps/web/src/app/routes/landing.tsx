import { VisuallyHidden } from '@mantine/core';
import { HeroLanding } from '../../features/landing/components/hero-landing';
import { IntroLanding } from '../../features/landing/components/intro-landing';
import { usePartner } from '../../features/partner/partner-context';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/`: landing template 2 (hero) or 3 (introduction); other templates have no landing body. */
export function LandingRoute() {
  const partner = usePartner();
  usePageTitle(null);
  if (partner.landingPageTemplatesId === 2) return <HeroLanding partner={partner} />;
  if (partner.landingPageTemplatesId === 3) return <IntroLanding partner={partner} />;
  return (
    <VisuallyHidden>
      <h1>{partner.name}</h1>
    </VisuallyHidden>
  );
}
