/*
 * The domain package mirrors the server's areas (docs/ARCHITECTURE.md): one folder per area,
 * and shared/ for what every area uses. Everything is pure: no I/O.
 */

// ids, constants, formats, permissions and the shapes every area shares
export * from './shared/constants.ts';
export * from './shared/errors.ts';
export * from './shared/error-status.ts';
export * from './shared/format.ts';
export * from './shared/ids.ts';
export * from './shared/locale.ts';
export * from './shared/permissions.ts';
export * from './shared/rich-text.ts';
export * from './shared/schemas.ts';
export * from './shared/spreadsheet.ts';
export * from './shared/staff-calls.ts';
export * from './shared/translations.ts';
export * from './shared/zod-messages.ts';

// partners: the tenant, its settings, types and plans, onboarding
export * from './partners/catalogue.ts';
export * from './partners/errors.ts';
export * from './partners/landing.ts';
export * from './partners/onboarding.ts';
export * from './partners/partner-rules.ts';
export * from './partners/partner-settings.ts';

// records: the sponsored record, its listing, import and masking
export * from './records/age.ts';
export * from './records/errors.ts';
export * from './records/filter-options.ts';
export * from './records/grades.ts';
export * from './records/listing-rules.ts';
export * from './records/masking.ts';
export * from './records/record-import.ts';
export * from './records/record-name.ts';
export * from './records/records.ts';
export * from './records/table-columns.ts';

// sponsorships: who sponsors whom, updates, the letter pre-screen
export * from './sponsorships/sponsors.ts';
export * from './sponsorships/errors.ts';
export * from './sponsorships/letter-screen.ts';
export * from './sponsorships/letters.ts';
export * from './sponsorships/sponsorship-rules.ts';
export * from './sponsorships/updates.ts';

// giving: money, checkout, gifts, receipts
export * from './giving/application-fee.ts';
export * from './giving/errors.ts';
export * from './giving/gifts.ts';
export * from './giving/giving-rules.ts';
export * from './giving/giving-schemas.ts';
export * from './giving/giving-staff.ts';
export * from './giving/money-rules.ts';
export * from './giving/receipts.ts';
export * from './giving/sandbox-cards.ts';
export * from './giving/tax-notice.ts';

// people: accounts, team
export * from './people/account.ts';
export * from './people/errors.ts';
export * from './people/email.ts';
export * from './people/return-path.ts';
export * from './people/staff-admin.ts';

// insight: overview and reports
export * from './insight/dashboard.ts';
export * from './insight/errors.ts';
export * from './insight/reports.ts';
