import type { NewUser, User } from '@kinship/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST users: the new-user form creates the signed-in account's person record. */
export const createUser = (body: NewUser) => apiRequest<User>('users', { method: 'POST', body });
