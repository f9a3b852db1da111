// The catalog's internal facts API, for the prober only (never in the gateway's public route table): the live
// facts a probe found (health, tools, README, GitHub metadata, an install found in the README, what npm and PyPI
// say about the listing's packages, how its repository can be run) are written here,
// because the catalog owns listings; and the list of active listings a probe round covers. A change the public
// can see writes `listing.checked` into the catalog outbox in the same transaction.
import { and, asc, catalogOutbox, eq, listings, sql, type Database } from '@mcp-directory/shared/db'
import type {
  InferredInstall,
  PackageEvidence,
  RemoteAuthInfo,
  RepositoryRun,
  RiskAssessment,
  SandboxReport,
  SandboxRun,
  ToolInfo,
  ToolsChange,
} from '@mcp-directory/shared/contracts'
import { AppError, notFound } from '@mcp-directory/shared/errors'
import { json, readJsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { diffTools, scanTools, toolsHash } from '@mcp-directory/shared/toolscan'
import { Elysia } from 'elysia'
import { searchExtraOf } from '../search/terms'

/** What the facts routes need. */
export interface FactsDeps {
  database: Database
  log: Logger
  /** Publish soon: called after a commit that wrote events. */
  nudge: () => void
}

/** Health states a probe reports. */
export const HEALTH_STATES = ['active', 'degraded', 'down', 'unknown'] as const

/** The facts of one probe; each section present replaces that group of facts, an absent one leaves it. */
export interface ListingFacts {
  checkedAt: string
  /** null: the listing has no endpoint to probe any more, so it has no health and is not seen running. */
  remote?: {
    health: (typeof HEALTH_STATES)[number]
    verified: boolean
    tools?: ToolInfo[]
    toolsSource?: string
    auth?: Omit<RemoteAuthInfo, 'checkedAt'>
  } | null
  /** What a sandbox start of the listing's package found (its tools when it ran); null: it has no package any more. */
  sandbox?: SandboxReport | null
  github?: { stars: number | null; archived: boolean; pushedAt: string | null; homepage: string | null }
  readme?: string | null
  install?: InferredInstall | null
  /** What the package registries said about the listing's packages (null: none to read). */
  evidence?: PackageEvidence[] | null
  /** How the listing's own repository can be run (null: forget what was read). */
  repositoryRun?: RepositoryRun | null
}

/** Verdicts a sandbox start reports. */
export const SANDBOX_VERDICTS = [
  'ran',
  'asked_for_keys',
  'install_failed',
  'package_missing',
  'timeout',
  'crashed',
  'output_limit',
  'not_mcp',
] as const

/** Verdicts that say the package ran: it listed its tools, or stopped asking for a declared variable. */
export const SANDBOX_RUNNING: ReadonlySet<string> = new Set(['ran', 'asked_for_keys'])
/** How many recent tool-list changes a listing keeps. */
export const MAX_TOOLS_CHANGES = 10

// Bounds: a listing's facts are shown on its page; nothing a remote server says may grow it without limit.
const MAX_BODY = 2 * 1024 * 1024
const MAX_README = 1_000_000
const MAX_TOOLS = 500
const MAX_TOOL_NAME = 200
const MAX_TOOL_DESCRIPTION = 2000
const MAX_PARAMETERS = 100
const MAX_TARGETS_PAGE = 5000
const MAX_EVIDENCE = 10
const MAX_EVIDENCE_VALUES = 10
const MAX_VALUE = 2048

type Problem = { field: string; message: string }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isDate = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v))

