import { expect, inject } from 'vitest';

/** A record as the public listing's API answers it (the fields the journeys read). */
export interface ListedRecord {
  id: number;
  firstName: string;
  lastName: string | null;
  title: string | null;
  masked: boolean;
  maxSlots: number;
  slotsFilled: number;
  monthlyAmount: number;
}

/**
 * Open records of a sponsored type of the demo partner, from the real public listing API: active,
 * not fully sponsored, with at least `freeSlots` slots open, leaving out the ids in `exclude`
 * (records a journey already used). A bare IP address: the partner comes from partnersId (Node's
 * fetch cannot set the Host header).
 */
export async function openRecords(
  typeId: number,
  freeSlots: number,
  exclude: ReadonlySet<number> = new Set(),
): Promise<ListedRecord[]> {
  const url = new URL(`http://127.0.0.1:${inject('port')}/api/partners/2/sponsoreds`);
  const query = {
    partnersId: '2',
    partnerSponsoredTypesId: String(typeId),
    offset: '0',
    limit: '100',
    status: 'active',
    isFullySponsored: 'No',
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const records = (await res.json()) as ListedRecord[];
  return records.filter((r) => r.maxSlots - r.slotsFilled >= freeSlots && !exclude.has(r.id));
}
