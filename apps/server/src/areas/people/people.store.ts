import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * A person record for someone staff sponsor on their behalf (a manual sponsorship of a person
 * without an account): temporary until they sign up with that address and claim it.
 */
export async function insertTempUser(tx: Tx, values: { firstName: string; lastName: string; email: string }) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, tempAccount: true })
    .returning();
  return row!;
}