/** Checks a facts body; every problem is named in `details`. */
export function parseFacts(body: unknown): ListingFacts {
  const problems: Problem[] = []
  if (!isObject(body))
    throw new AppError(400, 'invalid_body', 'The facts must be a JSON object', [
      { field: '', message: 'not an object' },
    ])
  if (!isDate(body.checkedAt)) problems.push({ field: 'checkedAt', message: 'must be a date-time' })
  const facts: ListingFacts = { checkedAt: String(body.checkedAt) }
  if (body.remote === null) facts.remote = null
  else if (body.remote !== undefined) {
    const r = body.remote
    if (!isObject(r)) problems.push({ field: 'remote', message: 'must be an object' })
    else {
      if (!HEALTH_STATES.includes(r.health as never))
        problems.push({ field: 'remote.health', message: `must be one of ${HEALTH_STATES.join(', ')}` })
      if (typeof r.verified !== 'boolean') problems.push({ field: 'remote.verified', message: 'must be a boolean' })
      const tools = r.tools !== undefined ? parseTools(r.tools, 'remote.tools', problems) : undefined
      if (r.toolsSource !== undefined && (typeof r.toolsSource !== 'string' || r.toolsSource.length > 40))
        problems.push({ field: 'remote.toolsSource', message: 'must be a short string' })
      const auth = r.auth !== undefined ? parseAuth(r.auth, problems) : undefined
      facts.remote = {
        health: r.health as (typeof HEALTH_STATES)[number],
        verified: r.verified === true,
        ...(tools ? { tools } : {}),
        ...(typeof r.toolsSource === 'string' ? { toolsSource: r.toolsSource } : {}),
        ...(auth ? { auth } : {}),
      }
    }
  }
  if (body.github !== undefined) {
    const g = body.github
    if (!isObject(g)) problems.push({ field: 'github', message: 'must be an object' })
    else {
      const stars =
        g.stars === null
          ? null
          : Number.isSafeInteger(g.stars) && (g.stars as number) >= 0
            ? (g.stars as number)
            : undefined
      if (stars === undefined)
        problems.push({ field: 'github.stars', message: 'must be a non-negative integer or null' })
      if (typeof g.archived !== 'boolean') problems.push({ field: 'github.archived', message: 'must be a boolean' })
      if (g.pushedAt !== null && !isDate(g.pushedAt))
        problems.push({ field: 'github.pushedAt', message: 'must be a date-time or null' })
      if (g.homepage !== null && (typeof g.homepage !== 'string' || g.homepage.length > 2048))
        problems.push({ field: 'github.homepage', message: 'must be a string or null' })
      facts.github = {
        stars: stars ?? null,
        archived: g.archived === true,
        pushedAt: (g.pushedAt as string | null) ?? null,
        homepage: (g.homepage as string | null) || null,
      }
    }
  }
  if (body.readme !== undefined) {
    if (body.readme !== null && (typeof body.readme !== 'string' || body.readme.length > MAX_README))
      problems.push({ field: 'readme', message: `must be a string of at most ${MAX_README} characters, or null` })
    else facts.readme = body.readme as string | null
  }
  if (body.install !== undefined) {
    const i = body.install
    if (i === null) facts.install = null
    else if (
      !isObject(i) ||
      !['npm', 'pypi', 'oci'].includes(i.registryType as string) ||
      typeof i.identifier !== 'string' ||
      !i.identifier ||
      i.identifier.length > 214 ||
      !['high', 'low'].includes(i.confidence as string) ||
      !['readme-config', 'readme-mention'].includes(i.basis as string)
    )
      problems.push({
        field: 'install',
        message:
          'must be null or { registryType: npm|pypi|oci, identifier, confidence: high|low, basis: readme-config|readme-mention }',
      })
    else
      facts.install = {
        registryType: i.registryType as InferredInstall['registryType'],
        identifier: i.identifier,
        confidence: i.confidence as InferredInstall['confidence'],
        basis: i.basis as InferredInstall['basis'],
      }
  }
  if (body.evidence !== undefined) {
    const parsed = parseEvidence(body.evidence, problems)
    if (parsed !== undefined) facts.evidence = parsed
  }
  if (body.repositoryRun !== undefined) {
    const parsed = parseRepositoryRun(body.repositoryRun, problems)
    if (parsed !== undefined) facts.repositoryRun = parsed
  }
  if (body.sandbox === null) facts.sandbox = null
  else if (body.sandbox !== undefined) {
    const parsed = parseSandbox(body.sandbox, problems)
    if (parsed) facts.sandbox = parsed
  }
  if (problems.length) throw new AppError(400, 'invalid_body', 'The facts are not valid', problems)
  return facts
}

