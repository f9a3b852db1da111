/** One registry entry normalised into the fields the importer owns (pure: no I/O). */
import { invisibleCharacters } from '@mcp-directory/shared/identity'
import type { ImportedListing, NormalizeResult } from './format'
import { IMPORT_LIMITS } from './model'
import { list, normalizePackage, normalizeRemote } from './packages'
export { contentHash } from './hash'
import { ANY_CONTROL, clean, type Drop, get, httpUrl, isObj, kindOf, line, type Obj, token, truncate } from './values'

const SOURCE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/**
 * Normalises one entry into the fields the importer owns, or says why it cannot be used. Never throws.
 * Fatal: not an object; `name` missing, not a string, empty, over 200 characters or with control characters;
 * `description` present but not a string; `version` with control, invisible or bidi control characters. Everything else that is malformed is dropped and listed in `dropped`.
 */
export function normalizeEntry(raw: unknown, index: number): NormalizeResult {
  try {
    return normalizeUnsafe(raw, index)
  } catch (e) {
    // Only reachable through exotic inputs (throwing getters, proxies); an upload must never crash the import.
    return {
      ok: false,
      skip: { index, name: null, reason: `entry could not be read: ${e instanceof Error ? e.message : String(e)}` },
    }
  }
}

/** The fatal part: the name (the listing's identity across imports) and the description's type. */
function identityOf(raw: Obj): { name: string; description: string } | { reason: string; name: string | null } {
  const rawName = get(raw, 'name')
  if (rawName === undefined || rawName === null) return { reason: 'missing name', name: null }
  if (typeof rawName !== 'string') return { reason: `name is not a string (got ${kindOf(rawName)})`, name: null }
  const name = rawName.trim()
  if (!name) return { reason: 'name is empty', name: null }
  const shown = truncate(name.toWellFormed().replace(/[\u0000-\u001f\u007f]/g, '?'), IMPORT_LIMITS.name)
  // The name is the listing's identity across imports, so it is rejected rather than repaired.
  if (name.length > IMPORT_LIMITS.name)
    return { reason: `name is longer than ${IMPORT_LIMITS.name} characters`, name: shown }
  if (ANY_CONTROL.test(name) || !name.isWellFormed())
    return { reason: 'name contains control characters or invalid Unicode', name: shown }

  const rawDescription = get(raw, 'description')
  if (rawDescription !== undefined && rawDescription !== null && typeof rawDescription !== 'string') {
    return { reason: `description is not a string (got ${kindOf(rawDescription)})`, name }
  }
  // A missing description is allowed (loose entries are imported with what they have); a long one is cut.
  const description =
    typeof rawDescription === 'string' ? truncate(clean(rawDescription, true), IMPORT_LIMITS.description) : ''
  return { name, description }
}

function versionOf(raw: Obj, drop: Drop): string | null {
  const rawVersion = get(raw, 'version')
  if (rawVersion == null) return null
  const v = line(rawVersion, Number.MAX_SAFE_INTEGER)
  if (v && v.length <= IMPORT_LIMITS.version) return v
  return drop(`version: not a string of 1–${IMPORT_LIMITS.version} characters`)
}

/** The repository (with its subfolder), website and plain addresses an entry gives; malformed ones dropped. */
function addressesOf(raw: Obj, drop: Drop) {
  const optionalUrl = (field: string, v: unknown): string | null => {
    if (v == null) return null
    const u = httpUrl(v)
    if (!u) drop(`${field}: not an absolute http(s) URL`)
    return u
  }
  const repo = get(raw, 'repository')
  // Loose sources sometimes give the repository as a bare URL string.
  const repositoryUrl = optionalUrl('repository.url', isObj(repo) ? get(repo, 'url') : repo)
  const rawSubfolder = isObj(repo) ? get(repo, 'subfolder') : undefined
  let repositorySubfolder: string | undefined
  if (rawSubfolder != null) {
    const sub = typeof rawSubfolder === 'string' ? clean(rawSubfolder, false) : ''
    if (sub && sub.length <= IMPORT_LIMITS.identifier) repositorySubfolder = sub
    else drop(`repository.subfolder: not a string of 1–${IMPORT_LIMITS.identifier} characters`)
  }
  const websiteUrl = optionalUrl('websiteUrl', get(raw, 'websiteUrl'))
  const entryUrl = optionalUrl('url', get(raw, 'url'))
  return { repositoryUrl, repositorySubfolder, websiteUrl, entryUrl }
}

