import { Button, Container, Text, Title } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { partnerKeyFromLocation, usePartnerQuery } from '../shared/partner/api/get-partner';
import { PartnerContext } from '../shared/partner/partner-context';
import { ApiError, setApiPartner } from '../lib/api-client';
import { applyPartnerHead } from '../lib/document-head';
import { LocaleGate } from '../i18n/locale-provider';
import { initialLocale } from '../i18n/locale-choice';
import { AppProvider, BrandProvider } from './provider';
import { AppRouter } from './router';

export function SiteNotFound() {
  return (
    <Container component="main" size="sm" py={64}>
      <Title order={1}>Site not found</Title>
      <Text mt="sm">
        There is no sponsorship site at this address. Check the address, or contact the organisation that sent
        you here.
      </Text>
    </Container>
  );
}

function SiteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Container component="main" size="sm" py={64}>
      <Title order={1}>This site could not be loaded</Title>
      <Text mt="sm" mb="lg">
        Please check your connection and try again.
      </Text>
      <Button onClick={onRetry}>Try again</Button>
    </Container>
  );
}

/** The site in the language chosen for this visit (decision 070), once that language's texts are here. */
function PartnerInItsLanguage(offer: Parameters<typeof initialLocale>[0]) {
  const [initial] = useState(() => initialLocale(offer));
  return (
    <LocaleGate
      initial={initial}
      locales={offer.locales}
      fallback={
        <main>
          <LoadingScreen />
        </main>
      }
    >
      <AppRouter />
    </LocaleGate>
  );
}

/** Resolves the partner of this address, then shows its site in its own colours. */
function PartnerSite() {
  const {
    data: partner,
    error,
    isPending,
    refetch,
  } = usePartnerQuery(partnerKeyFromLocation(window.location));

  // A layout effect runs before the pages' own (passive) title effects, so `About · name` wins.
  useLayoutEffect(() => {
    if (partner) applyPartnerHead(partner);
  }, [partner]);

  if (isPending) {
    return (
      <BrandProvider brandColor={null}>
        <main>
          <LoadingScreen />
        </main>
      </BrandProvider>
    );
  }
  if (!partner) {
    return (
      <BrandProvider brandColor={null}>
        {error instanceof ApiError && error.status === 404 ? (
          <SiteNotFound />
        ) : (
          <SiteUnavailable onRetry={() => void refetch()} />
        )}
      </BrandProvider>
    );
  }

  // Every later call carries this partner, so it is set before any child can make one.
  setApiPartner(partner.id);
  return (
    <BrandProvider brandColor={partner.brandColor}>
      <PartnerContext.Provider value={partner}>
        <PartnerInItsLanguage locales={partner.locales} defaultLocale={partner.defaultLocale} />
      </PartnerContext.Provider>
    </BrandProvider>
  );
}

export function App() {
  return (
    <AppProvider>
      <PartnerSite />
    </AppProvider>
  );
}
