import { promises as dns } from 'node:dns';

/** How long one TXT lookup may take before it counts as "not seen" (a later round tries again). */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * The TXT records at `name`, each joined from its strings, asked of `servers` (DNS_SERVERS; unset:
 * the system's resolvers). A name with no records, an unknown name or an unreachable server answers
 * an empty list: the caller only ever asks whether one expected value is present.
 */
export async function txtRecordsOf(name: string, servers?: readonly string[]): Promise<string[]> {
  const resolver = new dns.Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  try {
    const records = await resolver.resolveTxt(name);
    return records.map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
}
