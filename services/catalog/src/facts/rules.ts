// Facts' rules beyond the models: what a remote server says of its tools is trimmed to bounds rather than refused,
// how a sandbox report counts install failures, and when a risk keeps a listing out of verified=1.
import { MAX_PARAMETERS, MAX_TOOL_DESCRIPTION, MAX_TOOL_NAME } from '@mcp-directory/shared/contracts/catalog-internal'
import { MAX_SKILL_BYTES } from '@mcp-directory/shared/toolscan'
import type {
  InferredInstall,
  McpProtocolSeen,
  PackageEvidence,
  RemoteAuthInfo,
  RepositoryRun,
  RiskAssessment,
  SandboxReport,
  SandboxRun,
  ServerTexts,
  SkillInfo,
  ToolInfo,
  ToolsDefect,
} from '@mcp-directory/shared/contracts'
import type { FactsBody, HEALTH_STATES } from './model'

/** The facts of one probe as written; each section present replaces that group of facts, an absent one leaves it. */
export interface ListingFacts {
  checkedAt: string
  /** The probe basis of the listing as the probe read it (`probeBasisOf`); absent: not checked. */
  basis?: string
  /** null: the listing has no endpoint to probe any more, so it has no health and is not seen running. */
  remote?: {
    health: (typeof HEALTH_STATES)[number]
    verified: boolean
    tools?: ToolInfo[]
    toolsSource?: string
    /** How the tool list breaks the spec (absent: it does not). */
    toolsDefect?: ToolsDefect
    /** Its skills, listed with the tools (absent: not read). */
    skills?: SkillInfo[]
    auth?: Omit<RemoteAuthInfo, 'checkedAt'>
    /** What the server says besides its tools, listed with them. */
    server?: ServerTexts
    protocol?: Omit<McpProtocolSeen, 'checkedAt'>
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
  /** What each remote's name resolved to ([]: none to keep). */
  remoteAddresses?: NonNullable<FactsBody['remoteAddresses']>
}

/** Verdicts that say the package ran: it listed its tools, or stopped asking for a declared variable or argument. */
export const SANDBOX_RUNNING: ReadonlySet<string> = new Set(['ran', 'asked_for_keys', 'asked_for_config'])

type ToolBody = NonNullable<NonNullable<FactsBody['remote']>['tools']>[number]

/** A tool as stored: its description cut to bounds, parameters that are not short names dropped. */
function toolOf(t: ToolBody): ToolInfo {
  const params = Array.isArray(t.parameters)
    ? t.parameters
        .filter((p): p is string => typeof p === 'string' && p.length <= MAX_TOOL_NAME)
        .slice(0, MAX_PARAMETERS)
    : []
  return {
    name: t.name,
    ...(typeof t.description === 'string' && t.description
      ? { description: t.description.slice(0, MAX_TOOL_DESCRIPTION) }
      : {}),
    ...(params.length ? { parameters: params } : {}),
    ...readTexts(t),
    ...signatureOf(t, params),
  }
}

/** Each named parameter's type (a short word) and whether it is required, as the tool's schema said. */
function signatureOf(t: ToolBody, params: string[]): Pick<ToolInfo, 'parameterTypes' | 'required'> {
  const given =
    t.parameterTypes && typeof t.parameterTypes === 'object' ? (t.parameterTypes as Record<string, unknown>) : {}
  const types = params.flatMap((p) => {
    const type = given[p]
    return typeof type === 'string' && type.length <= 40 ? [[p, type] as const] : []
  })
  const required = Array.isArray(t.required) ? params.filter((p) => (t.required as unknown[]).includes(p)) : []
  return {
    ...(types.length ? { parameterTypes: Object.fromEntries(types) } : {}),
    ...(required.length ? { required } : {}),
  }
}

/** What a model reads of a tool besides its description (the scan reads them too), bounded. */
function readTexts(t: ToolBody): Pick<ToolInfo, 'title' | 'annotations' | 'parameterDescriptions'> {
  const out: Pick<ToolInfo, 'title' | 'annotations' | 'parameterDescriptions'> = {}
  if (typeof t.title === 'string' && t.title.trim()) out.title = t.title.slice(0, MAX_TOOL_NAME)
  const entries = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [])
  const annotations = entries(t.annotations)
    .filter(([k, v]) => k.length <= 50 && ['string', 'boolean', 'number'].includes(typeof v))
    .slice(0, 10)
    .map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 500) : v])
  if (annotations.length) out.annotations = Object.fromEntries(annotations)
  const described = entries(t.parameterDescriptions)
    .filter(([k, v]) => k.length <= MAX_TOOL_NAME && typeof v === 'string' && v)
    .slice(0, MAX_PARAMETERS)
    .map(([k, v]) => [k, (v as string).slice(0, MAX_TOOL_DESCRIPTION)])
  if (described.length) out.parameterDescriptions = Object.fromEntries(described)
  return out
}

