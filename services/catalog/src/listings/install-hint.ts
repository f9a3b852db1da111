// What a search hit says of installing its listing (search's `client` parameter): the install basis kept beside the
// index once per listing change, and one client's line, its confidence and what it needs, per request.
import { archivedReason, type InstallModel, type Listing } from '@mcp-directory/shared/contracts'
import {
  buildClientConfigs,
  deriveInstallModel,
  installLineOf,
  installName,
  isGuess,
  requiredSecrets,
  requiredSettings,
} from '@mcp-directory/shared/install'
import type { SummaryRow } from './summary-row'

/** Transports a listing offers: stdio when it has a package, remote when it has a hosted endpoint. */
export const transportsOf = (packages: readonly unknown[], remotes: readonly unknown[]) => [
  ...(packages.length ? ['stdio'] : []),
  ...(remotes.length ? ['remote'] : []),
]

/**
 * What a search hit's install hint is made of, for every client alike: computed once per listing change and kept
 * beside the search index (`installHintFor` adds one client's line per request).
 */
export function installBasisOf(r: SummaryRow) {
  const packages = Array.isArray(r.packages) ? (r.packages as Listing['packages']) : []
  const remotes = Array.isArray(r.remotes) ? (r.remotes as Listing['remotes']) : []
  const model = deriveInstallModel({
    name: r.name,
    packages,
    remotes,
    repositoryUrl: r.repository_url,
    url: r.url,
    source: r.source,
    inferredInstall: r.inferred_install as Listing['inferredInstall'],
    installEvidence: r.install_evidence as Listing['installEvidence'],
    repositoryRun: r.repository_run as Listing['repositoryRun'],
    remoteAddresses: r.remote_addresses as Listing['remoteAddresses'],
  })
  return {
    model,
    name: installName(r),
    transports: transportsOf(packages, remotes),
    health: r.health,
    archived: archivedReason({
      url: r.url,
      repositoryUrl: r.repository_url,
      githubArchived: r.github_archived,
      maintenanceStatus: r.maintenance_status,
    }),
  }
}
export type InstallBasis = ReturnType<typeof installBasisOf>

/**
 * What an agent needs to choose and install from a search hit (search's `client` parameter): transports, health,
 * whether it is archived, and the install for that client as one line, with its confidence and the keys it needs.
 */
export function installHintFor(basis: InstallBasis, client: string) {
  const { model } = basis
  const config = model ? buildClientConfigs(model, basis.name)?.find((c) => c.client === client) : undefined
  const line = config ? installLineOf(config) : null
  const keys = model ? requiredSecrets(model) : []
  const needs = model ? requiredSettings(model).map((x) => x.name) : []
  return {
    transports: basis.transports,
    health: basis.health,
    archived: basis.archived,
    install: model
      ? {
          kind: model.kind,
          confidence: model.confidence,
          needsKeys: keys.length > 0,
          keys,
          needs,
          client,
          lineKind: line?.kind ?? null,
          line: line?.line ?? null,
          link: line?.link ?? null,
          guess: guessOf(model),
        }
      : null,
  }
}

/** A guessed install as a hit shows it: the command it would run and why it is only a guess (null: not a guess). */
export function guessOf(model: InstallModel): { command: string; note: string } | null {
  if (!isGuess(model) || model.kind !== 'local') return null
  return {
    command: [model.command, ...model.args].join(' '),
    note: model.note ?? 'a guess; verify it against the repository README',
  }
}

/** A search row's install hint for one client (`installBasisOf` then `installHintFor`). */
export const installHintOf = (r: SummaryRow, client: string) => installHintFor(installBasisOf(r), client)
