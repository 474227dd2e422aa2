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

/** "refundedAmount" -> "Refunded amount", "entityIds" -> "Entity ids". */
export function auditFieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const listOf = (value: unknown[], name: (id: number) => string) =>
  value.length === 0
    ? 'none'
    : value.map((item) => (typeof item === 'number' ? name(item) : String(item))).join(', ');

/**
 * One audited value as staff read it: feature and role ids by name, money in dollars, booleans as
 * Yes or No, nothing as "none". The stored row keeps the raw value (the CSV export shows it).
 */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (FEATURE_FIELDS.has(field)) {
    if (Array.isArray(value)) return listOf(value, featureLabel);
    if (typeof value === 'number') return featureLabel(value);
  }
  if (ROLE_FIELDS.has(field)) {
    if (Array.isArray(value)) return listOf(value, roleLabel);
    if (typeof value === 'number') return roleLabel(value);
  }
  if (isMoneyField(field) && typeof value === 'number' && Number.isInteger(value)) return formatCents(value);
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}

/** A row's changes, one "Field: before → after" per changed field, joined by "; ". */
export function formatAuditChanges(changes: AuditRow['changes']): string {
  return Object.entries(changes)
    .map(
      ([field, { before, after }]) =>
        `${auditFieldLabel(field)}: ${formatAuditValue(field, before)} → ${formatAuditValue(field, after)}`,
    )
    .join('; ');
}
