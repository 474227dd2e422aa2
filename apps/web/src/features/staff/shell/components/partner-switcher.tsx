import { Select } from '@mantine/core';
import type { PartnerPublic } from '@kinship/domain';
import { useIntl } from 'react-intl';
import { useStaffedPartners } from '../api/get-staffed-partners';
import { partnerDashboardUrl } from '../sections';

/**
 * Switches the dashboard to another partner the person staffs (several partners, or a platform
 * administrator); absent when there is only this one.
 */
export function PartnerSwitcher({ partner }: { partner: Pick<PartnerPublic, 'id' | 'subdomain'> }) {
  const intl = useIntl();
  const { data: partners } = useStaffedPartners(true);
  if (!partners || partners.length < 2) return null;
  return (
    <Select
      aria-label={intl.formatMessage({ id: 'staff.shell.partnerSwitcher', defaultMessage: 'Partner' })}
      data={partners.map((p) => ({ value: String(p.id), label: p.name }))}
      value={String(partner.id)}
      allowDeselect={false}
      searchable={partners.length > 8}
      w={{ base: 170, sm: 240 }}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        const target = partners.find((p) => String(p.id) === value);
        if (target && target.id !== partner.id) {
          window.location.assign(partnerDashboardUrl(window.location, partner.subdomain, target.subdomain));
        }
      }}
    />
  );
}
