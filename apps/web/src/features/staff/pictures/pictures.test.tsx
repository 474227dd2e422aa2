import type { RecordRow } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPartner, buildSponsoredType, partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PicturesSection } from './components/pictures-section';

const row = (overrides: Partial<RecordRow>): RecordRow => ({
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
  status: 'active',
  entitiesId: 4,
  program: 'Antigua Community School',
  slotsFilled: 0,
  maxSlots: 1,
  monthlyAmount: 3900,
  sponsors: 0,
  pictures: 0,
  masked: false,
  customColumnValues: {},
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('PicturesSection', () => {
  it("lists a type's records with their picture counts, each a link to its pictures page", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://demo.localhost');
      const rows =
        url.searchParams.get('hasPictures') === 'false'
          ? [row({ id: 7, code: 'S-7', pictures: 0 })]
          : [
              row({ id: 7, code: 'S-7', pictures: 0 }),
              row({ id: 8, code: 'S-8', firstName: 'Ben', pictures: 3 }),
            ];
      return new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'x-total-count': String(rows.length) },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const partner = buildPartner({
      partnerSponsoredTypes: [buildSponsoredType({ id: 21, sponsoredTypesId: 1 })],
    });
    renderWithProviders(<PicturesSection />, { partner, me: partnerStaff(partner.id) });

    const link = await screen.findByRole('link', { name: 'Ana Lopez' });
    expect(link).toHaveAttribute('href', '/dashboard/records/7/pictures');
    expect(screen.getByText('None yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ben Lopez' })).toHaveAttribute(
      'href',
      '/dashboard/records/8/pictures',
    );
    expect(screen.getByRole('cell', { name: '3' })).toBeInTheDocument();
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://demo.localhost');
    expect(asked.pathname).toBe('/api/dashboard/records');
    expect(asked.searchParams.get('type')).toBe('21');
    expect(asked.searchParams.get('hasPictures')).toBeNull();
  });
});
