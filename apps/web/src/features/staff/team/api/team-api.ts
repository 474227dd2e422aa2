import {
  invitationSchema,
  teamMemberSchema,
  type Invitation,
  type InvitationInput,
  type TeamMember,
  type TeamMemberUpdate,
} from '@kinship/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { meQueryOptions } from '../../../../shared/auth/api/get-me';

// The Team section's calls (decision 045): dashboard/team and dashboard/team/invitations.

/**
 * The section's query keys. The members' key is the section's own prefix, so a change to a member
 * refreshes the invitations and programs too.
 */
export const teamKeys = {
  all: ['dashboard', 'team'] as const,
  members: () => teamKeys.all,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
  programs: () => [...teamKeys.all, 'programs'] as const,
};

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.members(),
    queryFn: () => apiRequest<TeamMember[]>('dashboard/team', { schema: teamMemberSchema.array() }),
  });

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.invitations(),
    queryFn: () =>
      apiRequest<Invitation[]>('dashboard/team/invitations', { schema: invitationSchema.array() }),
  });

/** The partner's programs, for the program limits (names only). */
export const teamProgramsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.programs(),
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

/** A change to the person's own roles: the navigation (Administration link, sections) follows at once. */
function useMemberChanged() {
  const client = useQueryClient();
  return (member: TeamMember) => {
    void client.invalidateQueries({ queryKey: teamKeys.members() });
    if (member.isSelf) void client.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  };
}

export function useUpdateMember() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: ({ member, values }: { member: TeamMember; values: TeamMemberUpdate }) =>
      updateMember(member.usersId, values),
    onSuccess: (_answer, { member }) => changed(member),
  });
}

export function useRemoveMember() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (member: TeamMember) => removeMember(member.usersId),
    onSuccess: (_answer, member) => changed(member),
  });
}

function useInvitationsMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Invitation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export const useInviteMember = () => useInvitationsMutation(inviteMember);
export const useResendInvitation = () => useInvitationsMutation(resendInvitation);
export const useRevokeInvitation = () => useInvitationsMutation(revokeInvitation);
