import { Role, type StaffProgramsAnswer } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { ProgramsSection } from './components/programs-section';

afterEach(() => vi.unstubAllGlobals());

const answer: StaffProgramsAnswer = {
  programs: [
    {
      id: 100,
      name: 'Campus Nord',
      city: 'Quito',
      countriesId: 10,
      description: null,
      translations: {},
      latitude: null,
      longitude: null,
      imageUrl: null,
      records: 12,
      sponsors: 7,
    },
  ],
  countries: [{ id: 10, name: 'Équateur' }],
  canCreate: true,
};

describe('Programs in French', () => {
  it('lists the programs and offers a new one in French', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({ 'GET /api/dashboard/programs': json(answer) });
    renderWithProviders(
      <StaffCatalogue>
        <ProgramsSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner(),
        me: partnerStaff(2, [Role.Administrator]),
        locale: 'fr-CA',
      },
    );
    const row = (await screen.findByText('Campus Nord')).closest('tr')!;
    expect(within(row).getByText('Non placé')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Programmes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau programme' })).toBeInTheDocument();
  });
});