function parseTools(v: unknown, field: string, problems: Problem[]): ToolInfo[] | undefined {
  if (!Array.isArray(v) || v.length > MAX_TOOLS) {
    problems.push({ field, message: `must be an array of at most ${MAX_TOOLS} tools` })
    return undefined
  }
  const tools: ToolInfo[] = []
  v.forEach((t, i) => {
    if (!isObject(t) || typeof t.name !== 'string' || !t.name.trim() || t.name.length > MAX_TOOL_NAME)
      return problems.push({
        field: `${field}[${i}].name`,
        message: `must be a string of 1 to ${MAX_TOOL_NAME} characters`,
      })
    const params = Array.isArray(t.parameters)
      ? t.parameters
          .filter((p): p is string => typeof p === 'string' && p.length <= MAX_TOOL_NAME)
          .slice(0, MAX_PARAMETERS)
      : []
    tools.push({
      name: t.name,
      ...(typeof t.description === 'string' && t.description
        ? { description: t.description.slice(0, MAX_TOOL_DESCRIPTION) }
        : {}),
      ...(params.length ? { parameters: params } : {}),
    })
  })
  return tools
}

const shortUrl = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_VALUE && /^https?:\/\//.test(v)

function parseAuth(v: unknown, problems: Problem[]): Omit<RemoteAuthInfo, 'checkedAt'> | undefined {
  if (
    !isObject(v) ||
    !['oauth', 'api_key', 'none'].includes(v.kind as string) ||
    (v.resourceMetadata !== undefined && !shortUrl(v.resourceMetadata)) ||
    (v.authorizationServers !== undefined &&
      !(
        Array.isArray(v.authorizationServers) &&
        v.authorizationServers.length <= 5 &&
        v.authorizationServers.every(shortUrl)
      )) ||
    (v.confirmed !== undefined && typeof v.confirmed !== 'boolean')
  ) {
    problems.push({
      field: 'remote.auth',
      message: 'must be { kind: oauth|api_key|none, resourceMetadata?, authorizationServers?, confirmed? }',
    })
    return undefined
  }
  return {
    kind: v.kind as RemoteAuthInfo['kind'],
    ...(typeof v.resourceMetadata === 'string' ? { resourceMetadata: v.resourceMetadata } : {}),
    ...(Array.isArray(v.authorizationServers) ? { authorizationServers: v.authorizationServers as string[] } : {}),
    ...(typeof v.confirmed === 'boolean' ? { confirmed: v.confirmed } : {}),
  }
}

function parseSandbox(v: unknown, problems: Problem[]): SandboxReport | undefined {
  const steps = isObject(v) && isObject(v.steps) ? Object.entries(v.steps) : null
  const count = (x: unknown) => x === undefined || (Number.isSafeInteger(x) && (x as number) >= 0)
  if (
    !isObject(v) ||
    !SANDBOX_VERDICTS.includes(v.verdict as never) ||
    (v.registryType !== 'npm' && v.registryType !== 'pypi') ||
    typeof v.identifier !== 'string' ||
    !v.identifier ||
    v.identifier.length > 214 ||
    (v.version !== null && (typeof v.version !== 'string' || v.version.length > 64)) ||
    typeof v.guessed !== 'boolean' ||
    !steps ||
    steps.length > 10 ||
    !steps.every(([k, ms]) => /^[a-z_]{1,30}$/.test(k) && Number.isSafeInteger(ms) && (ms as number) >= 0) ||
    typeof v.detail !== 'string' ||
    v.detail.length > 500 ||
    (v.variable !== undefined &&
      (typeof v.variable !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,100}$/.test(v.variable))) ||
    !count(v.promptCount) ||
    !count(v.resourceCount)
  ) {
    problems.push({
      field: 'sandbox',
      message: `must be { verdict: ${SANDBOX_VERDICTS.join('|')}, registryType: npm|pypi, identifier, version, guessed, steps: { name: ms }, detail, variable?, tools?, promptCount?, resourceCount? }`,
    })
    return undefined
  }
  const tools = v.tools !== undefined ? parseTools(v.tools, 'sandbox.tools', problems) : undefined
  return {
    verdict: v.verdict as SandboxReport['verdict'],
    registryType: v.registryType,
    identifier: v.identifier,
    version: v.version as string | null,
    guessed: v.guessed,
    steps: Object.fromEntries(steps) as Record<string, number>,
    detail: v.detail,
    ...(typeof v.variable === 'string' ? { variable: v.variable } : {}),
    ...(tools ? { tools } : {}),
    ...(v.promptCount !== undefined ? { promptCount: v.promptCount as number } : {}),
    ...(v.resourceCount !== undefined ? { resourceCount: v.resourceCount as number } : {}),
  }
}

/** Whether a listing's risk keeps it out of verified=1: a high risk not cleared by an operator for this tool list. */
export const riskBlocks = (risk: RiskAssessment | null | undefined, clearedHash: string | null | undefined) =>
  risk?.level === 'high' && clearedHash !== risk.toolsHash

const shortStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= MAX_EVIDENCE_VALUES && v.every((x) => typeof x === 'string' && x.length <= MAX_VALUE)

function parseEvidence(v: unknown, problems: Problem[]): PackageEvidence[] | null | undefined {
  if (v === null) return null
  if (!Array.isArray(v) || v.length > MAX_EVIDENCE) {
    problems.push({ field: 'evidence', message: `must be null or an array of at most ${MAX_EVIDENCE} entries` })
    return undefined
  }
  const out: PackageEvidence[] = []
  v.forEach((e, i) => {
    const field = `evidence[${i}]`
    if (
      !isObject(e) ||
      (e.registryType !== 'npm' && e.registryType !== 'pypi') ||
      typeof e.identifier !== 'string' ||
      !e.identifier ||
      e.identifier.length > 214 ||
      (e.version !== null && (typeof e.version !== 'string' || e.version.length > 64)) ||
      typeof e.entryUrl !== 'string' ||
      !/^https?:\/\//.test(e.entryUrl) ||
      e.entryUrl.length > MAX_VALUE ||
      (e.outcome !== 'found' && e.outcome !== 'missing') ||
      !shortStrings(e.mcpNames) ||
      !shortStrings(e.repositories) ||
      !isDate(e.checkedAt)
    ) {
      problems.push({
        field,
        message:
          'must be { registryType: npm|pypi, identifier, version (string or null), entryUrl, outcome: found|missing, mcpNames: string[], repositories: string[], checkedAt }',
      })
      return
    }
    out.push({
      registryType: e.registryType,
      identifier: e.identifier,
      version: e.version as string | null,
      entryUrl: e.entryUrl,
      outcome: e.outcome,
      mcpNames: e.mcpNames,
      repositories: e.repositories,
      checkedAt: e.checkedAt,
    })
  })
  return out
}

function parseRepositoryRun(v: unknown, problems: Problem[]): RepositoryRun | null | undefined {
  if (v === null) return null
  if (
    !isObject(v) ||
    typeof v.repository !== 'string' ||
    !/^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/.test(v.repository) ||
    (v.ecosystem !== null && v.ecosystem !== 'node' && v.ecosystem !== 'python') ||
    (v.entryPoint !== undefined &&
      (typeof v.entryPoint !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(v.entryPoint))) ||
    (v.ecosystem === 'python' && v.entryPoint === undefined) ||
    typeof v.from !== 'string' ||
    v.from.length > 300 ||
    !isDate(v.checkedAt)
  ) {
    problems.push({
      field: 'repositoryRun',
      message:
        'must be null or { repository: owner/repo, ecosystem: node|python|null, entryPoint (python), from, checkedAt }',
    })
    return undefined
  }
  return {
    repository: v.repository,
    ecosystem: v.ecosystem,
    ...(typeof v.entryPoint === 'string' ? { entryPoint: v.entryPoint } : {}),
    from: v.from,
    checkedAt: v.checkedAt,
  }
}

// jsonb stores object keys in its own order, so values are compared with their keys sorted.
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v
const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null))