const MAX_SERVER_ITEMS = 100

/** A server's own texts as stored: instructions, prompts' and resources' names and descriptions, bounded. */
export function serverTextsOf(v: unknown): ServerTexts | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined
  const o = v as Record<string, unknown>
  const items = (list: unknown) => namedItems(list).map(({ name, description }) => ({ name, ...description }))
  const out: ServerTexts = {}
  if (typeof o.instructions === 'string' && o.instructions.trim()) out.instructions = o.instructions.slice(0, 10_000)
  const prompts = items(o.prompts)
  if (prompts.length) out.prompts = prompts
  const resources = items(o.resources)
  if (resources.length) out.resources = resources
  const skills = skillTexts(o.skills)
  if (skills.length) out.skills = skills
  const unscanned = (Array.isArray(o.unscanned) ? o.unscanned : [])
    .filter((x): x is string => typeof x === 'string' && !!x.trim())
    .slice(0, 10)
    .map((x) => x.slice(0, 300))
  if (unscanned.length) out.unscanned = unscanned
  return out
}

/** A list's objects with a string name, bounded in count, name and description (prompts, resources, skills). */
function namedItems(list: unknown) {
  return (Array.isArray(list) ? list : [])
    .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && typeof x.name === 'string')
    .slice(0, MAX_SERVER_ITEMS)
    .map((x) => ({
      x,
      name: (x.name as string).slice(0, MAX_TOOL_NAME),
      description:
        typeof x.description === 'string' && x.description
          ? { description: x.description.slice(0, MAX_TOOL_DESCRIPTION) }
          : {},
    }))
}

/**
 * Skills' texts as the scan reads them: name, description, SKILL.md text and the skill's digest. The text is kept
 * whole up to the checkers' read bound (a host loads it whole; the body limit bounds them all together).
 */
function skillTexts(list: unknown): NonNullable<ServerTexts['skills']> {
  return namedItems(list).map(({ x, name, description }) => ({
    name,
    ...description,
    ...(typeof x.text === 'string' && x.text ? { text: x.text.slice(0, MAX_SKILL_BYTES) } : {}),
    ...(typeof x.digest === 'string' && /^[0-9a-f]{64}$/.test(x.digest) ? { digest: x.digest } : {}),
  }))
}

/**
 * A valid facts body as written: tools trimmed, an empty homepage none. With private addresses allowed
 * (`allowPrivateRemotes`), remotes' addresses are kept as none: nothing is withheld for being private.
 */
export function listingFactsOf(body: FactsBody, allowPrivateRemotes = false): ListingFacts {
  const { remote, sandbox, github, remoteAddresses, ...rest } = body
  const trim = <T extends { tools?: ToolBody[]; server?: unknown }>(x: T) => ({
    ...x,
    tools: x.tools?.map(toolOf),
    server: serverTextsOf(x.server),
  })
  return {
    ...rest,
    ...(remote !== undefined ? { remote: remote && trim(remote) } : {}),
    ...(sandbox !== undefined ? { sandbox: sandbox && trim(sandbox) } : {}),
    ...(github ? { github: { ...github, homepage: github.homepage || null } } : {}),
    ...(remoteAddresses !== undefined ? { remoteAddresses: allowPrivateRemotes ? [] : remoteAddresses } : {}),
  }
}

/** Whether a listing's risk keeps it out of verified=1: a high risk not cleared by an operator for this tool list. */
export const riskBlocks = (risk: RiskAssessment | null | undefined, clearedHash: string | null | undefined) =>
  risk?.level === 'high' && clearedHash !== risk.toolsHash

/**
 * The sandbox's last start after a report. Install failures of one package count up; a guessed package is
 * retired after two, or after one when the registry has no such package. A start that got past the install (it
 * ran, asked for keys, timed out, crashed) proves the install worked and resets the count.
 */
export function sandboxRunAfter(previous: SandboxRun | null, r: SandboxReport, at: Date): SandboxRun {
  const samePackage = previous && previous.registryType === r.registryType && previous.identifier === r.identifier
  const installFailed =
    r.verdict === 'install_failed' || r.verdict === 'install_refused' || r.verdict === 'package_missing'
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
