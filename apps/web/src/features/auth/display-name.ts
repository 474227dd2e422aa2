import type { User } from '@kinship/domain';
import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';

type Named = Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined;

const messages = defineMessages({
  yourAccount: { id: 'account.yourAccount', defaultMessage: 'Your account' },
});

/** The person's name, else their email, else `fallback` (English "Your account"; screens use `useDisplayName`). */
export function displayName(user: Named, fallback = 'Your account'): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.email || fallback;
}

/** `displayName` with its fallback in the page's language. */
export function useDisplayName(): (user: Named) => string {
  const intl = useIntl();
  return useCallback((user: Named) => displayName(user, intl.formatMessage(messages.yourAccount)), [intl]);
}

export function initials(user: Named): string {
  const letters = [user?.firstName, user?.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user?.email?.[0] || '?').toUpperCase();
}
