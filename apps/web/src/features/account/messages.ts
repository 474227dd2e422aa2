import { defineMessages } from 'react-intl';

/**
 * The account area's texts that are the spec's (domain MESSAGES): their English stays word for word,
 * which messages.test.ts holds against the domain constants.
 */
export const accountMessages = defineMessages<{
  invalidPhone: { message: string };
  newUserNoEmail: Record<string, never>;
  newUserSaveFailed: { error: string };
}>({
  invalidPhone: { id: 'account.invalidPhone', defaultMessage: 'Invalid Phone Number: {message}' },
  newUserNoEmail: {
    id: 'account.newUser.noEmail',
    defaultMessage: 'Your account has no email address. Please contact support.',
  },
  newUserSaveFailed: {
    id: 'account.newUser.saveFailed',
    defaultMessage: 'Could not save your information: {error}. Please send this error to support.',
  },
});
