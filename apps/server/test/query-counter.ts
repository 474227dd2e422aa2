import type { Database } from '../src/db/client.ts';

/** Counts the SQL statements the database receives while `run` executes. */
export async function countQueries(database: Database, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const target = (database.pglite ?? database.pool) as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const methods = ['query', 'exec'].filter((m) => typeof target[m] === 'function');
  const originals = methods.map((m) => [m, target[m]!] as const);
  for (const [name, original] of originals) {
    target[name] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [name, original] of originals) target[name] = original;
  }
  return count;
}
