import { Role, type RoleId } from '@kinship/domain';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Why an invitation can no longer be accepted. */
export const invitationMessages = defineMessages({
  accepted: { id: 'invitation.state.accepted', defaultMessage: 'This invitation has already been used.' },
  expired: {
    id: 'invitation.state.expired',
    defaultMessage: 'This invitation has expired. Ask the administrator who invited you for a new one.',
  },
  revoked: { id: 'invitation.state.revoked', defaultMessage: 'This invitation was withdrawn.' },
});

/** The staff roles' names (domain ROLE_LABELS; messages.test.ts holds the English equal to them). */
export const roleMessages = defineMessages({
  administrator: { id: 'invitation.role.administrator', defaultMessage: 'Administrator' },
  reporting: { id: 'invitation.role.reporting', defaultMessage: 'Reporting' },
  management: { id: 'invitation.role.management', defaultMessage: 'Management' },
  messages: { id: 'invitation.role.messages', defaultMessage: 'Messages' },
  donorManagement: { id: 'invitation.role.donorManagement', defaultMessage: 'Donor management' },
  unknown: { id: 'invitation.role.unknown', defaultMessage: 'Role {role}' },
});

export const ROLE_MESSAGE_BY_ID: Record<RoleId, MessageDescriptor> = {
  [Role.Administrator]: roleMessages.administrator,
  [Role.Reporting]: roleMessages.reporting,
  [Role.Management]: roleMessages.management,
  [Role.Messages]: roleMessages.messages,
  [Role.DonorManagement]: roleMessages.donorManagement,
};

/** A role's name as a message; an unknown id reads "Role <id>" (values: { role }). */
export function roleMessage(id: number): MessageDescriptor {
  return (ROLE_MESSAGE_BY_ID as Record<number, MessageDescriptor>)[id] ?? roleMessages.unknown;
}
