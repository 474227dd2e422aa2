import { Role, type StaffProgram, type StaffProgramsAnswer } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ProgramsSection } from './components/programs-section';

afterEach(() => vi.unstubAllGlobals());

const program: StaffProgram = {
  id: 100,
  name: 'North Campus',
  city: 'Quito',
  countriesId: 10,
  description: null,
  translations: {},
  latitude: null,
  longitude: null,
  imageUrl: null,
  records: 12,
  sponsors: 7,
};

const answer = (programs: StaffProgram[]): StaffProgramsAnswer => ({
  programs,
  countries: [{ id: 10, name: 'Ecuador' }],
  canCreate: true,
});

describe('the Programs section', () => {
  it('lists the programs with their country, records, sponsors and place on the map', async () => {
    stubApi({ 'GET /api/dashboard/programs': json(answer([program])) });
    renderWithProviders(<ProgramsSection />, { me: partnerStaff(2, [Role.Administrator]) });
    const row = (await screen.findByText('North Campus')).closest('tr')!;
    expect(within(row).getByText('Quito')).toBeInTheDocument();
    expect(within(row).getByText('Ecuador')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('Not placed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New program' })).toBeInTheDocument();
  });

  it('saves a changed program, then shows the list read again', async () => {
    let current = program;
    const api = stubApi({
      'GET /api/dashboard/programs': () => json(answer([current])),
      'PUT /api/dashboard/programs/100': (call) => {
        current = { ...program, ...(call.body as Partial<StaffProgram>) };
        return json(current);
      },
    });
    const { user } = renderWithProviders(<ProgramsSection />, { me: partnerStaff(2, [Role.Administrator]) });
    await user.click(await screen.findByRole('button', { name: 'Edit North Campus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit North Campus' });
    const city = within(dialog).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Cuenca');
    await user.click(within(dialog).getByRole('button', { name: 'Save the program' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /api/dashboard/programs/100')[0]!.body).toMatchObject({
      name: 'North Campus',
      city: 'Cuenca',
    });
    expect(await screen.findByText('Cuenca')).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard/programs')).toHaveLength(2);
  });
});