function normalizeUnsafe(raw: unknown, index: number): NormalizeResult {
  if (!isObj(raw))
    return { ok: false, skip: { index, name: null, reason: `entry is not an object (got ${kindOf(raw)})` } }
  const identity = identityOf(raw)
  if ('reason' in identity) return { ok: false, skip: { index, ...identity } }
  const { name, description } = identity
  // The version names a served version (`…/versions/{version}`) as the name names the server: refused, not repaired
  // (a bidi override shows `1.0.0‮9.9.9` as a version it is not; a terminal reads controls as commands).
  const rawVersion = get(raw, 'version')
  if (
    typeof rawVersion === 'string' &&
    (ANY_CONTROL.test(rawVersion.trim()) || invisibleCharacters(rawVersion.trim()).length)
  )
    return {
      ok: false,
      skip: { index, name, reason: 'version contains control, invisible or bidi control characters' },
    }

  const dropped: string[] = []
  const drop: Drop = (what) => {
    dropped.push(what)
    return null
  }

  const title = line(get(raw, 'title'), IMPORT_LIMITS.title)
  if (get(raw, 'title') != null && title === null) drop('title: not a non-empty string')
  const version = versionOf(raw, drop)
  const { repositoryUrl, repositorySubfolder, websiteUrl, entryUrl } = addressesOf(raw, drop)
  const packages = list(get(raw, 'packages'), 'packages', IMPORT_LIMITS.packages, drop, (p, i) =>
    normalizePackage(p, `packages[${i}]`, drop),
  )
  const remotes = list(get(raw, 'remotes'), 'remotes', IMPORT_LIMITS.remotes, drop, (r, i) =>
    normalizeRemote(r, `remotes[${i}]`, drop),
  )
  const rawCategory = line(get(raw, 'category'), IMPORT_LIMITS.category)
  if (get(raw, 'category') != null && rawCategory === null) drop('category: not a non-empty string')
  const tags = normalizeTags(get(raw, 'tags'), drop)
  const source = token(get(raw, 'source'), SOURCE, IMPORT_LIMITS.source) ?? 'import'

  const listing: ImportedListing = {
    name,
    title,
    description,
    url: repositoryUrl ?? websiteUrl ?? entryUrl ?? null,
    repositoryUrl,
    websiteUrl,
    version,
    tags,
    packages,
    remotes,
    rawCategory,
    source,
  }
  // Only when given, so the content hash of an entry without one is the hash it had before subfolders were read.
  if (repositorySubfolder) listing.repositorySubfolder = repositorySubfolder
  return { ok: true, listing, dropped }
}

function normalizeTags(v: unknown, drop: Drop): string[] {
  if (v == null) return []
  if (!Array.isArray(v)) return drop('tags: not an array') ?? []
  const out: string[] = []
  const seen = new Set<string>()
  for (const t of v) {
    const tag = typeof t === 'string' ? clean(t, false) : ''
    if (!tag || tag.length > IMPORT_LIMITS.tag) {
      drop(
        `tags: ${JSON.stringify(typeof t === 'string' ? truncate(t, 40) : kindOf(t))} is not a tag of 1–${IMPORT_LIMITS.tag} characters`,
      )
      continue
    }
    const key = tag.toLowerCase()
    if (seen.has(key)) continue
    if (out.length >= IMPORT_LIMITS.tags) {
      drop(`tags: more than ${IMPORT_LIMITS.tags}; the rest ignored`)
      break
    }
    seen.add(key)
    out.push(tag)
  }
  return out
}