/** Writes a probe's facts; returns the publicly visible fields that changed (an event is written when any did). */
export async function writeFacts(
  database: Database,
  id: string,
  facts: ListingFacts,
): Promise<{ id: string; changed: string[] }> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update').limit(1)
    if (!row) throw notFound('Listing')
    const at = new Date(facts.checkedAt)
    const set: Partial<typeof listings.$inferInsert> = {}
    const changed: string[] = []
    // What the latest observations say: the remote endpoint's health, and the sandbox's last start.
    let health = row.health
    let sandbox = row.sandbox ?? null
    let toolsSeen: { tools: ToolInfo[]; source: string | null } | null = null
    if (facts.remote) {
      set.healthCheckedAt = at
      health = facts.remote.health
      if (row.health !== health) (set.health = health), changed.push('health')
      if (facts.remote.tools) toolsSeen = { tools: facts.remote.tools, source: facts.remote.toolsSource ?? null }
      if (facts.remote.auth) {
        const auth: RemoteAuthInfo = { ...facts.remote.auth, checkedAt: at.toISOString() }
        if (!sameJson({ ...row.remoteAuth, checkedAt: null }, { ...auth, checkedAt: null })) changed.push('remoteAuth')
        set.remoteAuth = auth
      }
    }
    if (facts.remote === null) {
      health = null
      if (row.health !== null) (set.health = null), changed.push('health')
      if (row.remoteAuth) set.remoteAuth = null
    }
    if (facts.sandbox) {
      sandbox = sandboxRunAfter(row.sandbox ?? null, facts.sandbox, at)
      set.sandbox = sandbox
      if (row.sandbox?.verdict !== sandbox.verdict || row.sandbox?.retired !== sandbox.retired) changed.push('sandbox')
      // A listing with both a live endpoint and a package keeps the endpoint's tools: two lists that differ would
      // otherwise alternate every round and look like a rug pull each time.
      const remoteTools = row.toolsSource !== null && row.toolsSource !== 'sandbox' && health === 'active'
      if (facts.sandbox.tools && facts.sandbox.verdict === 'ran' && !remoteTools && !toolsSeen)
        toolsSeen = { tools: facts.sandbox.tools, source: 'sandbox' }
    }
    if (facts.sandbox === null && row.sandbox) {
      // Its package is gone from its entry: what the sandbox saw of it no longer says anything.
      sandbox = null
      set.sandbox = null
      changed.push('sandbox')
    }
    if (toolsSeen) {
      set.toolsCheckedAt = at
      set.toolsSource = toolsSeen.source
      const tools = toolsSeen.tools
      const hash = toolsHash(tools)
      const previousHash = row.toolsHash ?? (row.tools.length ? toolsHash(row.tools) : null)
      if (!sameJson(row.tools, tools)) {
        set.tools = tools
        // Tool names and descriptions are searchable words of the listing.
        set.searchExtra = searchExtraOf(
          row.name,
          row.tags,
          tools.map((t) => t.name),
          tools.map((t) => t.description ?? ''),
        )
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
          source: toolsSeen.source,
        }
        set.toolsChanges = [change, ...(row.toolsChanges ?? [])].slice(0, MAX_TOOLS_CHANGES)
        await enqueueEvent(tx, catalogOutbox, 'listing.tools_changed', {
          id: row.id,
          name: row.name,
          status: row.status,
          at: change.at,
          fromHash: change.fromHash,
          toHash: change.toHash,
          added: change.added,
          removed: change.removed,
          changed: change.changed,
          source: change.source,
        })
      }
      if (!row.risk || row.risk.toolsHash !== hash) {
        const risk = scanTools(tools, row, at.toISOString())
        set.risk = risk
        if (row.risk?.level !== risk.level || !sameJson(row.risk?.findings, risk.findings)) changed.push('risk')
      }
    }
    // Seen running: the endpoint answers as MCP, or the package ran or asked for keys in the sandbox.
    // Verified: seen running, and no high-risk finding an operator has not cleared for this very tool list.
    const seenRunning = health === 'active' || (sandbox !== null && SANDBOX_RUNNING.has(sandbox.verdict))
    const risk = set.risk !== undefined ? set.risk : row.risk
    const verified = seenRunning && !riskBlocks(risk, row.riskClearedHash)
    if (row.seenRunning !== seenRunning) set.seenRunning = seenRunning
    if (row.isVerifiedActive !== verified) (set.isVerifiedActive = verified), changed.push('isVerifiedActive')
    if (facts.github) {
      if (row.githubStars !== facts.github.stars) (set.githubStars = facts.github.stars), changed.push('githubStars')
      set.githubArchived = facts.github.archived
      set.githubPushedAt = facts.github.pushedAt ? new Date(facts.github.pushedAt) : null
      set.githubHomepage = facts.github.homepage
    }
    if (facts.readme !== undefined && row.readme !== facts.readme) (set.readme = facts.readme), changed.push('readme')
    if (facts.install !== undefined && !sameJson(row.inferredInstall, facts.install))
      (set.inferredInstall = facts.install), changed.push('install')
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
    if (Object.keys(set).length) await tx.update(listings).set(set).where(eq(listings.id, id))
    if (changed.length)
      await enqueueEvent(tx, catalogOutbox, 'listing.checked', {
        id: row.id,
        name: row.name,
        status: row.status,
        at: at.toISOString(),
        changed,
      })
    return { id: row.id, changed }
  })
}

