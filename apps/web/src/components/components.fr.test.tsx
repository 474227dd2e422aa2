import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../i18n/catalogue';
import { buildCanadianPartner } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { HelpIcon } from './help-icon';
import { HelpTip } from './help-tip';
import { LazyBoundary } from './lazy-boundary';
import { LoadingScreen } from './loading-screen';
import { StaticMap } from './map/static-map';
import { PageNotFound } from './page-not-found';
import { PaymentErrorModal } from './payment-modals';

const partner = buildCanadianPartner();
const inFrench = (ui: ReactElement) => renderWithProviders(ui, { partner, locale: 'fr-CA' });

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

function Broken(): never {
  throw new Error('');
}

describe('the shared components in French', () => {
  it('LoadingScreen announces loading in French', () => {
    inFrench(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('the help buttons are named in French, before and after their popover loads', async () => {
    const { unmount, user } = inFrench(<HelpIcon title="Places" tip="Plusieurs parrains." />);
    await user.click(screen.getByRole('button', { name: 'Aide : Places' }));
    expect(screen.getByText('Plusieurs parrains.')).toBeInTheDocument();
    unmount();
    inFrench(<HelpTip tip="Plusieurs parrains." />);
    expect(screen.getByRole('button', { name: 'Aide' })).toBeInTheDocument();
  });

  it('PageNotFound says so in French', () => {
    inFrench(<PageNotFound />);
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(document.title).toBe('Page introuvable · Hope Schools');
  });

  it('PaymentErrorModal closes with a French button', () => {
    inFrench(
      <PaymentErrorModal opened title="Carte refusée" onClose={() => undefined}>
        Essayez une autre carte.
      </PaymentErrorModal>,
    );
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('StaticMap is named in French, as a map and as a picker', () => {
    const { unmount } = inFrench(<StaticMap latitude={46.8} longitude={-71.2} place="Québec" />);
    expect(screen.getByRole('img', { name: 'Carte montrant l’emplacement de Québec' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir dans OpenStreetMap' })).toBeInTheDocument();
    unmount();
    inFrench(<StaticMap latitude={46.8} longitude={-71.2} place="Québec" onPick={() => undefined} />);
    expect(screen.getByRole('img', { name: 'Carte : cliquez pour placer Québec' })).toBeInTheDocument();
  });

  it('LazyBoundary offers a reload in French when a page crashes without a message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inFrench(
      <LazyBoundary>
        <Broken />
      </LazyBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Un problème est survenu');
    expect(screen.getByRole('alert')).toHaveTextContent('Cette page n’a pas pu être affichée.');
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
