import { z } from 'zod';
import { ACTIONS, type Action } from '../shared/permissions.ts';

/** GET dashboard/partners: a partner the viewer may staff, with what they may do there. */
export const staffedPartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  actions: z.array(z.enum(ACTIONS as [Action, ...Action[]])),
});
export type StaffedPartner = z.infer<typeof staffedPartnerSchema>;
