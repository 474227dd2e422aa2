import {
  paragraphsToHtml,
  Role,
  type UpdatePostDetail,
  type UpdatePostSummary,
  type UpdateRecipients,
} from '@kinship/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, paged } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { UpdatesSection } from './components/updates-section';

afterEach(() => vi.unstubAllGlobals());

const draft: UpdatePostSummary = {
  id: 5,
  title: 'Harvest week',
  status: 'draft',
  audienceLabel: 'North Campus',
  recordsCount: 12,
  picturesCount: 0,
  distributeAt: null,
  sentAt: null,
  sentCount: 0,
  openedCount: 0,
  updatedAt: '2026-11-20T12:00:00.000Z',
};

const detail: UpdatePostDetail = {
  ...draft,
  updateMessage: '<p>The students brought in the harvest.</p>',
  audience: { kind: 'program', entitiesId: 100 },
  records: [],
  picturePaths: [],
  links: [],
};

const recipients: UpdateRecipients = {
  programs: [{ id: 100, name: 'North Campus' }],
  types: [{ id: 21, label: 'Student' }],
  records: [],
};

describe('the Updates section', () => {
  it('lists the updates with their status and recipients', async () => {
    stubApi({ 'GET /api/dashboard/updates': paged([draft]) });
    renderWithProviders(<UpdatesSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/updates',
    });
    const title = await screen.findByRole('button', { name: 'Harvest week' });
    const row = title.closest('tr')!;
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByText('North Campus (12 records)')).toBeInTheDocument();
    expect(within(row).getByText('Not set')).toBeInTheDocument();
  });

  it('deletes a draft on confirmation, then shows the list read again without it', async () => {
    let posts = [draft];
    const api = stubApi({
      'GET /api/dashboard/updates': () => paged(posts),
      'GET /api/dashboard/updates/5': json(detail),
      'GET /api/dashboard/updates/recipients': json(recipients),
      'DELETE /api/dashboard/updates/5': () => {
        posts = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<UpdatesSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/updates',
    });
    await user.click(await screen.findByRole('button', { name: 'Harvest week' }));
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this update?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete update' }));
    expect(await screen.findByText('No updates yet.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/dashboard/updates/5')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/dashboard/updates').length).toBeGreaterThanOrEqual(2));
  });

  it('writes a new update: asks for a title and recipients, then saves the draft with the message as HTML', async () => {
    const saved: UpdatePostDetail = { ...detail, id: 9, title: 'Rainy season', updateMessage: '' };
    const api = stubApi({
      'GET /api/dashboard/updates/recipients': json(recipients),
      'POST /api/dashboard/updates': json(saved),
      'GET /api/dashboard/updates/9': json(saved),
    });
    const { user } = renderWithProviders(<UpdatesSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/updates?edit=new',
    });
    await screen.findByRole('heading', { name: 'New update' });
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(screen.getByText('Required.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one record.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/updates')).toHaveLength(0);

    // Pasted, not typed key by key (slow in jsdom).
    await user.click(screen.getByRole('textbox', { name: /Title/ }));
    await user.paste('Rainy season');
    await user.click(screen.getByRole('textbox', { name: /Message/ }));
    await user.paste('The rains came early.\n\nThe **roof** held.');
    await user.click(screen.getByText('A program'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('Choose a program.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'North Campus' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('heading', { name: 'Edit update' });
    expect(api.callsTo('POST /api/dashboard/updates').map((c) => c.body)).toEqual([
      {
        title: 'Rainy season',
        updateMessage: paragraphsToHtml('The rains came early.\n\nThe **roof** held.'),
        audience: { kind: 'program', entitiesId: 100 },
        schedule: false,
        distributeAt: null,
      },
    ]);
  });

  it('schedules a draft only for a time to come, sending its pictures to keep', async () => {
    let posts = [draft];
    const api = stubApi({
      'GET /api/dashboard/updates': () => paged(posts),
      'GET /api/dashboard/updates/5': json(detail),
      'GET /api/dashboard/updates/recipients': json(recipients),
      'PATCH /api/dashboard/updates/5': (call) => {
        const body = call.body as { distributeAt: string };
        posts = [{ ...draft, status: 'scheduled', distributeAt: body.distributeAt }];
        return json({ ...detail, status: 'scheduled', distributeAt: body.distributeAt });
      },
    });
    const { user } = renderWithProviders(<UpdatesSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/updates?edit=5',
    });
    await screen.findByRole('heading', { name: 'Edit update' });
    await user.click(screen.getByRole('radio', { name: 'Send later' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Choose the date and time.')).toBeInTheDocument();
    const at = screen.getByLabelText('Date and time');
    fireEvent.change(at, { target: { value: '2020-01-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Choose a time in the future, or send now.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/dashboard/updates/5')).toHaveLength(0);

    fireEvent.change(at, { target: { value: '2099-01-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('heading', { name: 'Updates' })).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/dashboard/updates/5').map((c) => c.body)).toEqual([
      {
        title: 'Harvest week',
        updateMessage: '<p>The students brought in the harvest.</p>',
        audience: { kind: 'program', entitiesId: 100 },
        schedule: true,
        distributeAt: new Date('2099-01-01T09:00').toISOString(),
        picturePaths: [],
      },
    ]);
  });
});
