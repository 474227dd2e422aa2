import { defineMessages } from 'react-intl';

/** Texts the sign-in, sign-up and password forms share. */
export const authMessages = defineMessages({
  email: { id: 'auth.email', defaultMessage: 'Email' },
  password: { id: 'auth.password', defaultMessage: 'Password' },
  firstName: { id: 'auth.firstName', defaultMessage: 'First name' },
  lastName: { id: 'auth.lastName', defaultMessage: 'Last name' },
  enterValidEmail: { id: 'auth.enterValidEmail', defaultMessage: 'Enter a valid email address' },
  couldNotSignIn: { id: 'auth.couldNotSignIn', defaultMessage: 'Could not sign in' },
  goToSignIn: { id: 'auth.goToSignIn', defaultMessage: 'Go to sign in' },
  resetLinkInvalid: {
    id: 'auth.reset.linkInvalid',
    defaultMessage: 'This reset link is invalid or has expired. Ask for a new one.',
  },
});

/** The password length rule, given as the number of characters. */
export const passwordMessages = defineMessages<{
  minLength: { count: number };
  atLeast: { count: number };
}>({
  minLength: { id: 'auth.password.minLength', defaultMessage: 'Use at least {count} characters' },
  atLeast: { id: 'auth.password.atLeast', defaultMessage: 'At least {count} characters' },
});
