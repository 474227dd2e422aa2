import type { DashboardSection } from '../../features/staff/shell/sections';
import { auditSection } from '../../features/staff/audit/section';
import { donationsSection } from '../../features/staff/donations/section';
import { giftsSection } from '../../features/staff/gifts/section';
import { lettersSection } from '../../features/staff/letters/section';
import { picturesSection } from '../../features/staff/pictures/section';
import { platformSection } from '../../features/staff/platform/section';
import { programsSection } from '../../features/staff/programs/section';
import { recordsSection } from '../../features/staff/records/section';
import { reportsSection } from '../../features/staff/reports/section';
import { settingsSection } from '../../features/staff/settings/section';
import { sponsorsSection } from '../../features/staff/sponsors/section';
import { teamSection } from '../../features/staff/team/section';
import { typesSection } from '../../features/staff/types/section';
import { updatesSection } from '../../features/staff/updates/section';

/**
 * The dashboard's one registry, in navigation order: each section is declared in its own
 * `features/staff/<section>/section.ts`, and the navigation, the first page and the routes are all
 * built from this list. Each is shown to whoever may do its action at the partner (decision 022).
 */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  recordsSection,
  picturesSection,
  programsSection,
  updatesSection,
  // Letters (issue 24): letters.moderate, and only while the partner has feature 4 (Messages).
  lettersSection,
  sponsorsSection,
  donationsSection,
  giftsSection,
  reportsSection,
  typesSection,
  settingsSection,
  teamSection,
  auditSection,
  platformSection,
];
