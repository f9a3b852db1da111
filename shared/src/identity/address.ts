import { domainToUnicode } from 'node:url'
import { lookalikeSkeleton } from './name'

// Repository and website addresses reduced to what identifies them, so that every way of writing one address
// (scheme, case, www., a trailing dot or slash, .git, /tree/<ref>/…, a query, %2F, doubled slashes) gives one key.

/** An address reduced to its identity. */
export interface NormalizedAddress {
  /** Lower case, without `www.` or trailing dots. */
  host: string
  /** The repository (`owner/name` on a code host) or the page path; lower case, no leading or trailing `/`. */
  path: string
  /** A folder inside the repository (`src/server`), from the address (`/tree/<ref>/…`) or given; else null. */
  subfolder: string | null
  /** `<host>/<path>`, then `#<subfolder>` when there is one: equal for every spelling of one place. */
  key: string
  /** The host is a code host whose addresses name repositories (github.com, gitlab.com, bitbucket.org, codeberg.org). */
  codeHost: boolean
  /** On a code host: the address names a repository (`owner/name` in the host's own characters). */
  repository: boolean
}

// How each code host writes a repository and a place inside it: the repository's path segments, and the
// folder named by what follows them (null when what follows names no folder: issues, pulls, a wiki…).
interface CodeHost {
  repository: (segments: string[]) => number
  folder: (rest: string[]) => string[] | null
}

// Owner and repository names on the code hosts: letters, digits, `.`, `_`, `-` (GitHub's own rule is stricter).
const NAME_SEGMENT = /^[a-z0-9_.-]{1,100}$/
const twoSegments = () => 2
// `tree/<ref>/<folder…>` names a folder; `blob/<ref>/<folder…>/<file>` a file, whose folder counts.
const treeOrBlob = (rest: string[]) =>
  rest[0] === 'tree' ? rest.slice(2) : rest[0] === 'blob' ? rest.slice(2, -1) : null

// A Map: a host such as `__proto__` must find nothing.
const CODE_HOSTS = new Map<string, CodeHost>(
  Object.entries({
    'github.com': { repository: twoSegments, folder: treeOrBlob },
    // GitLab groups nest; `/-/` ends the project path.
    'gitlab.com': {
      repository: (s) => (s.includes('-') ? s.indexOf('-') : s.length),
      folder: (rest) => treeOrBlob(rest.slice(1)),
    },
    'bitbucket.org': { repository: twoSegments, folder: (rest) => (rest[0] === 'src' ? rest.slice(2) : null) },
    // Gitea/Forgejo: src/branch/<ref>/…, src/tag/<ref>/…, src/commit/<sha>/…
    'codeberg.org': { repository: twoSegments, folder: (rest) => (rest[0] === 'src' ? rest.slice(3) : null) },
  } satisfies Record<string, CodeHost>),
)

// Other hosts that serve one GitHub repository under `<owner>/<name>/…`: its raw files, its archives (codeload),
// and the REST API (`/repos/<owner>/<name>`). Each is the repository itself, never a folder of it.
const GITHUB_ALIASES = new Map<string, (segments: string[]) => string[]>([
  ['raw.githubusercontent.com', (s) => s.slice(0, 2)],
  ['codeload.github.com', (s) => s.slice(0, 2)],
  ['api.github.com', (s) => (s[0] === 'repos' ? s.slice(1, 3) : [])],
])

// A repository segment as GitHub resolves it: `.git` and a `.wiki` suffix (the wiki is the repository's own) and
// trailing dots (`name%2e`) dropped.
const repositorySegment = (s: string) =>
  s
    .replace(/\.git$/, '')
    .replace(/\.wiki$/, '')
    .replace(/\.+$/, '')

// RFC 3986 §6.2.2.2: percent-encoded unreserved characters are the characters themselves; `%2F` is read as a
// slash too (GitHub does). Every other escape stays, in upper case, so no decoded character is ambiguous.
function decodeSafe(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16))
    return /[A-Za-z0-9\-._~/]/.test(c) ? c : `%${hex.toUpperCase()}`
  })
}

// Path segments: decoded, lower case, without empty (doubled slashes) and `.` segments. A `..` is kept as it is,
// never resolved: the URL parser already resolved the dot segments a server would, so one left here came out of an
// encoded separator (`y%2F..%2F..`), which a code host reads inside one name; resolving it would key an address on
// one repository as another's.
function segmentsOf(path: string): string[] {
  const out: string[] = []
  for (const s of decodeSafe(path).replace(/\\/g, '/').toLowerCase().split('/')) if (s !== '' && s !== '.') out.push(s)
  return out
}

/**
 * A subfolder as given (`./src/server/`, `src%2Fserver`): its normalised form, or null for the repository root and
 * for a path that climbs (`..`), which names no folder of the repository.
 */
