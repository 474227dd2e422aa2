import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { authUser, authVerification } from '../db/schema/index.ts';
import type { Auth } from './auth.ts';

/** Creates an email-and-password login through better-auth (so the password is hashed by it), verified. */
export function loginCreator(auth: Auth, db: Db) {
  return async (email: string, password: string, name: string): Promise<string> => {
    const result = await auth.plain.api.signUpEmail({ body: { email, password, name } });
    await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, result.user.id));
    return result.user.id;
  };
}

/**
 * A person's erasure: their login goes, with its sessions and accounts (password hash, provider
 * tokens; ON DELETE CASCADE) and any pending verification.
 */
export async function deleteLogin(tx: Tx, authUserId: string): Promise<void> {
  await tx.delete(authVerification).where(eq(authVerification.value, authUserId));
  await tx.delete(authUser).where(eq(authUser.id, authUserId));
}
