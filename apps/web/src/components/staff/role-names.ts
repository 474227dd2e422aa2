import { Role, roleLabel, type RoleId } from '@kinship/domain';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { loose } from '../../i18n/loose-messages';

/** The staff roles as staff read them (domain ROLE_LABELS in English, word for word). */
export const roleMessages = loose(
  defineMessages({
    [Role.Administrator]: { id: 'staff.role.administrator', defaultMessage: 'Administrator' },
    [Role.Reporting]: { id: 'staff.role.reporting', defaultMessage: 'Reporting' },
    [Role.Management]: { id: 'staff.role.management', defaultMessage: 'Management' },
    [Role.Messages]: { id: 'staff.role.messages', defaultMessage: 'Messages' },
    [Role.DonorManagement]: { id: 'staff.role.donorManagement', defaultMessage: 'Donor management' },
  }),
) satisfies Record<RoleId, MessageDescriptor>;

/** A role's name in the page's language; an unknown id keeps the domain's "Role <id>". */
export function roleName(intl: IntlShape, id: number): string {
  const message = (roleMessages as Record<number, MessageDescriptor>)[id];
  return message ? intl.formatMessage(message) : roleLabel(id);
}

/** Several roles, joined as the page's language joins a list. */
export function roleNames(intl: IntlShape, roles: readonly number[]): string {
  return roles.map((id) => roleName(intl, id)).join(', ');
}
