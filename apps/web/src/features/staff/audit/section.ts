import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const auditSection: DashboardSection = {
  slug: 'audit',
  label: 'Audit log',
  action: 'audit.view',
  holds: 'Who changed what and when, with the values before and after.',
  page: lazy(() => import('./components/audit-section').then((m) => ({ default: m.AuditSection }))),
};
