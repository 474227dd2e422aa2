import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entities, partnerSponsoredTypes, sponsoreds, userSponsoreds } from '../../../db/schema/index.ts';
import type { LandingHighlights } from '@kinship/domain';

/** The partner's impact figures from its own data: sponsorships, sponsors and records now, programs and countries. */
export async function findImpactFigures(db: Db, partnersId: number): Promise<LandingHighlights['impact']> {
  const [sponsorships, reach] = await Promise.all([
    db
      .select({
        activeSponsorships: countDistinct(userSponsoreds.id),
        sponsors: countDistinct(userSponsoreds.usersId),
        recordsSponsored: countDistinct(userSponsoreds.sponsoredsId),
      })
      .from(userSponsoreds)
      .where(and(eq(userSponsoreds.partnersId, partnersId), isNull(userSponsoreds.dateEnded))),
    db
      .select({
        programs: countDistinct(sponsoreds.entitiesId),
        countries: countDistinct(entities.countriesId),
      })
      .from(sponsoreds)
      .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
      .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
      .where(
        and(
          eq(sponsoreds.partnersId, partnersId),
          eq(sponsoreds.status, 'active'),
          eq(sponsoreds.active, true),
          eq(partnerSponsoredTypes.active, true),
        ),
      ),
  ]);
  return {
    activeSponsorships: sponsorships[0]?.activeSponsorships ?? 0,
    sponsors: sponsorships[0]?.sponsors ?? 0,
    recordsSponsored: sponsorships[0]?.recordsSponsored ?? 0,
    programs: reach[0]?.programs ?? 0,
    countries: reach[0]?.countries ?? 0,
  };
}