export function normalizeSubfolder(subfolder: string | null | undefined): string | null {
  const segments = subfolder ? segmentsOf(subfolder) : []
  if (segments.includes('..')) return null
  return segments.join('/') || null
}

// Reads the address forms repositories are published in: https, http, git+https, git://, ssh://git@,
// git@host:owner/name (scp form), //host/… and a bare host/path.
function parse(input: string): URL | null {
  let s = input.trim()
  const scp = /^git@([^:/\s]+):(.+)$/.exec(s)
  if (scp) s = `https://${scp[1]}/${scp[2]}`
  s = s.replace(/^git\+/i, '').replace(/^(?:git|ssh):\/\/(?:git@)?/i, 'https://')
  if (s.startsWith('//')) s = `https:${s}`
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `https://${s}`
  let url: URL
  try {
    url = new URL(s)
  } catch {
    return null
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url : null
}

/** A parsed address's host as its identity has it: lower case, without trailing dots or `www.`. */
const hostOf = (url: URL) =>
  url.hostname
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^www\./, '')

/**
 * The identity of an address: host and path in lower case, without scheme, `www.`, trailing dots, port on a
 * code host, credentials, query, fragment, doubled or trailing slashes and `.git`; on a code host the path is
 * the repository and the folder named by `/tree/<ref>/…` (or `/blob/<ref>/…/<file>`) is its subfolder. A
 * `subfolder` given beside the address wins over one in it. Null for what is not an http(s) or git address.
 */
export function normalizeAddress(address: string, subfolder?: string | null): NormalizedAddress | null {
  const url = parse(address)
  if (!url) return null
  const host = hostOf(url)
  if (!host) return null
  const given = normalizeSubfolder(subfolder)
  const alias = GITHUB_ALIASES.get(host)
  if (alias) return githubRepository(alias(segmentsOf(url.pathname)), given)
  const segments = segmentsOf(url.pathname)
  const codeHost = CODE_HOSTS.get(host)
  if (codeHost) {
    const depth = codeHost.repository(segments)
    const repo = segments.slice(0, depth)
    if (repo.length) repo[repo.length - 1] = repositorySegment(repo[repo.length - 1])
    if (isRepository(repo, depth)) {
      const folder = codeHost.folder(segments.slice(depth))
      const sub = given ?? normalizeSubfolder(folder?.join('/'))
      return keyed({ host, path: repo.join('/'), subfolder: sub, codeHost: true, repository: true })
    }
    return keyed({ host, path: stripGit(segments).join('/'), subfolder: given, codeHost: true, repository: false })
  }
  // A default port is dropped by the URL parser; another one is part of the address.
  const port = url.port ? `:${url.port}` : ''
  return keyed({
    host: `${host}${port}`,
    path: stripGit(segments).join('/'),
    subfolder: given,
    codeHost: false,
    repository: false,
  })
}

/**
 * The code host an address's host imitates (`gіthub.com` with a Cyrillic і, `github.corn`), or null: a host that
 * is not a code host but whose TR39 skeleton is one's. Such an address would show as a repository it is not.
 */
export function imitatedCodeHost(address: string): string | null {
  const url = parse(address)
  if (!url) return null
  const host = hostOf(url)
  if (CODE_HOSTS.has(host)) return null
  const skeleton = lookalikeSkeleton(domainToUnicode(host) || host)
  for (const known of CODE_HOSTS.keys()) if (lookalikeSkeleton(known) === skeleton) return known
  return null
}

/** The key of an address (see `normalizeAddress`), or null for what is not an http(s) or git address. */
export function addressKey(address: string | null | undefined, subfolder?: string | null): string | null {
  return address ? (normalizeAddress(address, subfolder)?.key ?? null) : null
}

const isRepository = (repo: string[], depth: number) =>
  depth >= 2 && repo.length === depth && repo.every((s) => NAME_SEGMENT.test(s) && s !== '.' && s !== '..')

// The github.com repository an alias host names (a subfolder only when given beside the address).
function githubRepository(segments: string[], given: string | null): NormalizedAddress {
  const repo = segments.length === 2 ? [segments[0], repositorySegment(segments[1])] : segments
  if (!isRepository(repo, 2))
    return keyed({ host: 'github.com', path: repo.join('/'), subfolder: given, codeHost: true, repository: false })
  return keyed({ host: 'github.com', path: repo.join('/'), subfolder: given, codeHost: true, repository: true })
}

function stripGit(segments: string[]): string[] {
  if (!segments.length) return segments
  const last = segments[segments.length - 1].replace(/\.git$/, '')
  return last ? [...segments.slice(0, -1), last] : segments.slice(0, -1)
}

function keyed(a: Omit<NormalizedAddress, 'key'>): NormalizedAddress {
  const base = a.path ? `${a.host}/${a.path}` : a.host
  return { ...a, key: a.subfolder ? `${base}#${a.subfolder}` : base }
}
