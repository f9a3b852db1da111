// The catalog's public endpoints, declared in each resource's contract file: the gateway's route table and the
// public client import them from here, in matching order.
import type { Contract } from '@mcp-directory/shared/contracts'
import { listCategories } from './categories/contract'
import { adminClearRisk, adminSandboxCoverage } from './facts/contract'
import { getHealth } from './health/contract'
import {
  adminAcceptImportConflict,
  adminDismissImportConflict,
  adminImport,
  adminListImportConflicts,
  adminListRegistryUpstreams,
  adminSetRegistryUpstreamTrust,
} from './import/contract'
import { countInstall, getServerById } from './listings/contract'
import { getServerMarkdown, getServerMarkdownAlias } from './markdown/contract'
import { OWNER_CONTRACTS } from './owners/contract'
import { searchServers } from './search/contract'
import { adminTakedownListing } from './takedown/contract'
import { searchTools } from './tools/contract'

export * from './categories/contract'
export * from './facts/contract'
export * from './health/contract'
export * from './import/contract'
export * from './listings/contract'
export * from './markdown/contract'
export * from './owners/contract'
export * from './registry/contract'
export * from './search/contract'
export * from './takedown/contract'
export * from './tools/contract'
// The listing-id path model: the MCP tools that name a listing describe their `id` argument from it.
export { ServerParams } from './listings/model'

/** The catalog's public routes. */
export const CATALOG_CONTRACTS: Contract[] = [
  searchServers,
  searchTools,
  getServerById,
  countInstall,
  listCategories,
  getHealth,
  getServerMarkdown,
  getServerMarkdownAlias,
  adminClearRisk,
  adminSandboxCoverage,
  adminTakedownListing,
  adminImport,
  adminListImportConflicts,
  adminAcceptImportConflict,
  adminDismissImportConflict,
  adminListRegistryUpstreams,
  adminSetRegistryUpstreamTrust,
  ...OWNER_CONTRACTS,
]
export { countCachedViews } from '@mcp-directory/shared/contracts/catalog-internal'
