import { GENDERS } from '../shared/ids.ts';

// Filter option kinds and the static option lists (spec 3, "Filter type and options").

export const FilterOptionKind = {
  AgeBands: 1,
  None: 2,
  Gender: 3,
  Grades: 4,
  Months: 5,
} as const;
export type FilterOptionKindId = (typeof FilterOptionKind)[keyof typeof FilterOptionKind];

export const FILTER_OPTION_KIND_IDS: readonly FilterOptionKindId[] = Object.values(FilterOptionKind);

export type AgeBand = {
  readonly id: string;
  readonly label: string;
  readonly min: number;
  /** Inclusive upper bound; null means no upper bound. */
  readonly max: number | null;
};

/**
 * Age bands 0-5, 6-10, 11-15, 16-21 and 21+ (labels exactly as in the spec).
 * The spec's "16-21" and "21+" both name 21; so that every age falls in exactly
 * one band, 21 belongs to "16-21" and "21+" starts at 22.
 */
export const AGE_BANDS: readonly AgeBand[] = [
  { id: '0-5', label: '0-5', min: 0, max: 5 },
  { id: '6-10', label: '6-10', min: 6, max: 10 },
  { id: '11-15', label: '11-15', min: 11, max: 15 },
  { id: '16-21', label: '16-21', min: 16, max: 21 },
  { id: '21+', label: '21+', min: 22, max: null },
];

export type Month = { readonly id: number; readonly name: string };

export const MONTHS: readonly Month[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((name, index) => ({ id: index + 1, name }));

export const GENDER_OPTIONS: readonly { readonly id: string; readonly value: string }[] = GENDERS.map(
  (g) => ({
    id: g,
    value: g,
  }),
);
