/**
 * Where a listing came from, which decides who may change it: its submitter (`submission`), the operator's file
 * imports (`import`), one followed upstream registry (`registry:<base URL>`) or the demo catalog (`demo`). An
 * import or a sync creates and updates only listings of its own origin; the operator may let an upstream replace
 * listings of named other origins (`trusts`).
 */
export const SUBMISSION_ORIGIN = 'submission'
export const IMPORT_ORIGIN = 'import'
export const DEMO_ORIGIN = 'demo'

/** The origin of the listings a followed upstream registry writes. */
export const registryOrigin = (base: string): string => `registry:${base}`
