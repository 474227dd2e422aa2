/**
 * The people area's door: what other areas may use. Everything else in this folder is the
 * area's own (docs/ARCHITECTURE.md, "Areas and doors").
 */
export { insertTempUser } from './people.store.ts';
