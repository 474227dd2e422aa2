import { featureLabel, formatCents, roleLabel, type AuditRow } from '@kinship/domain';

/**
 * Audited fields that hold integer cents (the money columns of the schema). Any other field whose
 * name ends in "Amount" is money too, so a new amount column reads as dollars without a change here.
 */
const MONEY_FIELDS = new Set([
  'amount',
  'monthlyAmount',
  'refundedAmount',
  'additionalAmount',
  'baseAmount',
  'unitAmount',
  'applicationFee',
  'applicationFeeAmount',
  'total',
]);
const FEATURE_FIELDS = new Set(['features', 'featureIds', 'featuresId']);
const ROLE_FIELDS = new Set(['roles', 'roleIds', 'rolesId']);

const isMoneyField = (field: string) => MONEY_FIELDS.has(field) || /Amount$/.test(field);

/**
 * The words an audited value is read with, in the page's language (the section builds them from
 * the catalogue and useFormat()); English, with amounts in dollars, by default.
 */
export interface AuditWords {
  none: string;
  yes: string;
  no: string;
  empty: string;
  cents: (cents: number) => string;
  role: (id: number) => string;
  feature: (id: number) => string;
  /** A field's name as staff read it (English: "refundedAmount" -> "Refunded amount"). */
  field: (field: string) => string;
  /** One change: English "Field: before → after". */
  change: (field: string, before: string, after: string) => string;
}

/** "refundedAmount" -> "Refunded amount", "entityIds" -> "Entity ids". */
export function auditFieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const ENGLISH_AUDIT_WORDS: AuditWords = {
  none: 'none',
  yes: 'Yes',
  no: 'No',
  empty: '(empty)',
  cents: formatCents,
  role: roleLabel,
  feature: featureLabel,
  field: auditFieldLabel,
  change: (field, before, after) => `${field}: ${before} → ${after}`,
};

const listOf = (value: unknown[], name: (id: number) => string, none: string) =>
  value.length === 0
    ? none
    : value.map((item) => (typeof item === 'number' ? name(item) : String(item))).join(', ');

/**
 * One audited value as staff read it: feature and role ids by name, money in dollars, booleans as
 * Yes or No, nothing as "none". The stored row keeps the raw value (the CSV export shows it).
 */
export function formatAuditValue(
  field: string,
  value: unknown,
  words: AuditWords = ENGLISH_AUDIT_WORDS,
): string {
  if (value === null || value === undefined) return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (FEATURE_FIELDS.has(field)) {
    if (Array.isArray(value)) return listOf(value, words.feature, words.none);
    if (typeof value === 'number') return words.feature(value);
  }
  if (ROLE_FIELDS.has(field)) {
    if (Array.isArray(value)) return listOf(value, words.role, words.none);
    if (typeof value === 'number') return words.role(value);
  }
  if (isMoneyField(field) && typeof value === 'number' && Number.isInteger(value)) return words.cents(value);
  if (typeof value === 'string') return value === '' ? words.empty : value;
  return JSON.stringify(value);
}

/** A row's changes, one "Field: before → after" per changed field, joined by "; ". */
export function formatAuditChanges(
  changes: AuditRow['changes'],
  words: AuditWords = ENGLISH_AUDIT_WORDS,
): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) =>
      words.change(
        words.field(field),
        formatAuditValue(field, before, words),
        formatAuditValue(field, after, words),
      ),
    )
    .join('; ');
}
