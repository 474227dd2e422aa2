import { Role, type UpdatePostDetail, type UpdatePostSummary, type UpdateRecipients } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { UpdatesSection } from './components/updates-section';

afterEach(() => vi.unstubAllGlobals());

const paged = (items: unknown[]) =>
  new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': String(items.length) },
  });

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
});
