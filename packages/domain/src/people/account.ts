import { z } from 'zod';
import { localeSchema } from '../shared/locale.ts';
import { newUserSchema, partnerUserSchema, userSchema, userSponsoredSchema } from '../shared/schemas.ts';

// The person's own account: sign-in options, profile edits, the data export and erasure.

/** GET auth-config: which sign-in buttons the login and sign-up pages show. */
export const authConfigSchema = z.object({
  emailPassword: z.literal(true),
  /** "Continue with {name}" starts POST auth/sign-in/social with { provider: providerId }. */
  oidc: z.object({ providerId: z.string(), name: z.string() }).nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/**
 * PUT users/{id}: the new-user form's fields except the email, which is the sign-in email, and
 * optionally the person's language (one of the site's locales; null clears it, absent keeps it).
 */
export const updateUserSchema = newUserSchema
  .omit({ email: true })
  .extend({ locale: localeSchema.nullable().optional() });
export type UpdateUser = z.infer<typeof updateUserSchema>;

const row = z.record(z.string(), z.unknown());

/** GET users/{id}/export: everything held on the person, across every partner. */
export const userExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    /** How the person signs in: 'credential' (email and password) or an OpenID Connect provider id. */
    logins: z.array(z.object({ providerId: z.string(), createdAt: z.string() })),
    sessions: z.array(
      z.object({
        createdAt: z.string(),
        expiresAt: z.string(),
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
  }),
  user: userSchema.omit({ partnerUsers: true, userSponsoreds: true }).extend({ createdAt: z.string() }),
  partnerUsers: z.array(partnerUserSchema),
  /** Every sponsorship at every partner, active and ended. */
  sponsorships: z.array(userSponsoredSchema),
  orders: z.array(row),
  payments: z.array(row),
  donations: z.array(row),
  paymentMethods: z.array(row),
  /** The person's customer reference at each partner's payment gateway account. */
  gatewayCustomers: z.array(row),
  subscriptions: z.array(row),
  giftCodes: z.array(row),
  trialCodes: z.array(row),
  messages: z.array(row),
  occasions: z.array(row),
  /** Mail sent to the person (subject, status and dates). */
  emails: z.array(row),
});
export type UserExport = z.infer<typeof userExportSchema>;

/** The download's file name. */
export const userExportFileName = (usersId: number) => `kinship-my-data-${usersId}.json`;
