import { invitationAcceptedSchema, invitationLinkSchema, type InvitationLink } from '@kinship/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The invitation link's calls (decision 045): GET invitations/{token}, POST invitations/{token}/accept.

export const invitationLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: () =>
      apiRequest<InvitationLink>(`invitations/${encodeURIComponent(token)}`, {
        schema: invitationLinkSchema,
      }),
    retry: false,
  });

export const acceptInvitation = (token: string) =>
  apiRequest(`invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: {},
    schema: invitationAcceptedSchema,
  });
