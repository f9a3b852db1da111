// The DNS proof: a TXT record `mcp-directory-claim=<proof>` at `_mcp-directory.<host>`, looked up with node:dns
// through DNS_SERVERS. Every look-up is fresh (no cache here, and the records we serve in tests have TTL 1), so a
// check that failed just before the record appeared does not block a retry a minute later.
import { Resolver } from 'node:dns/promises'

/** TXT records at a name, each as its character-strings; [] when the name or the record does not exist. */
export type TxtLookup = (name: string) => Promise<string[][]>

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME'])

/** A TXT look-up through the given servers (`ip` or `ip:port`), or the system's resolvers. */
export function txtLookup(servers: string[]): TxtLookup {
  return async (name) => {
    const resolver = new Resolver({ timeout: 3_000, tries: 2 })
    if (servers.length) resolver.setServers(servers)
    try {
      return await resolver.resolveTxt(name)
    } catch (err) {
      const code = (err as { code?: string }).code ?? ''
      if (ABSENT.has(code)) return []
      throw new Error(`look-up failed (${code || String(err)})`)
    }
  }
}

/**
 * The values of TXT records: each record's strings joined, trimmed. Some resolvers hand back each string of a
 * record as a record of its own; a value split that way is rebuilt by also joining runs of consecutive strings
 * that start with the proof prefix.
 */
export function txtValues(records: string[][], prefix: string): string[] {
  const values = records.map((r) => r.join('').trim())
  const flat = records.flat()
  for (let i = 0; i < flat.length; i++) {
    if (!flat[i]!.trim().startsWith(prefix)) continue
    let joined = flat[i]!
    for (let j = i + 1; j < Math.min(flat.length, i + 8); j++) {
      joined += flat[j]
      values.push(joined.trim())
    }
  }
  return values
}
