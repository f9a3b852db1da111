/**
 * What a listing's last sandbox start says about running it, as one fact every surface words alike (the listing
 * page, the Markdown, the MCP detail text): it listed its tools, with placeholder settings when its package declares
 * settings (the sandbox gives each declared environment variable a placeholder value, and each required argument a
 * `<…>` placeholder, and sets nothing else), or it stopped naming a setting it needs a real value of. Other
 * verdicts (install failures, timeouts, crashes) say nothing about its settings: null.
 */

/** The sandbox start as a detail or a listing carries it (the fields read here). */
export interface SandboxStartFacts {
  sandbox?: {
    verdict: string
    registryType: string
    identifier: string
    detail: string
    variable?: string
    toolCount: number
  } | null
  /** The listing's packages as its registry entry declares them (each read with care: registry data). */
  packages?: readonly unknown[]
}

type DeclaredPackage = {
  registryType?: unknown
  identifier?: unknown
  environmentVariables?: unknown
  packageArguments?: unknown
}

/** What the start says: tools listed (and whether with placeholder settings), or the setting it stops without. */
export type SandboxStart =
  | { kind: 'listed'; toolCount: number; placeholders: boolean }
  | { kind: 'stops'; without: string; what: 'variable' | 'argument' }

/** Whether the started package declares settings the sandbox gave placeholder values. */
function declaresSettings(f: SandboxStartFacts): boolean {
  const s = f.sandbox
  const p = (f.packages ?? []).find((x) => {
    const d = x as DeclaredPackage | null
    return d?.registryType === s?.registryType && d?.identifier === s?.identifier
  }) as DeclaredPackage | undefined
  if (!p) return false
  const list = (v: unknown) => (Array.isArray(v) ? (v as ({ [k: string]: unknown } | null)[]) : [])
  const vars = list(p.environmentVariables).filter((v) => typeof v?.name === 'string' && v.name)
  const args = list(p.packageArguments).filter((a) => a?.isRequired === true && typeof a.value !== 'string')
  return vars.length + args.length > 0
}

/** The sandbox start of a listing as a fact about its settings, or null when it says nothing of them. */
export function sandboxStartOf(f: SandboxStartFacts): SandboxStart | null {
  const s = f.sandbox
  if (!s) return null
  if (s.verdict === 'ran') return { kind: 'listed', toolCount: s.toolCount, placeholders: declaresSettings(f) }
  if (s.verdict === 'asked_for_keys' && s.variable) return { kind: 'stops', without: s.variable, what: 'variable' }
  // The sandbox words it "stopped during <phase> naming <argument>".
  const argument = s.verdict === 'asked_for_config' ? /\bnaming (\S[^\n]*)/.exec(s.detail)?.[1] : undefined
  if (argument) return { kind: 'stops', without: argument, what: 'argument' }
  return null
}

/**
 * The fact as plain words around its setting's name (`setting`, null when none), each surface putting the name in
 * its own escaping: "started in the sandbox with placeholder settings: 12 tools listed", "stops in the sandbox
 * without DATABASE_URI (a placeholder value was not enough)".
 */
export function sandboxStartWords(s: SandboxStart): { before: string; setting: string | null; after: string } {
  if (s.kind === 'listed')
    return {
      before: `started in the sandbox${s.placeholders ? ' with placeholder settings' : ''}: ${s.toolCount} ${s.toolCount === 1 ? 'tool' : 'tools'} listed`,
      setting: null,
      after: '',
    }
  return { before: 'stops in the sandbox without ', setting: s.without, after: ' (a placeholder value was not enough)' }
}
