import { maskedNoticeKind, MESSAGES, type MaskedNoticeKind, type SponsoredDetail } from '@kinship/domain';
import { Alert, Group } from '@mantine/core';
import { HelpTip } from '../../../components/help-tip';
import { LockIcon } from '../../../components/icons';

const NOTICES: Record<MaskedNoticeKind, { text: string; color: string }> = {
  lock: { text: MESSAGES.maskedLock, color: 'gray' },
  admin: { text: MESSAGES.maskedAdmin, color: 'blue' },
  sponsor: { text: MESSAGES.maskedSponsor, color: 'teal' },
};

/** On a masked profile: the lock notice for visitors, the admin notice for partner admins, the sponsor notice for sponsors. */
export function MaskedNotice({
  detail,
}: {
  detail: Pick<SponsoredDetail, 'masked' | 'isSponsor' | 'canAdminister'>;
}) {
  const kind = maskedNoticeKind({
    masked: detail.masked,
    isSponsor: detail.isSponsor,
    isPartnerAdmin: detail.canAdminister,
  });
  if (!kind) return null;
  const notice = NOTICES[kind];
  return (
    <Alert color={notice.color} icon={<LockIcon />} data-notice={kind}>
      <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
        <span>{notice.text}</span>
        {kind === 'lock' && (
          <HelpTip
            title="Why is this profile masked?"
            tip="To protect the safety of the people in this program, their full name, pictures and updates are shown only to their sponsors. Once you sponsor, you see the whole profile."
          />
        )}
      </Group>
    </Alert>
  );
}
