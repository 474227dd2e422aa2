/**
 * The records area's door: what other areas may use. Everything else in this folder is the
 * area's own (docs/ARCHITECTURE.md, "Areas and doors").
 */
export { viewerRightsOver, visibleFieldsFor } from './sponsoreds/record-rights.ts';
export { changeFilledSlots, releaseFilledSlots, releaseFilledSlotsOfSponsor } from './slots.store.ts';
