import type { StaffType, StaffTypesAnswer } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TypesSection } from './components/types-section';

afterEach(() => vi.unstubAllGlobals());

const students: StaffType = {
  id: 9,
  sponsoredTypesId: 1,
  identifier: 'students',
  settings: {
    customLabelSingular: 'Student',
    customLabelPlural: 'Students',
    customSlotName: 'Slot',
    description: 'Sponsoring a student covers school fees.',
    translations: { 'fr-CA': { customLabelSingular: 'Élève' } },
    active: true,
    showSlots: true,
    visibleSlots: 1,
    maxSlots: 1,
    maskProfiles: true,
    showBirthday: false,
    showAge: true,
    showLastName: false,
    gridLayout: 'deck',
    hiddenFilterTypes: [],
    customColumns: [],
  },
  currentPlan: { id: 9, monthlyAmount: 3900, paymentIntervalsIds: [1] },
  filterTypes: [],
  records: 55,
  activeSponsorships: 3,
};
const answer: StaffTypesAnswer = {
  types: [students],
  paymentIntervals: [{ id: 1, name: 'month', multiplier: 1 }],
};
const maple = buildCanadianPartner();

describe('Types and plans in each language (decision 072)', () => {
  it('shows a tab per offered language and saves the French labels as translations', async () => {
    const api = stubApi({
      'GET /api/dashboard/types': json(answer),
      'PUT /api/dashboard/types/9': json(students),
    });
    const user = userEvent.setup();
    renderWithProviders(<TypesSection />, { partner: maple });
    const row = (await screen.findByRole('cell', { name: /Students/ })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit Students' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Students' });
    expect(within(dialog).getByRole('tab', { name: 'English (en-CA)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByLabelText(/Label \(one\)/)).toHaveValue('Student');

    await user.click(within(dialog).getByRole('tab', { name: 'Français (fr-CA)' }));
    const one = within(dialog).getByLabelText(/Label \(one\)/);
    expect(one).toHaveValue('Élève');
    const many = within(dialog).getByLabelText(/Label \(many\)/);
    // The default's text is the hint of an empty translation.
    expect(many).toHaveValue('');
    expect(many).toHaveAttribute('placeholder', 'Students');
    expect(
      within(dialog).getByText('Left empty, visitors see the English text instead.'),
    ).toBeInTheDocument();
    await user.type(many, 'Élèves');
    await user.click(within(dialog).getByRole('button', { name: 'Save the type' }));

    await waitFor(() => expect(api.callsTo('PUT /api/dashboard/types/9')).toHaveLength(1));
    const body = api.callsTo('PUT /api/dashboard/types/9')[0]!.body as StaffType['settings'];
    expect(body.customLabelSingular).toBe('Student');
    expect(body.translations).toEqual({
      'fr-CA': { customLabelSingular: 'Élève', customLabelPlural: 'Élèves', description: '' },
    });
  });

  it('shows no language tabs for a partner with one language', async () => {
    stubApi({ 'GET /api/dashboard/types': json(answer) });
    const user = userEvent.setup();
    renderWithProviders(<TypesSection />);
    const row = (await screen.findByRole('cell', { name: /Students/ })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit Students' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Students' });
    expect(within(dialog).queryByRole('tab', { name: /English/ })).toBeNull();
    expect(within(dialog).getByLabelText(/Label \(one\)/)).toHaveValue('Student');
  });
});
