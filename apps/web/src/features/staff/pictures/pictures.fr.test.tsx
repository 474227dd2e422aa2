import type { RecordRow } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { buildSponsoredType, partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { PicturesSection } from './components/pictures-section';

afterEach(() => vi.unstubAllGlobals());

const row: RecordRow = {
  id: 7,
  code: 'S-7',
  firstName: 'Ana',
  lastName: 'Lopez',
  title: null,
  gradesId: null,
  grade: null,
  homeroom: null,
  birthday: null,
  age: null,
  gender: null,
  status: 'reserved',
  entitiesId: 4,
  program: 'École communautaire',
  slotsFilled: 0,
  maxSlots: 1,
  monthlyAmount: 3900,
  sponsors: 0,
  pictures: 0,
  masked: false,
  customColumnValues: {},
};

describe('Pictures in French', () => {
  it('lists the records with their picture counts and status in French', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([row]), {
            headers: { 'content-type': 'application/json', 'x-total-count': '1' },
          }),
      ),
    );
    const partner = buildCanadianPartner({
      partnerSponsoredTypes: [buildSponsoredType({ id: 21, sponsoredTypesId: 1 })],
    });
    renderWithProviders(
      <StaffCatalogue>
        <PicturesSection />
      </StaffCatalogue>,
      { partner, me: partnerStaff(partner.id), locale: 'fr-CA' },
    );
    expect(await screen.findByRole('link', { name: 'Ana Lopez' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Photos' })).toBeInTheDocument();
    expect(screen.getByText('Aucune')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'réservée' })).toBeInTheDocument();
  });
});
