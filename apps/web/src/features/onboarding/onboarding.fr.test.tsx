import { MESSAGES } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OnboardRoute } from '../../app/routes/onboard';
import { loadPart } from '../../i18n/catalogue';
import { buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import sourceCatalogue from '../../../../../lang/en-US.json';
import { onboardMessages } from './messages';

/** The source locale's catalogue: the English every message's default compiles from. */
const source: Record<string, string> = sourceCatalogue;

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('partner onboarding', () => {
  it('says an invalid sequence in French', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<OnboardRoute />, {
      partner: buildCanadianPartner(),
      route: '/onboard',
      locale: 'fr-CA',
    });
    expect(screen.getByRole('heading', { name: 'Intégration du partenaire' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Séquence d’intégration invalide');
  });

  it('keeps the spec’s English', () => {
    expect(source[onboardMessages.invalid.id]).toBe(MESSAGES.invalidOnboarding);
    expect(source[onboardMessages.failed.id]).toBe(MESSAGES.failedOnboarding('{error}'));
  });
});
