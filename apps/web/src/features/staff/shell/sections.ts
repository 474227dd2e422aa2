import {
  can,
  hasFeature,
  type Action,
  type FeatureId,
  type PartnerWithFeatures,
  type Viewer,
} from '@kinship/domain';
import type { ComponentType } from 'react';
import type { IntlShape, MessageDescriptor } from 'react-intl';

/** A section's name or summary: a catalogue message (`staff.<section>.section.*`, decision 070). */
export type SectionText = MessageDescriptor;

/** A section text in the page's language. */
export function sectionText(intl: IntlShape, text: SectionText): string {
  return intl.formatMessage(text);
}

/**
 * A section of the dashboard, declared once in its own `features/staff/<section>/section.ts`: its
 * address under /dashboard, the action that opens it, what it holds and its lazy screen. The one
 * registry (app/routes/dashboard-sections.ts) lists them in navigation order; the navigation, the
 * first page and the routes all read that list.
 */
export interface DashboardSection {
  slug: string;
  label: SectionText;
  action: Action;
  /** The partner feature the section belongs to: while it is off, the section and its screens are gone. */
  feature?: FeatureId;
  holds: SectionText;
  /** The section's screen at /dashboard/{slug}, in a lazy chunk of its own. */
  page: ComponentType;
  /** Further screens of the section, each at /dashboard/{path} and opened by its own action. */
  pages?: readonly DashboardPage[];
}

export interface DashboardPage {
  path: string;
  action: Action;
  page: ComponentType;
}

/** Whether the partner has the section at all: its feature, if it belongs to one, is on. */
export function sectionOffered(section: DashboardSection, partner: PartnerWithFeatures): boolean {
  return section.feature === undefined || hasFeature(partner, section.feature);
}

/** The sections the viewer may open at the partner (decision 022) among those the partner has. */
export function sectionsFor(
  sections: readonly DashboardSection[],
  viewer: Viewer,
  partner: PartnerWithFeatures & { id: number },
): DashboardSection[] {
  return sections.filter(
    (section) => sectionOffered(section, partner) && can(viewer, section.action, { partnersId: partner.id }),
  );
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
