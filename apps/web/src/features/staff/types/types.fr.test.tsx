import { keptPriceMessage, type StaffTypesAnswer } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { TypesSection } from './components/types-section';
import { keptPriceDescriptor } from './messages';

afterEach(() => vi.unstubAllGlobals());

const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const answer: StaffTypesAnswer = {
  types: [
    {
      id: 7,
      sponsoredTypesId: 2,
      identifier: 'enseignants',
      settings: {
        customLabelSingular: 'Enseignant',
        customLabelPlural: 'Enseignants',
        customSlotName: 'Place',
        description: null,
        translations: {},
        active: true,
        showSlots: true,
        visibleSlots: 1,
        maxSlots: 5,
        maskProfiles: false,
        showBirthday: false,
        showAge: true,
        showLastName: false,
        gridLayout: 'column',
        hiddenFilterTypes: [],
        customColumns: [],
      },
      currentPlan: { id: 3, monthlyAmount: 123456, paymentIntervalsIds: [1] },
      filterTypes: [],
      records: 12,
      activeSponsorships: 1,
    },
  ],
  paymentIntervals: [{ id: 1, name: 'month', multiplier: 1 }],
};

describe('Types and plans', () => {
  it('says what a price change keeps as keptPriceMessage does', () => {
    const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
    for (const count of [0, 1, 4]) {
      expect(english.formatMessage(keptPriceDescriptor, { count })).toBe(keptPriceMessage(count));
    }
  });

  it('lists the types in French with a fr-CA price', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({ 'GET /api/dashboard/types': json(answer) });
    renderWithProviders(
      <StaffCatalogue>
        <TypesSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner(),
        locale: 'fr-CA',
      },
    );
    const row = (await screen.findByRole('cell', { name: /Enseignants/ })).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Types et plans' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau type' })).toBeInTheDocument();
    expect(within(row).getByText('Enseignant')).toBeInTheDocument();
    expect(spaces(row.textContent)).toContain('1 234,56 $');
  });
});
