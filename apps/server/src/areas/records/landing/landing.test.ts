import { LANDING_WAITING_COUNT, PartnerSetting, type LandingHighlights } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWhere } from '../../../../test/giving-fixtures.ts';
import { invalidatePartnerCache } from '../../partners/site/partner-cache.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function highlights(): Promise<LandingHighlights> {
  const res = await t.client().get('/api/partners/2/landing?partnersId=2');
  expect(res.status).toBe(200);
  return res.json<LandingHighlights>();
}

describe('GET /api/partners/{partnerId}/landing', () => {
  it('answers the open records waiting longest, masked as in the listing, and the partner’s own figures', async () => {
    const { waitingLongest, impact } = await highlights();
    expect(waitingLongest).toHaveLength(LANDING_WAITING_COUNT);
    for (const record of waitingLongest) {
      expect(record.slotsFilled).toBeLessThan(record.maxSlots);
      if (record.masked) {
        expect(record.lastName).toBeNull();
        expect(record.profileImagePath).toBeNull();
      }
    }
    // No sponsor yet comes first.
    expect(waitingLongest[0]!.slotsFilled).toBe(Math.min(...waitingLongest.map((r) => r.slotsFilled)));
    expect(impact.activeSponsorships).toBe(
      await countWhere(t.database, 'user_sponsoreds', 'partners_id = 2 and date_ended is null'),
    );
    expect(impact.sponsors).toBeGreaterThan(0);
    expect(impact.programs).toBeGreaterThan(0);
    expect(impact.countries).toBeGreaterThan(0);
  });

  it('leaves out a section the partner turned off', async () => {
    await t.database.db.execute(
      sql`insert into partner_settings (partners_id, partner_setting_types_id, value) values (2, ${PartnerSetting.LandingWaitingLongest}, 'False')`,
    );
    await invalidatePartnerCache(t.database.db, 2);
    const { waitingLongest, impact } = await highlights();
    expect(waitingLongest).toEqual([]);
    expect(impact.programs).toBeGreaterThan(0);
  });

  it('answers 404 for another partner than the site’s', async () => {
    expect((await t.client().get('/api/partners/3/landing?partnersId=2')).status).toBe(404);
  });
});