/**
 * The sandbox's last start after a report. Install failures of one package count up; a guessed package is
 * retired after two, or after one when the registry has no such package. A start that got past the install (it
 * ran, asked for keys, timed out, crashed) proves the install worked and resets the count.
 */
export function sandboxRunAfter(previous: SandboxRun | null, r: SandboxReport, at: Date): SandboxRun {
  const samePackage = previous && previous.registryType === r.registryType && previous.identifier === r.identifier
  const installFailed = r.verdict === 'install_failed' || r.verdict === 'package_missing'
  const installFailures = installFailed ? (samePackage ? previous.installFailures : 0) + 1 : 0
  const retired = r.guessed && (r.verdict === 'package_missing' || installFailures >= 2)
  return {
    verdict: r.verdict,
    registryType: r.registryType,
    identifier: r.identifier,
    version: r.version,
    steps: r.steps,
    detail: r.detail,
    ...(r.variable ? { variable: r.variable } : {}),
    toolCount: r.tools?.length ?? 0,
    ...(r.promptCount !== undefined ? { promptCount: r.promptCount } : {}),
    ...(r.resourceCount !== undefined ? { resourceCount: r.resourceCount } : {}),
    installFailures,
    retired,
    checkedAt: at.toISOString(),
  }
}

/**
 * An operator clears a listing's high risk for the tool list it was found in (a later change of the list needs
 * clearing again). Returns what the listing now is.
 */
export async function clearRisk(
  database: Database,
  id: string,
  at: Date,
): Promise<{
  id: string
  name: string
  riskLevel: string
  clearedHash: string
  isVerifiedActive: boolean
  changed: boolean
}> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update').limit(1)
    if (!row) throw notFound('Listing')
    if (!row.risk || row.risk.level === 'none')
      throw new AppError(409, 'conflict', 'The listing has no risk finding to clear')
    const already = row.riskClearedHash === row.risk.toolsHash
    const verified = row.seenRunning
    if (!already) {
      await tx
        .update(listings)
        .set({ riskClearedHash: row.risk.toolsHash, riskClearedAt: at, isVerifiedActive: verified })
        .where(eq(listings.id, id))
      await enqueueEvent(tx, catalogOutbox, 'listing.checked', {
        id: row.id,
        name: row.name,
        status: row.status,
        at: at.toISOString(),
        changed: ['risk', ...(row.isVerifiedActive !== verified ? ['isVerifiedActive'] : [])],
      })
    }
    return {
      id: row.id,
      name: row.name,
      riskLevel: row.risk.level,
      clearedHash: row.risk.toolsHash,
      isVerifiedActive: already ? row.isVerifiedActive : verified,
      changed: !already,
    }
  })
}

/** A page of active listing ids, in id order, after `after` (the probe scheduler walks every active listing). */
export async function activeListingIds(database: Database, after: string, limit: number): Promise<string[]> {
  const rows = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(after ? and(eq(listings.status, 'active'), sql`${listings.id} > ${after}`) : eq(listings.status, 'active'))
    .orderBy(asc(listings.id))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The internal facts routes, mounted on the catalog app. */
export function factsRoutes(deps: FactsDeps) {
  const { database, log } = deps
  return new Elysia({ name: 'catalog:facts' })
    .put(
      '/internal/listings/:id/facts',
      async ({ params, request }) => {
        const facts = parseFacts(await readJsonBody(request, MAX_BODY))
        const result = await writeFacts(database, params.id, facts)
        if (result.changed.length) {
          deps.nudge()
          log.info({ id: result.id, changed: result.changed }, 'listing facts changed')
        }
        return json(result)
      },
      { parse: 'none' },
    )
    .get('/internal/probe-targets', async ({ request }) => {
      const q = new URL(request.url).searchParams
      const after = q.get('after') ?? ''
      const rawLimit = q.get('limit') ?? '1000'
      const limit = Number(rawLimit)
      if (!/^\d+$/.test(rawLimit) || limit < 1 || limit > MAX_TARGETS_PAGE)
        throw new AppError(400, 'invalid_parameter', `limit must be an integer from 1 to ${MAX_TARGETS_PAGE}`, [
          { parameter: 'limit' },
        ])
      if (after.length > 300)
        throw new AppError(400, 'invalid_parameter', 'after is too long', [{ parameter: 'after' }])
      const ids = await activeListingIds(database, after, limit)
      return json({ ids, next: ids.length === limit ? ids[ids.length - 1] : null })
    })
}
