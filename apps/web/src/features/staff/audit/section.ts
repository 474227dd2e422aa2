import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.audit.section.label', defaultMessage: 'Audit log' },
  holds: {
    id: 'staff.audit.section.holds',
    defaultMessage: 'Who changed what and when, with the values before and after.',
  },
});

export const auditSection: DashboardSection = {
  slug: 'audit',
  label: messages.label,
  action: 'audit.view',
  holds: messages.holds,
  page: lazy(() => import('./components/audit-section').then((m) => ({ default: m.AuditSection }))),
};
