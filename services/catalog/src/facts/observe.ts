// What a probe's facts change on a listing, decided from the row as it was: the columns to set, the public fields
// that changed, and a change of its tool list (a rug pull looks like one). No I/O: the service writes the outcome.
import type {
  McpProtocolSeen,
  PackageEvidence,
  RemoteAuthInfo,
  RepositoryRun,
  SandboxRun,
  ServerTexts,
  SkillInfo,
  SkillsChange,
  ToolInfo,
  ToolsChange,
  ToolsDefect,
} from '@mcp-directory/shared/contracts'
import { diffSkills, diffTools, scannedHash, scanTools, skillsHash, toolsHash } from '@mcp-directory/shared/toolscan'
import { reguessedCategory } from '../categories/guess'
import { observeRemoteAddresses } from './remote-addresses'
import { type Row, sameJson, type Write } from './write'
import { type ListingFacts, riskBlocks, SANDBOX_RUNNING, sandboxRunAfter } from './rules'

/** How many recent tool-list changes a listing keeps. */
export const MAX_TOOLS_CHANGES = 10

export { sameJson, type Write } from './write'

/**
 * A tool list seen this round, and where (a remote endpoint's transport, or the sandbox): how it breaks the spec,
 * and the skills listed with it (absent: not read).
 */
type ToolsSeen = {
  tools: ToolInfo[]
  source: string | null
  server?: ServerTexts
  defect?: ToolsDefect
  skills?: SkillInfo[]
} | null

/** The remote endpoint's health and auth; its tools when it listed them. */
function observeRemote(w: Write, facts: ListingFacts): { health: string | null; toolsSeen: ToolsSeen } {
  const { row, set, changed } = w
  if (facts.remote === null) {
    if (row.health !== null) {
      set.health = null
      changed.push('health')
    }
    if (row.remoteAuth) set.remoteAuth = null
    if (row.mcpProtocol && row.mcpProtocol.source !== 'sandbox') set.mcpProtocol = null
    return { health: null, toolsSeen: null }
  }
  if (!facts.remote) return { health: row.health, toolsSeen: null }
  set.healthCheckedAt = w.at
  const health = facts.remote.health
  if (row.health !== health) {
    set.health = health
    changed.push('health')
  }
  if (facts.remote.auth) {
    const auth: RemoteAuthInfo = { ...facts.remote.auth, checkedAt: w.at.toISOString() }
    if (!sameJson({ ...row.remoteAuth, checkedAt: null }, { ...auth, checkedAt: null })) changed.push('remoteAuth')
    set.remoteAuth = auth
  }
  if (facts.remote.protocol) observeProtocol(w, facts.remote.protocol)
  const { tools, toolsDefect: defect, skills, server } = facts.remote
  const seen = tools ? { tools, source: facts.remote.toolsSource ?? null, server, defect, skills } : null
  return { health, toolsSeen: seen }
}

/** The MCP revision the server spoke (and its tools' ttlMs); a change of revision is public. */
function observeProtocol(w: Write, seen: Omit<McpProtocolSeen, 'checkedAt'>) {
  const protocol: McpProtocolSeen = { ...seen, checkedAt: w.at.toISOString() }
  if (w.row.mcpProtocol?.version !== protocol.version) w.changed.push('protocol')
  w.set.mcpProtocol = protocol
}

/** The sandbox's last start; its tools when no live endpoint lists them. */
function observeSandbox(
  w: Write,
  facts: ListingFacts,
  health: string | null,
  toolsSeen: ToolsSeen,
): { sandbox: SandboxRun | null; toolsSeen: ToolsSeen } {
  const { row, set, changed } = w
  if (facts.sandbox === null && row.sandbox) {
    // Its package is gone from its entry: what the sandbox saw of it no longer says anything.
    set.sandbox = null
    changed.push('sandbox')
    return { sandbox: null, toolsSeen }
  }
  if (!facts.sandbox) return { sandbox: row.sandbox ?? null, toolsSeen }
  const sandbox = sandboxRunAfter(row.sandbox ?? null, facts.sandbox, w.at)
  set.sandbox = sandbox
  // The sandbox's word on the revision counts when no live endpoint gave one.
  const remoteProtocol = w.set.mcpProtocol ?? (row.mcpProtocol?.source !== 'sandbox' ? row.mcpProtocol : null)
  if (facts.sandbox.protocol && !remoteProtocol) observeProtocol(w, facts.sandbox.protocol)
  if (row.sandbox?.verdict !== sandbox.verdict || row.sandbox?.retired !== sandbox.retired) changed.push('sandbox')
  // A listing with both a live endpoint and a package keeps the endpoint's tools: two lists that differ would
  // otherwise alternate every round and look like a rug pull each time.
  const remoteTools = row.toolsSource !== null && row.toolsSource !== 'sandbox' && health === 'active'
  if (facts.sandbox.tools && facts.sandbox.verdict === 'ran' && !remoteTools && !toolsSeen) {
    const { tools, server, toolsDefect: defect, skills } = facts.sandbox
    return { sandbox, toolsSeen: { tools, source: 'sandbox', server, defect, skills } }
  }
  return { sandbox, toolsSeen }
}

