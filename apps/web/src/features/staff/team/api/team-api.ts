import {
  invitationSchema,
  teamMemberSchema,
  type Invitation,
  type InvitationInput,
  type TeamMember,
  type TeamMemberUpdate,
} from '@kinship/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

// The Team section's calls (decision 045): dashboard/team and dashboard/team/invitations.

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'team'],
    queryFn: () => apiRequest<TeamMember[]>('dashboard/team', { schema: teamMemberSchema.array() }),
  });

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'team', 'invitations'],
    queryFn: () =>
      apiRequest<Invitation[]>('dashboard/team/invitations', { schema: invitationSchema.array() }),
  });

/** The partner's programs, for the program limits (names only). */
export const teamProgramsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'team', 'programs'],
    queryFn: async () =>
      (await apiRequest<{ programs: { id: number; name: string }[] }>('dashboard/programs')).programs,
  });

export const updateMember = (usersId: number, values: TeamMemberUpdate) =>
  apiRequest<TeamMember>(`dashboard/team/${usersId}`, { method: 'PUT', body: values });

export const removeMember = (usersId: number) =>
  apiRequest<void>(`dashboard/team/${usersId}`, { method: 'DELETE' });

export const inviteMember = (values: InvitationInput) =>
  apiRequest<Invitation>('dashboard/team/invitations', { method: 'POST', body: values });

export const resendInvitation = (id: number) =>
  apiRequest<Invitation>(`dashboard/team/invitations/${id}/resend`, { method: 'POST', body: {} });

export const revokeInvitation = (id: number) =>
  apiRequest<Invitation>(`dashboard/team/invitations/${id}/revoke`, { method: 'POST', body: {} });
