import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SponsoredType, type RecordDetail } from '@kinship/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../../test/api-stub';
import { buildCanadianPartner } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { createRecord, updateRecord } from '../api/records-api';
import { RecordEditor } from './record-editor';

afterEach(() => vi.unstubAllGlobals());

const TYPE = {
  id: 7,
  sponsoredTypesId: SponsoredType.Student,
  customLabelSingular: 'Student',
  customColumns: ['Village'],
};
const PROGRAMS = [
  { id: 1, name: 'Antigua' },
  { id: 2, name: 'Kisumu' },
];

const RECORD: RecordDetail = {
  id: 42,
  code: 'S-42',
  firstName: 'Zuri',
  lastName: 'Okafor',
  title: null,
  gradesId: 3,
  grade: '2nd Grade',
  homeroom: 'Room 4',
  birthday: '2015-03-04',
  age: 11,
  gender: 'Female',
  status: 'active',
  entitiesId: 1,
  program: 'Antigua',
  slotsFilled: 2,
  maxSlots: 3,
  monthlyAmount: 3500,
  sponsors: 2,
  pictures: 0,
  masked: false,
  customColumnValues: { Village: 'Lakeside' },
  partnerSponsoredTypesId: 7,
  sponsoredTypesId: 1,
  bio: '<p>Hi</p>',
  translations: {},
  showBirthday: null,
  showAge: true,
  showLastName: false,
  monthlyAmountOverride: null,
  funFacts: [
    { id: 1, description: 'Colour', value: 'Green' },
    { id: 2, description: 'Wants to be', value: 'Pilot' },
  ],
};

describe('the record editor', () => {
  it('creates a record with two fun facts, in the order given', async () => {
    const api = stubApi({ 'POST /api/dashboard/records': json({ ...RECORD, id: 43 }, 201) });
    const done = vi.fn();
    const { user } = renderWithProviders(
      <RecordEditor type={TYPE} programs={PROGRAMS} onSave={createRecord} onDone={done} />,
    );
    await user.type(screen.getByRole('textbox', { name: /Code/ }), 'S-43');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Amani');
    await user.click(screen.getByRole('button', { name: 'Add a fun fact' }));
    await user.click(screen.getByRole('button', { name: 'Add a fun fact' }));
    await user.type(screen.getByRole('textbox', { name: 'Fun fact 1: label' }), 'Sport');
    await user.type(screen.getByRole('textbox', { name: 'Fun fact 1: value' }), 'Football');
    await user.type(screen.getByRole('textbox', { name: 'Fun fact 2: label' }), 'Food');
    await user.type(screen.getByRole('textbox', { name: 'Fun fact 2: value' }), 'Mango');
    await user.click(screen.getByRole('button', { name: 'Move fun fact 2 up' }));
    await user.type(screen.getByRole('textbox', { name: 'Village' }), 'Hilltop');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST /api/dashboard/records')).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({
      partnerSponsoredTypesId: 7,
      entitiesId: 1,
      code: 'S-43',
      firstName: 'Amani',
      funFacts: [
        { description: 'Food', value: 'Mango' },
        { description: 'Sport', value: 'Football' },
      ],
      customColumnValues: { Village: 'Hilltop' },
    });
    await waitFor(() => expect(done).toHaveBeenCalled());
  }, 120_000);

  it('takes the monthly amount in dollars and sends it to the API in cents', async () => {
    const api = stubApi({
      'PATCH /api/dashboard/records/42': json({ ...RECORD, monthlyAmountOverride: 1950 }),
    });
    const { user } = renderWithProviders(
      <RecordEditor
        type={TYPE}
        programs={PROGRAMS}
        record={{ ...RECORD, monthlyAmountOverride: 3500 }}
        onSave={(v) => updateRecord(42, v)}
        onDone={() => undefined}
      />,
    );
    const amount = screen.getByRole('textbox', { name: 'Monthly amount' });
    expect(amount).toHaveValue('$35.00');
    expect(screen.queryByText(/cents/)).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '19.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/dashboard/records/42')).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({ monthlyAmount: 1950 });
  });

  it('marks the field its type requires (decision 067): a person’s first name, a class’s title', () => {
    const { unmount } = renderWithProviders(
      <RecordEditor type={TYPE} programs={PROGRAMS} onSave={vi.fn()} onDone={() => undefined} />,
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Last name' })).not.toBeRequired();
    unmount();
    renderWithProviders(
      <RecordEditor
        type={{ ...TYPE, sponsoredTypesId: SponsoredType.Class, customLabelSingular: 'Class' }}
        programs={PROGRAMS}
        onSave={vi.fn()}
        onDone={() => undefined}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeRequired();
    expect(screen.queryByRole('textbox', { name: 'First name' })).not.toBeInTheDocument();
  });

  it('puts the server’s field errors on their fields', async () => {
    stubApi({
      'PATCH /api/dashboard/records/42': () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Some fields are not valid.',
            status: 400,
            code: 'validation_failed',
            errors: [
              { field: 'maxSlots', message: 'Max slots cannot be below the 2 slots its sponsors fill.' },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(
      <RecordEditor
        type={TYPE}
        programs={PROGRAMS}
        record={RECORD}
        onSave={(v) => updateRecord(42, v)}
        onDone={() => undefined}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Fun fact 2: value' })).toHaveValue('Pilot');
    expect(screen.getByRole('link', { name: 'Manage pictures (0)' })).toHaveAttribute(
      'href',
      `/dashboard/records/${RECORD.id}/pictures`,
    );
    await user.click(screen.getByRole('button', { name: 'Remove fun fact 1' }));
    expect(screen.queryByRole('textbox', { name: 'Fun fact 2: value' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Max slots cannot be below the 2 slots its sponsors fill.'),
    ).toBeInTheDocument();
  });

  it('says what archiving does to the sponsorships before it happens, and archives only on confirm', async () => {
    const archive = vi.fn(async () => undefined);
    const { user } = renderWithProviders(
      <RecordEditor
        type={TYPE}
        programs={PROGRAMS}
        record={RECORD}
        onSave={async () => undefined}
        onArchive={archive}
        onDone={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its 2 active sponsorships continue to be charged/)).toBeInTheDocument();
    expect(within(dialog).getByText(/each sponsor is emailed/)).toBeInTheDocument();
    expect(archive).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(1));
  });

  it('edits the bio per language for a partner offering two (decision 072)', async () => {
    const api = stubApi({ 'PATCH /api/dashboard/records/42': json(RECORD) });
    const { user } = renderWithProviders(
      <RecordEditor
        type={TYPE}
        programs={PROGRAMS}
        record={{ ...RECORD, translations: { 'fr-CA': { bio: '<p>Salut, je suis Zuri.</p>' } } }}
        onSave={(v) => updateRecord(42, v)}
        onDone={() => undefined}
      />,
      {
        partner: buildCanadianPartner(),
      },
    );
    expect(await screen.findByRole('tab', { name: 'English (en-CA)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Hi')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Français (fr-CA)' }));
    const panel = screen.getByRole('tabpanel', { name: 'Français (fr-CA)' });
    expect(await within(panel).findByText('Salut, je suis Zuri.')).toBeInTheDocument();
    expect(within(panel).getByText('Left empty, visitors see the English text instead.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/dashboard/records/42')).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({
      bio: '<p>Hi</p>',
      translations: { 'fr-CA': { bio: '<p>Salut, je suis Zuri.</p>' } },
    });
  });
});