/** A tool list seen: stored, its change recorded when its hash moved, its risk scanned again. */
function observeTools(w: Write, seen: NonNullable<ToolsSeen>) {
  const { row, set, changed, at } = w
  set.toolsCheckedAt = at
  set.toolsSource = seen.source
  const tools = seen.tools
  const hash = toolsHash(tools)
  const previousHash = row.toolsHash ?? (row.tools.length ? toolsHash(row.tools) : null)
  if (!sameJson(row.tools, tools)) {
    set.tools = tools
    changed.push('tools')
  }
  if (row.toolsHash !== hash) set.toolsHash = hash
  if (previousHash && previousHash !== hash) {
    // A rug pull looks like this: the list a user installed for is not the list the server now offers.
    const change: ToolsChange = {
      at: at.toISOString(),
      fromHash: previousHash,
      toHash: hash,
      ...diffTools(row.tools, tools),
      source: seen.source,
    }
    set.toolsChanges = [change, ...(row.toolsChanges ?? [])].slice(0, MAX_TOOLS_CHANGES)
    w.toolsChange = change
  }
  // A list that breaks the spec is a fact shown with it, not an absence.
  const defect = seen.defect ?? null
  if (!sameJson(row.toolsDefect ?? null, defect)) {
    set.toolsDefect = defect
    if (!changed.includes('tools')) changed.push('tools')
  }
  if (seen.skills) observeSkills(w, seen.skills, seen.source)
  // The server's own texts (instructions, prompts, resources, skills) are scanned with the tools; a change of them
  // is scanned again even when the tools stayed the same. Skills not read this time keep the texts last read.
  const kept = seen.server && !seen.skills && row.serverTexts?.skills ? { skills: row.serverTexts.skills } : {}
  const seenServer = seen.server && { ...seen.server, ...kept }
  const server = seenServer !== undefined ? seenServer : (row.serverTexts ?? undefined)
  const serverChanged = seenServer !== undefined && !sameJson(row.serverTexts, seenServer)
  if (serverChanged) set.serverTexts = seenServer ?? null
  if (!row.risk || row.risk.toolsHash !== scannedHash(tools, server) || serverChanged) {
    const risk = scanTools(tools, row, at.toISOString(), server)
    set.risk = risk
    if (row.risk?.level !== risk.level || !sameJson(row.risk?.findings, risk.findings)) changed.push('risk')
  }
}

/**
 * Skills listed: stored, and a change of their hash (a file's digest, a skill added or removed) recorded like a
 * changed tool list; a host asks again when a digest changes, and what it then loads is not what a user approved.
 */
function observeSkills(w: Write, skills: SkillInfo[], source: string | null) {
  const { row, set, changed, at } = w
  const hash = skillsHash(skills)
  if (!sameJson(row.skills ?? [], skills)) {
    set.skills = skills
    changed.push('skills')
  }
  if (row.skillsHash === hash) return
  set.skillsHash = hash
  if (!row.skillsHash) return
  const change: SkillsChange = {
    at: at.toISOString(),
    fromHash: row.skillsHash,
    toHash: hash,
    ...diffSkills(row.skills ?? [], skills),
    source,
  }
  set.skillsChanges = [change, ...(row.skillsChanges ?? [])].slice(0, MAX_TOOLS_CHANGES)
  w.skillsChange = change
}

