import { can, type Action, type Viewer } from '@kinship/domain';

/** A section of the dashboard: its address under /dashboard, the action that opens it, what it holds. */
export interface DashboardSection {
  slug: string;
  label: string;
  action: Action;
  holds: string;
}

/** In navigation order. Each is shown to whoever may do its action at the partner (decision 022). */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  {
    slug: 'records',
    label: 'Records',
    action: 'records.view',
    holds:
      'Every sponsored record of your programs, masked ones in full: search, filters by type, status and program, bulk status changes and CSV export.',
  },
  {
    slug: 'pictures',
    label: 'Pictures',
    action: 'pictures.manage',
    holds:
      'Profile pictures and galleries: upload many at once, describe, order, choose the profile picture and remove; metadata is stripped on upload.',
  },
  {
    slug: 'programs',
    label: 'Programs',
    action: 'programs.manage',
    holds: 'Programs (schools and projects): description, place on the map, picture and country.',
  },
  {
    slug: 'updates',
    label: 'Updates',
    action: 'updates.manage',
    holds: 'Updates to sponsors about a record, with pictures, sent by email when published.',
  },
  // Letters (feature 4, letters.moderate) join here when issue 24 builds them: no placeholder
  // section is listed before it works.
  {
    slug: 'sponsors',
    label: 'Sponsors',
    action: 'sponsors.view',
    holds: 'Sponsors and their sponsorships: contact details, history, changes and endings.',
  },
  {
    slug: 'donations',
    label: 'Donations',
    action: 'donations.view',
    holds: 'Payments, subscriptions and general donations with their receipts; refunds for those allowed.',
  },
  {
    slug: 'gifts',
    label: 'Gifts and codes',
    action: 'donations.view',
    holds:
      'Gift sponsorships with their delivery and redemption, trial codes (issued one or a batch at a time) and lightning links with their QR codes and the sponsorships each brought.',
  },
  {
    slug: 'reports',
    label: 'Reports',
    action: 'reports.view',
    holds: 'Sponsorship, giving and retention reports with charts, by program and period, exportable.',
  },
  {
    slug: 'types',
    label: 'Types and plans',
    action: 'types.manage',
    holds: 'Sponsored types, their labels, masking and display rules, plans and prices.',
  },
  {
    slug: 'settings',
    label: 'Settings',
    action: 'settings.manage',
    holds: 'Branding, domains, features, the payments account and the texts of the site.',
  },
  {
    slug: 'team',
    label: 'Team',
    action: 'team.manage',
    holds: 'Staff of the partner: invitations, roles and the programs each person works on.',
  },
  {
    slug: 'audit',
    label: 'Audit log',
    action: 'audit.view',
    holds: 'Who changed what and when, with the values before and after.',
  },
  {
    slug: 'platform',
    label: 'Platform console',
    action: 'platform.console',
    holds: 'Every partner of the platform: creation, onboarding state and support access.',
  },
];

/** The sections the viewer may open at the partner. */
export function sectionsFor(viewer: Viewer, partnersId: number): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter((section) => can(viewer, section.action, { partnersId }));
}

/**
 * Another partner's dashboard address. Sessions belong to one site, so the switch is a navigation
 * to that partner's site (the person may be asked to sign in there): its subdomain in place of
 * this one's, or `?partner=` on a bare host (localhost, an address).
 */
export function partnerDashboardUrl(
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>,
  currentSubdomain: string,
  targetSubdomain: string,
): string {
  const port = location.port ? `:${location.port}` : '';
  const host = location.hostname;
  const bare = host === 'localhost' || /^[\d.]+$/.test(host) || host.includes(':');
  if (bare)
    return `${location.protocol}//${host}${port}/dashboard?partner=${encodeURIComponent(targetSubdomain)}`;
  const labels = host.split('.');
  const rest = labels[0] === currentSubdomain ? labels.slice(1) : labels.slice(labels.length >= 3 ? 1 : 0);
  return `${location.protocol}//${[targetSubdomain, ...rest].join('.')}${port}/dashboard`;
}
