/**
 * The partners area's door: what other areas may use. Everything else in this folder is the
 * area's own (docs/ARCHITECTURE.md, "Areas and doors").
 */
export { partnerEmail } from './email-templates/email-templates.service.ts';
export { noteAccountStatus } from './onboarding/onboarding.service.ts';
export { invalidatePartnerCache } from './site/partner-cache.ts';
export { findPartnerById } from './site/partners.repository.ts';
export {
  cachedPartner,
  partnerViewOf,
  typeShowsAge,
  typeShowsBirthday,
  viewOfEntry,
} from './site/partners.service.ts';
