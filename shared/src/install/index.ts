/** Install models and per-client configs: how to run a listed server, and what to paste where. */
export { argumentPlaceholder, argumentTokens, placeholdersIn } from './arguments'
export { deriveInstallModel, installName, isConcreteVersion, isGuess, type InstallSource } from './model'
export { isWithheld, type WithheldRemote, withheldRemotes } from './withheld'
export {
  EVIDENCE_REGISTRIES,
  evidenceFor,
  judgeEvidence,
  pypiNormalise,
  samePackage,
  type EvidenceSubject,
} from './evidence'
export { repositoryKey, sameRepository } from './repository'
export {
  type InstallSetting,
  installSettings,
  modelOfInstall,
  requiredSettings,
  valueProblem,
  withValues,
} from './settings'
export {
  npmFacts,
  pypiFacts,
  registryReader,
  type RegistryOptions,
  type RegistryRead,
  type RegistryReader,
  type SearchHit,
  type SearchRead,
  searchHits,
} from './registry-reader'
export {
  LOOKUP_INTERVAL_MS,
  lookupCandidates,
  lookupDue,
  lookupRegistry,
  lookupRepository,
  nameCandidates,
  type LookupIo,
  type LookupRepository,
  type Lookups,
  type LookupSubject,
  type RegistryLookup,
} from './lookup'
export { ACCEPTED_CLIENT_NAMES, clientFromName } from './client-names'
export {
  CONFIG_CLIENTS,
  buildClientConfigs,
  cursorDeepLink,
  installLineOf,
  placeholderEnv,
  placeholderHeaders,
  requiredSecrets,
  shellQuote,
  type ConfigEntry,
  type ConfigFormat,
  type ConfigLocation,
  type InstallLineKind,
} from './configs'
