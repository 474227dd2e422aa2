import { hasAnyPartnerPermission } from '@kinship/domain';
import type { PartnerRow } from '../db/types.ts';
import { forbidden } from './errors.ts';
import type { RequestViewer } from './viewer.ts';

export const PRIVATE_DEMO_MESSAGE = 'This is a private demo. Please contact the provider for access.';

/** The caller of a service: the site's partner and who is asking. */
export interface SiteContext {
  partner: PartnerRow;
  viewer: RequestViewer | null;
  /** The request's id and client address, for the audit trail. */
  requestId: string;
  clientAddress: string;
}

/** A private demo answers only to people holding a permission there. */
export function assertSiteOpen({ partner, viewer }: SiteContext): void {
  if (partner.privateDemo && !hasAnyPartnerPermission(viewer?.permissions ?? null, partner.id)) {
    throw forbidden(PRIVATE_DEMO_MESSAGE);
  }
}
