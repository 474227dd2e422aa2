import { linkedSponsorshipSchema, type LinkedSponsorship } from '@kinship/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST link: attaches a manual sponsorship to the signed-in person by its link code (decision 039). */
export const linkSponsorship = (code: string) =>
  apiRequest<LinkedSponsorship>('link', { method: 'POST', body: { code }, schema: linkedSponsorshipSchema });
