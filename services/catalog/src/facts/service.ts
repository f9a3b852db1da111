// Facts' rules beyond the models: what a remote server says of its tools is trimmed to bounds rather than refused,
// how a sandbox report counts install failures, and when a risk keeps a listing out of verified=1.
import { MAX_PARAMETERS, MAX_TOOL_DESCRIPTION, MAX_TOOL_NAME } from '@mcp-directory/shared/contracts/catalog-internal'
import type {
  InferredInstall,
  McpProtocolSeen,
  PackageEvidence,
  RemoteAuthInfo,
  RepositoryRun,
  RiskAssessment,
  SandboxReport,
  SandboxRun,
  ToolInfo,
} from '@mcp-directory/shared/contracts'
import type { FactsBody, HEALTH_STATES } from './model'

/** The facts of one probe as written; each section present replaces that group of facts, an absent one leaves it. */
export interface ListingFacts {
  checkedAt: string
  /** null: the listing has no endpoint to probe any more, so it has no health and is not seen running. */
  remote?: {
    health: (typeof HEALTH_STATES)[number]
    verified: boolean
    tools?: ToolInfo[]
    toolsSource?: string
    auth?: Omit<RemoteAuthInfo, 'checkedAt'>
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
}

/** Verdicts that say the package ran: it listed its tools, or stopped asking for a declared variable. */
export const SANDBOX_RUNNING: ReadonlySet<string> = new Set(['ran', 'asked_for_keys'])

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
  }
}

/** A valid facts body as written: tools trimmed, an empty homepage none. */
export function listingFactsOf(body: FactsBody): ListingFacts {
  const { remote, sandbox, github, ...rest } = body
  return {
    ...rest,
    ...(remote !== undefined ? { remote: remote && { ...remote, tools: remote.tools?.map(toolOf) } } : {}),
    ...(sandbox !== undefined ? { sandbox: sandbox && { ...sandbox, tools: sandbox.tools?.map(toolOf) } } : {}),
    ...(github ? { github: { ...github, homepage: github.homepage || null } } : {}),
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
