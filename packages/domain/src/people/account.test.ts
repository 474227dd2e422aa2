import { describe, expect, it } from 'vitest';
import { authConfigSchema, updateUserSchema, userExportFileName } from './account.ts';

describe('account schemas', () => {
  it('takes the new-user fields for a profile edit and leaves the email out', () => {
    const parsed = updateUserSchema.parse({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'other@example.org',
      address1: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    });
    expect(parsed).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    });
    expect('email' in parsed).toBe(false);
  });

  it('takes an optional saved language, one of the shipped locales or null', () => {
    const base = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    };
    expect(updateUserSchema.parse({ ...base, locale: 'fr-CA' }).locale).toBe('fr-CA');
    expect(updateUserSchema.parse({ ...base, locale: null }).locale).toBeNull();
    expect('locale' in updateUserSchema.parse(base)).toBe(false);
    expect(updateUserSchema.safeParse({ ...base, locale: 'fr-FR' }).success).toBe(false);
  });

  it('requires the same fields as the new-user form', () => {
    const result = updateUserSchema.safeParse({
      firstName: 'Ada',
      lastName: '',
      address1: '1 Main St',
      city: 'Boston',
      state: 'MA',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['lastName', 'zip']);
  });

  it('describes the sign-in options with or without an OpenID Connect provider', () => {
    expect(authConfigSchema.parse({ emailPassword: true, oidc: null })).toEqual({
      emailPassword: true,
      oidc: null,
    });
    expect(authConfigSchema.safeParse({ emailPassword: true, oidc: { providerId: 'oidc' } }).success).toBe(
      false,
    );
  });

  it('names the export download after the person', () => {
    expect(userExportFileName(42)).toBe('kinship-my-data-42.json');
  });
});
