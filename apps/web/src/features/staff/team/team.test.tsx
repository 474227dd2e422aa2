import { LAST_ADMIN_MESSAGE, type Invitation, type TeamMember } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TeamSection } from './components/team-section';

afterEach(() => vi.unstubAllGlobals());

const me: TeamMember = {
  usersId: 5,
  firstName: 'Pat',
  lastName: 'Admin',
  email: 'pat@example.org',
  roles: [2],
  entityIds: [],
  isSelf: true,
};
const limited: TeamMember = {
  usersId: 6,
  firstName: 'Lee',
  lastName: 'Field',
  email: 'lee@example.org',
  roles: [4],
  entityIds: [1],
  isSelf: false,
};
const invitation = (id: number, state: Invitation['state']): Invitation => ({
  id,
  email: `${state}@example.org`,
  roles: [3],
  entityIds: [],
  state,
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-24T00:00:00.000Z',
  invitedBy: 'Pat Admin',
});

describe('TeamSection', () => {
  it('lists staff with roles and programs, invitations with their state, and shows the last-Administrator refusal', async () => {
    stubApi({
      'GET /api/dashboard/team': json([me, limited]),
      'GET /api/dashboard/team/invitations': json([invitation(1, 'pending'), invitation(2, 'accepted')]),
      'GET /api/dashboard/programs': json({
        programs: [{ id: 1, name: 'Antigua' }],
        countries: [],
        canCreate: true,
      }),
      'DELETE /api/dashboard/team/5': text(LAST_ADMIN_MESSAGE, 409),
    });
    const user = userEvent.setup();
    renderWithProviders(<TeamSection />);
    const leeRow = (await screen.findByText('lee@example.org')).closest('tr')!;
    expect(leeRow.textContent).toContain('Management');
    expect(await within(leeRow).findByText('Antigua')).toBeTruthy();
    const patRow = screen.getByText('pat@example.org').closest('tr')!;
    expect(patRow.textContent).toContain('All programs');

    const invitations = screen.getByRole('region', { name: 'Invitations' });
    const pending = within(invitations).getByText('pending@example.org').closest('tr')!;
    expect(within(pending).getByRole('button', { name: 'Resend' })).toBeTruthy();
    const accepted = within(invitations).getByText('accepted@example.org').closest('tr')!;
    expect(within(accepted).queryByRole('button', { name: 'Resend' })).toBeNull();

    await user.click(within(patRow).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the team' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(LAST_ADMIN_MESSAGE);
  });

  it('names roles as staff read them, in the list and in the invitation form', async () => {
    stubApi({
      'GET /api/dashboard/team': json([me, { ...limited, roles: [6] }]),
      'GET /api/dashboard/team/invitations': json([{ ...invitation(1, 'pending'), roles: [6, 3] }]),
      'GET /api/dashboard/programs': json({ programs: [], countries: [], canCreate: true }),
    });
    renderWithProviders(<TeamSection />);
    const leeRow = (await screen.findByText('lee@example.org')).closest('tr')!;
    expect(leeRow.textContent).toContain('Donor management');
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    const pending = within(invitations).getByText('pending@example.org').closest('tr')!;
    expect(pending.textContent).toContain('Donor management, Reporting');
    const invite = screen.getByRole('region', { name: 'Invite a person' });
    expect(within(invite).getByRole('checkbox', { name: /^Donor management/ })).toBeInTheDocument();
    expect(screen.queryByText(/DonorManagement/)).toBeNull();
  });

  it('revokes a pending invitation, then shows the invitations read again', async () => {
    let invitations = [invitation(1, 'pending')];
    const api = stubApi({
      'GET /api/dashboard/team': json([me]),
      'GET /api/dashboard/team/invitations': () => json(invitations),
      'GET /api/dashboard/programs': json({ programs: [], countries: [], canCreate: true }),
      'POST /api/dashboard/team/invitations/1/revoke': () => {
        invitations = [{ ...invitation(1, 'pending'), state: 'revoked' }];
        return json(invitations[0]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TeamSection />);
    const region = await screen.findByRole('region', { name: 'Invitations' });
    const row = (await within(region).findByText('pending@example.org')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(await within(region).findByText('revoked')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(api.callsTo('POST /api/dashboard/team/invitations/1/revoke')).toHaveLength(1);
    expect(api.callsTo('GET /api/dashboard/team/invitations')).toHaveLength(2);
  });

  it('invites a person: checks the address and a role before sending, then sends them and says so', async () => {
    const api = stubApi({
      'GET /api/dashboard/team': json([me]),
      'GET /api/dashboard/team/invitations': json([]),
      'GET /api/dashboard/programs': json({ programs: [], countries: [], canCreate: true }),
      'POST /api/dashboard/team/invitations': (call) =>
        json({ ...invitation(3, 'pending'), email: (call.body as { email: string }).email, roles: [4] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<TeamSection />);
    const invite = screen.getByRole('region', { name: 'Invite a person' });
    const email = within(invite).getByRole('textbox', { name: /Email/ });
    await user.type(email, 'tess@');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(within(invite).getByText('Invalid email')).toBeInTheDocument();
    expect(within(invite).getByText('Choose at least one role')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/team/invitations')).toHaveLength(0);

    await user.type(email, 'example.org');
    await user.click(within(invite).getByRole('checkbox', { name: /^Management/ }));
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(invite).findByText(
        'Invitation sent to tess@example.org. The link works once, for 7 days.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/team/invitations').map((c) => c.body)).toEqual([
      { email: 'tess@example.org', roles: [4], entityIds: [] },
    ]);
    expect(email).toHaveValue('');
    expect(within(invite).getByRole('checkbox', { name: /^Management/ })).not.toBeChecked();
  });

  it('saves a person’s roles from the edit dialog, and keeps the dialog open with the server’s refusal', async () => {
    let refuse = true;
    const api = stubApi({
      'GET /api/dashboard/team': json([me, limited]),
      'GET /api/dashboard/team/invitations': json([]),
      'GET /api/dashboard/programs': json({
        programs: [{ id: 1, name: 'Antigua' }],
        countries: [],
        canCreate: true,
      }),
      'PUT /api/dashboard/team/6': (call) =>
        refuse ? text('Lee cannot be changed now.', 409) : json({ ...limited, ...(call.body as object) }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<TeamSection />);
    const leeRow = (await screen.findByText('lee@example.org')).closest('tr')!;
    await user.click(within(leeRow).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Lee Field' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Reporting/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Lee cannot be changed now.');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /api/dashboard/team/6').map((c) => c.body)).toEqual([
      { roles: [4, 3], entityIds: [1] },
      { roles: [4, 3], entityIds: [1] },
    ]);
  });
});
