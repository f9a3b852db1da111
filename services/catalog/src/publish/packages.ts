/**
 * Package ownership at publish, as the official registry checks it: each package's registry entry must name the
 * server being published (npm `mcpName`, an `mcp-name: <name>` line in the PyPI description). Read through the
 * same registry reader the prober uses for install evidence. Registries this directory cannot read (OCI, NuGet,
 * MCPB) cannot be proven here, so a package of theirs is refused rather than published unproven.
 */
import type { PackageEvidence } from '@mcp-directory/shared/contracts'
import { registryReader, type RegistryOptions } from '@mcp-directory/shared/install'

/** A package of a server.json as far as the check reads it. */
interface DeclaredPackage {
  registryType?: unknown
  identifier?: unknown
  version?: unknown
}

/** Why a package was refused: the sentence names it. */
export class PackageRefused extends Error {}

/** Reads a package's registry entry (npm or PyPI). */
export type PackageReader = (
  registryType: 'npm' | 'pypi',
  identifier: string,
  version: string | null,
) => Promise<{ status: 'read'; evidence: PackageEvidence } | { status: 'failed'; reason: string }>

/** The reader over NPM_REGISTRY_URL and PYPI_URL. */
export function packageReader(o: Omit<RegistryOptions, 'timeoutMs' | 'userAgent'>): PackageReader {
  const reader = registryReader({ ...o, timeoutMs: 10_000, userAgent: 'mcp-directory-publish/1.0' })
  return (type, identifier, version) => reader.read(type, identifier, version, new Date())
}

/** Throws PackageRefused naming the first package whose registry entry does not name `serverName`. */
export async function checkPackages(serverName: string, packages: unknown, read: PackageReader): Promise<void> {
  if (!Array.isArray(packages)) return
  for (const p of packages as DeclaredPackage[]) {
    const type = String(p.registryType ?? '')
    const id = String(p.identifier ?? '')
    const version = typeof p.version === 'string' ? p.version : null
    if (type !== 'npm' && type !== 'pypi')
      throw new PackageRefused(`package ${id} (${type}): this registry cannot check ownership of ${type} packages`)
    const r = await read(type, id, version)
    if (r.status === 'failed')
      throw new PackageRefused(`package ${id}: its registry entry could not be read (${r.reason})`)
    const at = version ? `@${version}` : ''
    if (r.evidence.outcome !== 'found') throw new PackageRefused(`package ${id}${at} was not found on ${type}`)
    if (!r.evidence.mcpNames.includes(serverName)) {
      const field = type === 'npm' ? 'mcpName' : '"mcp-name:" line in its description'
      const found = r.evidence.mcpNames.length ? ` (it names ${JSON.stringify(r.evidence.mcpNames[0])})` : ''
      throw new PackageRefused(
        `package ${id}${at} does not name this server: its ${field} must be ${JSON.stringify(serverName)}${found}`,
      )
    }
  }
}
