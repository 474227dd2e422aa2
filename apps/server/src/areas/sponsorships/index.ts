/**
 * The sponsorships area's door: what other areas may use. Everything else in this folder is the
 * area's own (docs/ARCHITECTURE.md, "Areas and doors").
 */
export { canViewScan } from './letters/letters-paper.service.ts';
export { canViewLetterPicture } from './letters/letters.service.ts';
export { canViewUpdatePicture } from './updates/updates.service.ts';
export {
  convertManualSponsorship,
  endGrantedSponsorship,
  endSponsorshipsOf,
  eraseSponsor,
  insertManualSponsorship,
  insertSponsorships,
  updateLineAmount,
} from './sponsorships.store.ts';
