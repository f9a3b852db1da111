// A listing's origin (the catalog's `origin`: who may change it) in people's words, on the listing page and the
// operator's conflicts page.

const DEMO_ORIGIN = 'demo'
const REGISTRY_PREFIX = 'registry:'

/** The host of an upstream registry's base URL (the whole text when it is no URL). */
export function registryHost(base: string): string {
  try {
    return new URL(base).host || base
  } catch {
    return base
  }
}

/** An origin in words: "Submitted", "Imported by the operator", "From the registry at <host>", "Demo data — …". */
export function originWords(origin: string): string {
  if (origin === 'submission') return 'Submitted'
  if (origin === 'import') return 'Imported by the operator'
  if (origin === DEMO_ORIGIN) return 'Demo data — not a real listing'
  if (origin.startsWith(REGISTRY_PREFIX))
    return `From the registry at ${registryHost(origin.slice(REGISTRY_PREFIX.length))}`
  return origin
}

/** What the origin means for who may change the listing (the fact's tooltip). */
export function originMeans(origin: string): string {
  if (origin === 'submission') return 'Submitted here: it changes only through its submitter, then its proven owner.'
  if (origin === 'import')
    return "Imported from a file by the directory's operator: only the operator's imports change it."
  if (origin === DEMO_ORIGIN)
    return 'Sample data shown until the directory imports real listings; the first real import removes it.'
  if (origin.startsWith(REGISTRY_PREFIX))
    return `Synced from the registry at ${origin.slice(REGISTRY_PREFIX.length)}: only that registry's entries change it.`
  return 'Where this listing came from.'
}

export const isDemo = (origin: string | null | undefined) => origin === DEMO_ORIGIN
