import type { Locale, PartnerPublic } from '@kinship/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BrandProvider, createQueryClient } from '../app/provider';
import { LocaleProvider, useCataloguePart } from '../i18n/locale-provider';
import { meQueryOptions, type Me } from '../shared/auth/api/get-me';
import { partnerQueryOptions } from '../shared/partner/api/get-partner';
import { PartnerContext } from '../shared/partner/partner-context';
import { setApiPartner } from '../lib/api-client';
import { buildPartner, signedOut } from './fixtures';

export interface RenderOptions {
  /** The site's partner (default: `buildPartner()`). */
  partner?: PartnerPublic;
  /** The signed-in person as `useMe()` returns it; 'loading' leaves the query pending. Default signed out. */
  me?: Me | 'loading';
  /** The address the app starts at (default '/'). */
  route?: string;
  /** A route pattern to mount `ui` under, so `useParams()` works (e.g. '/sponsored/profile/:id'). */
  path?: string;
  /** The page's language (default: the partner's default). A translated locale's catalogue must be loaded first (`loadPart`). */
  locale?: Locale;
}

/**
 * Renders `ui` the way the app does: brand theme, query client (partner and me already loaded),
 * partner context and a memory router. Network calls still go to `fetch`: stub it per test.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { partner = buildPartner(), me = signedOut, route = '/', path, locale } = options;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } });
  queryClient.setQueryData(partnerQueryOptions('').queryKey, partner);
  if (me === 'loading') {
    // An in-flight fetch that never settles: useMe() joins it and stays pending.
    void queryClient.prefetchQuery({
      queryKey: meQueryOptions().queryKey,
      queryFn: () => new Promise<Me>(() => undefined),
    });
  } else {
    queryClient.setQueryData(meQueryOptions().queryKey, me);
  }
  setApiPartner(partner.id);
  const user = userEvent.setup();
  const result: RenderResult = render(
    <QueryClientProvider client={queryClient}>
      <BrandProvider brandColor={partner.brandColor} env="test">
        <PartnerContext.Provider value={partner}>
          <LocaleProvider initial={locale ?? partner.defaultLocale} locales={partner.locales}>
            <MemoryRouter initialEntries={[route]}>
              {path ? (
                <Routes>
                  <Route path={path} element={ui} />
                </Routes>
              ) : (
                ui
              )}
            </MemoryRouter>
          </LocaleProvider>
        </PartnerContext.Provider>
      </BrandProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, user, partner };
}

/** What the dashboard route does: its catalogue part (`staff.*`) joins the page's messages; a French staff test wraps its screen in it. */
export function StaffCatalogue({ children }: { children: ReactNode }) {
  return useCataloguePart('staff') ? children : null;
}
