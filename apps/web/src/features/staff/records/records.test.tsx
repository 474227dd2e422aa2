import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordRow } from '@kinship/domain';
import { stubApi } from '../../../test/api-stub';
import { buildPartner, buildSponsoredType, partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RecordsSection } from './components/records-section';

const partner = buildPartner({
  partnerSponsoredTypes: [buildSponsoredType()],
  entities: [{ id: 100, name: 'North Campus', city: null }],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Records table links to the import (issue 21)', () => {
  const records = (count: number) =>
    new Response(JSON.stringify([]), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(count) },
    });

  it('offers "Import" beside the exports, and in the empty state of a type with no records', async () => {
    stubApi({ 'GET /api/dashboard/records': records(0) });
    renderWithProviders(<RecordsSection />, { partner, me: partnerStaff(), route: '/dashboard/records' });
    const importLink = await screen.findByRole('link', { name: 'Import' });
    expect(importLink).toHaveAttribute('href', '/dashboard/records/import?type=21');
    const exports = screen.getByRole('link', { name: 'Export CSV' }).parentElement!;
    expect(within(exports.parentElement!).getByRole('link', { name: 'Import' })).toBe(importLink);
    const offered = await screen.findByRole('link', { name: 'Import students' });
    expect(offered).toHaveAttribute('href', '/dashboard/records/import?type=21');
    expect(screen.getByText('No students here.')).toBeInTheDocument();
  });

  it('offers no import to staff who only see records', async () => {
    stubApi({ 'GET /api/dashboard/records': records(0) });
    // Reporting (role 3) may view records, not manage them.
    renderWithProviders(<RecordsSection />, {
      partner,
      me: partnerStaff(2, [3]),
      route: '/dashboard/records',
    });
    await waitFor(() => expect(screen.getByText('No students here.')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /^Import/ })).not.toBeInTheDocument();
  });
});

describe('the Records section', () => {
  const row: RecordRow = {
    id: 301,
    code: 'ST-301',
    firstName: 'Maria',
    lastName: 'Lopez',
    title: null,
    gradesId: null,
    grade: null,
    homeroom: null,
    birthday: null,
    age: null,
    gender: 'Female',
    status: 'active',
    entitiesId: 100,
    program: 'North Campus',
    slotsFilled: 0,
    maxSlots: 1,
    monthlyAmount: 3000,
    sponsors: 0,
    pictures: 0,
    masked: false,
    customColumnValues: {},
  };
  const page = (rows: RecordRow[]) =>
    new Response(JSON.stringify(rows), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(rows.length) },
    });

  it('deletes a record on confirmation, then shows the table read again without it', async () => {
    let rows = [row];
    const api = stubApi({
      'GET /api/dashboard/records': () => page(rows),
      'DELETE /api/dashboard/records/301': () => {
        rows = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<RecordsSection />, {
      partner,
      me: partnerStaff(),
      route: '/dashboard/records',
    });
    expect(await screen.findByText('Maria')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete ST-301?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No students here.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/dashboard/records/301')).toHaveLength(1);
    expect(api.callsTo('GET /api/dashboard/records')).toHaveLength(2);
  });
});