/** What the prober read elsewhere: GitHub, the README, an install in it, the registries, the repository. */
function observeReadFacts(w: Write, facts: ListingFacts) {
  const { row, set, changed } = w
  if (facts.github) {
    if (row.githubStars !== facts.github.stars) {
      set.githubStars = facts.github.stars
      changed.push('githubStars')
    }
    set.githubArchived = facts.github.archived
    set.githubPushedAt = facts.github.pushedAt ? new Date(facts.github.pushedAt) : null
    set.githubHomepage = facts.github.homepage
  }
  if (facts.readme !== undefined && row.readme !== facts.readme) {
    set.readme = facts.readme
    changed.push('readme')
  }
  if (facts.install !== undefined && !sameJson(row.inferredInstall, facts.install)) {
    set.inferredInstall = facts.install
    changed.push('install')
  }
  // Evidence carries its own check time, so it is written on every read; only a change of what the registries
  // say (not the time alone) is a change the public sees.
  if (facts.evidence !== undefined) {
    const strip = (list: PackageEvidence[] | null | undefined) =>
      (list ?? []).map(({ checkedAt: _at, ...rest }) => rest)
    if (!sameJson(row.installEvidence, facts.evidence)) set.installEvidence = facts.evidence
    if (!sameJson(strip(row.installEvidence), strip(facts.evidence)) && !changed.includes('install'))
      changed.push('install')
  }
  if (facts.repositoryRun !== undefined) {
    const strip = (r: RepositoryRun | null | undefined) => (r ? { ...r, checkedAt: undefined } : null)
    if (!sameJson(row.repositoryRun, facts.repositoryRun)) set.repositoryRun = facts.repositoryRun
    if (!sameJson(strip(row.repositoryRun), strip(facts.repositoryRun)) && !changed.includes('install'))
      changed.push('install')
  }
}

/** A guessed category guessed again from the tools and README as they now are: they say what the server does. */
function observeCategory(w: Write) {
  const { row, set } = w
  const category = reguessedCategory(row, {
    tools: set.tools ?? row.tools,
    readme: set.readme !== undefined ? set.readme : row.readme,
  })
  if (!category) return
  set.category = category
  w.changed.push('category')
}

/** What a probe's facts change on `row`, seen at the probe's time. */
export function observe(row: Row, facts: ListingFacts): Write {
  const w: Write = { row, at: new Date(facts.checkedAt), set: {}, changed: [] }
  // What the latest observations say: the remote endpoint's health, and the sandbox's last start.
  const remote = observeRemote(w, facts)
  const { sandbox, toolsSeen } = observeSandbox(w, facts, remote.health, remote.toolsSeen)
  if (toolsSeen) observeTools(w, toolsSeen)
  // Seen running: the endpoint answers as MCP, or the package ran or asked for keys in the sandbox.
  // Verified: seen running, and no high-risk finding an operator has not cleared for this very tool list.
  const seenRunning = remote.health === 'active' || (sandbox !== null && SANDBOX_RUNNING.has(sandbox.verdict))
  const risk = w.set.risk !== undefined ? w.set.risk : row.risk
  const verified = seenRunning && !riskBlocks(risk, row.riskClearedHash)
  if (row.seenRunning !== seenRunning) w.set.seenRunning = seenRunning
  if (row.isVerifiedActive !== verified) {
    w.set.isVerifiedActive = verified
    w.changed.push('isVerifiedActive')
  }
  observeReadFacts(w, facts)
  observeCategory(w)
  observeRemoteAddresses(w, facts)
  return w
}

/** What installs and reaches a listing, as stored or as its origin or owner now gives it. */
interface Runnable {
  packages?: unknown
  remotes?: unknown
}

/**
 * What was seen of a listing's package or endpoint, reset when they are replaced (by its owner or its origin): not
 * verified nor seen running until the new ones are probed; and a new endpoint has no health or protocol yet (the old
 * one's ttlMs would put off its first probe). A section `next` leaves out is not replaced.
 */
export function seenOfReplaced(before: Runnable, next: Runnable) {
  const replaced = (k: keyof Runnable) => next[k] !== undefined && !sameJson(next[k], before[k])
  const remotes = replaced('remotes')
  return {
    ...(remotes || replaced('packages') ? { isVerifiedActive: false, seenRunning: false } : {}),
    ...(remotes ? { health: null, healthCheckedAt: null, mcpProtocol: null } : {}),
  }
}
