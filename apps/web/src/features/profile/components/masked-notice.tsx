import { maskedNoticeKind, type MaskedNoticeKind, type SponsoredDetail } from '@kinship/domain';
import { Alert, Group } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { HelpTip } from '../../../components/help-tip';
import { LockIcon } from '../../../components/icons';

/** The spec's masking notices (domain MESSAGES.maskedLock, maskedAdmin, maskedSponsor) word for word. */
export const maskedNoticeMessages = defineMessages({
  lock: {
    id: 'profile.masked.lock',
    defaultMessage:
      'This profile is masked to protect identity and safety. Sponsor to unlock the full name, pictures and updates.',
  },
  admin: {
    id: 'profile.masked.admin',
    defaultMessage:
      'This profile is masked to protect identity and safety. You can see it in full because you are a partner administrator.',
  },
  sponsor: {
    id: 'profile.masked.sponsor',
    defaultMessage:
      'This profile is masked to protect identity and safety. You can see it in full because you are a sponsor.',
  },
}) satisfies Record<MaskedNoticeKind, MessageDescriptor>;

const messages = defineMessages({
  whyTitle: { id: 'profile.masked.whyTitle', defaultMessage: 'Why is this profile masked?' },
  whyTip: {
    id: 'profile.masked.whyTip',
    defaultMessage:
      'To protect the safety of the people in this program, their full name, pictures and updates are shown only to their sponsors. Once you sponsor, you see the whole profile.',
  },
});

const COLORS: Record<MaskedNoticeKind, string> = { lock: 'gray', admin: 'blue', sponsor: 'teal' };

/** On a masked profile: the lock notice for visitors, the admin notice for partner admins, the sponsor notice for sponsors. */
export function MaskedNotice({
  detail,
}: {
  detail: Pick<SponsoredDetail, 'masked' | 'isSponsor' | 'canAdminister'>;
}) {
  const intl = useIntl();
  const kind = maskedNoticeKind({
    masked: detail.masked,
    isSponsor: detail.isSponsor,
    isPartnerAdmin: detail.canAdminister,
  });
  if (!kind) return null;
  return (
    <Alert color={COLORS[kind]} icon={<LockIcon />} data-notice={kind}>
      <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
        <span>{intl.formatMessage(maskedNoticeMessages[kind])}</span>
        {kind === 'lock' && (
          <HelpTip title={intl.formatMessage(messages.whyTitle)} tip={intl.formatMessage(messages.whyTip)} />
        )}
      </Group>
    </Alert>
  );
}
