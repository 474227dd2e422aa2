import { LANDING_WAITING_COUNT, landingSectionOn, type LandingHighlights } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { listWaitingLongest } from '../sponsoreds/sponsoreds.service.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { partnerViewOf } from '../../partners/index.ts';
import { findImpactFigures } from './landing.repository.ts';

const NO_IMPACT: LandingHighlights['impact'] = {
  activeSponsorships: 0,
  sponsors: 0,
  recordsSponsored: 0,
  programs: 0,
  countries: 0,
};

/**
 * GET partners/{partnerId}/landing: the records waiting longest (masking as in the listing) and the
 * impact figures, each only when the partner has not turned its section off.
 */
export async function getLandingHighlights(db: Db, ctx: SiteContext): Promise<LandingHighlights> {
  assertSiteOpen(ctx);
  const partner = await partnerViewOf(db, ctx.partner);
  const [waitingLongest, impact] = await Promise.all([
    landingSectionOn(partner, 'waitingLongest')
      ? listWaitingLongest(db, ctx, LANDING_WAITING_COUNT)
      : Promise.resolve([]),
    landingSectionOn(partner, 'impact') ? findImpactFigures(db, ctx.partner.id) : Promise.resolve(NO_IMPACT),
  ]);
  return { waitingLongest, impact };
}
