import { keptPriceMessage, type StaffType, type StaffTypesAnswer } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TypesSection } from './components/types-section';

afterEach(() => vi.unstubAllGlobals());

const teachers: StaffType = {
  id: 7,
  sponsoredTypesId: 2,
  identifier: 'teachers',
  settings: {
    customLabelSingular: 'Teacher',
    customLabelPlural: 'Teachers',
    customSlotName: 'Slot',
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
  currentPlan: { id: 3, monthlyAmount: 5000, paymentIntervalsIds: [1, 2] },
  filterTypes: [{ id: 1, label: 'Age' }],
  records: 12,
  activeSponsorships: 4,
};
const answer: StaffTypesAnswer = {
  types: [teachers],
  paymentIntervals: [
    { id: 1, name: 'month', multiplier: 1 },
    { id: 2, name: 'year', multiplier: 12 },
  ],
};

describe('TypesSection', () => {
  it('never changes a price silently: it says how many sponsorships keep theirs, then changes it on confirmation', async () => {
    const api = stubApi({
      'GET /api/dashboard/types': json(answer),
      'PUT /api/dashboard/types/7/plan': json({
        type: { ...teachers, currentPlan: { id: 4, monthlyAmount: 6000, paymentIntervalsIds: [1, 2] } },
        keptSponsorships: 4,
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<TypesSection />);
    const row = (await screen.findByRole('cell', { name: /Teachers/ })).closest('tr')!;
    expect(row.textContent).toContain('50.00');
    await user.click(within(row).getByRole('button', { name: 'Edit Teachers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Teachers' });
    const amount = within(dialog).getByLabelText(/Monthly amount/);
    await user.clear(amount);
    await user.type(amount, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Change the price' }));

    const confirm = await screen.findByRole('dialog', { name: 'Change the price?' });
    expect(confirm.textContent).toContain(keptPriceMessage(4));
    expect(api.callsTo('PUT /api/dashboard/types/7/plan')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Change the price' }));
    await waitFor(() => expect(api.callsTo('PUT /api/dashboard/types/7/plan')).toHaveLength(1));
    expect(api.callsTo('PUT /api/dashboard/types/7/plan')[0]!.body).toEqual({
      monthlyAmount: 6000,
      paymentIntervalsIds: [1, 2],
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      '4 existing sponsorships keep their price',
    );
  });
});
