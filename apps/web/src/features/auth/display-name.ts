import type { User } from '@kinship/domain';

type Named = Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined;

export function displayName(user: Named): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.email || 'Your account';
}

export function initials(user: Named): string {
  const letters = [user?.firstName, user?.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user?.email?.[0] || '?').toUpperCase();
}
