import type * as schema from './index.ts';

/** Who may write a table: an area (apps/server/src/areas/<area>/) or the platform (apps/server/src/platform/). */
export type TableOwner =
  'partners' | 'records' | 'sponsorships' | 'giving' | 'people' | 'insight' | 'platform';

type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends { _: { brand: 'Table' } } ? K : never;
}[keyof typeof schema];

/**
 * The one writer of every table (docs/ARCHITECTURE.md, "Areas and doors"). Only the owner's files
 * insert, update or delete its rows; others ask the owner's door. `apps/server/test/architecture`
 * holds the tree to this map, and fails when a table has no owner.
 */
export const TABLE_OWNERS: Record<TableName, TableOwner> = {
  // reference data, written by migrations only
  countries: 'platform',
  grades: 'platform',
  sponsoredTypes: 'platform',
  roles: 'platform',
  features: 'platform',
  partnerSettingTypes: 'platform',
  paymentIntervals: 'platform',
  // partners: the tenant, its settings, domains, types and plans, programs, templates
  partners: 'partners',
  partnerDomains: 'partners',
  partnerIntegrations: 'partners',
  partnerFeatures: 'partners',
  partnerSettings: 'partners',
  entities: 'partners',
  emailTemplates: 'partners',
  partnerSponsoredTypes: 'partners',
  sponsoredTypePlans: 'partners',
  sponsoredTypePlanIntervals: 'partners',
  filterTypes: 'partners',
  filterOptions: 'partners',
  // records: the sponsored record, its media and imports
  sponsoreds: 'records',
  sponsoredAttributes: 'records',
  customColumnValues: 'records',
  sponsoredImages: 'records',
  recordImports: 'records',
  recordImportMappings: 'records',
  // sponsorships: who sponsors whom, updates, letters, occasions
  userSponsoreds: 'sponsorships',
  updatePosts: 'sponsorships',
  updates: 'sponsorships',
  updateNotices: 'sponsorships',
  occasions: 'sponsorships',
  messages: 'sponsorships',
  messageSteps: 'sponsorships',
  messageFlags: 'sponsorships',
  letterSettings: 'sponsorships',
  letterScans: 'sponsorships',
  // giving: the money ledger
  orders: 'giving',
  slotHolds: 'giving',
  subscriptions: 'giving',
  donations: 'giving',
  payments: 'giving',
  paymentRefunds: 'giving',
  paymentDisputes: 'giving',
  paymentMethods: 'giving',
  giftCodes: 'giving',
  trialCodes: 'giving',
  lightningLinks: 'giving',
  gatewayCustomers: 'giving',
  orderPaymentRequests: 'giving',
  paymentCompensations: 'giving',
  webhookEvents: 'giving',
  // people: users, staff and invitations
  users: 'people',
  partnerUsers: 'people',
  partnerUserRoles: 'people',
  partnerUserEntities: 'people',
  staffInvitations: 'people',
  // platform: sign-in (better-auth's tables and the throttles), outbox, events, audit, jobs, payment guards,
  // and the sandbox gateway's own ledger
  authUser: 'platform',
  authSession: 'platform',
  authAccount: 'platform',
  authVerification: 'platform',
  authRateLimit: 'platform',
  loginAttempts: 'platform',
  loginAlerts: 'platform',
  emailOutbox: 'platform',
  domainEvents: 'platform',
  domainEventDeliveries: 'platform',
  auditLog: 'platform',
  jobProgress: 'platform',
  paymentRateEvents: 'platform',
  paymentFormGuards: 'platform',
  sandboxCustomers: 'platform',
  sandboxPaymentMethods: 'platform',
  sandboxSetupIntents: 'platform',
  sandboxSubscriptions: 'platform',
  sandboxCharges: 'platform',
  sandboxRefunds: 'platform',
};
