/** Install models and per-client configs: how to run a listed server, and what to paste where. */
export { deriveInstallModel, installName, isConcreteVersion, type InstallSource } from './model'
export { CONFIG_CLIENTS, buildClientConfigs, placeholderEnv, placeholderHeaders, shellQuote, type ConfigEntry, type ConfigFormat, type ConfigLocation } from './configs'
