// A monorepo's subfolder is a listing of its own only when the folder exists in the repository, as GitHub's API
// says. Any other `/tree/<ref>/<path>` (a made-up path, a file, a path that exists only on some branch or on a
// fork's commit) is the repository itself, so it cannot list an already listed repository a second time.
import { type GithubRepo, githubHeaders, githubRepoPath } from '../github'
import { type NormalizedAddress, normalizeAddress } from './address'

/** What GitHub says of a path on the repository's default branch; `unknown` when it could not be asked. */
export type FolderAnswer = 'folder' | 'absent' | 'unknown'

/** Asks whether `path` (as written, case kept) is a folder on the default branch of `repo`. */
export type FolderLookup = (repo: GithubRepo, path: string) => Promise<FolderAnswer>

/** How a subfolder was judged: none given, confirmed by GitHub, refused by GitHub, or not checkable. */
export type SubfolderCheck = 'none' | 'exists' | 'absent' | 'unchecked'

/** An address whose subfolder was checked; when it was not confirmed, the address is the repository's. */
export interface CheckedAddress extends NormalizedAddress {
  subfolderCheck: SubfolderCheck
  /** The path GitHub was asked about (as written), when one was. */
  askedPath: string | null
}

/**
 * A FolderLookup over the GitHub REST API (`GET /repos/{owner}/{repo}/contents/{path}`, the default branch only,
 * so a folder on another branch or on a fork's commit never counts): an array answer is a folder, 404 is
 * absent, anything else (rate limit, 5xx, timeout) is unknown. `apiUrl` is the operator's GITHUB_API_URL.
 */
export function githubFolderLookup(opts: {
  apiUrl: string
  token: string | null
  userAgent: string
  timeoutMs?: number
}): FolderLookup {
  return async (repo, path) => {
    // Each segment stays inside the repository's contents: a `..` would let fetch climb to any API path.
    if (path.split('/').some((p) => p === '..' || p === '.')) return 'absent'
    const encoded = path.split('/').map(encodeURIComponent).join('/')
    try {
      const res = await fetch(`${opts.apiUrl}${githubRepoPath(repo)}/contents/${encoded}`, {
        headers: githubHeaders({ accept: 'application/vnd.github+json', userAgent: opts.userAgent, token: opts.token }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        redirect: 'error',
      })
      if (res.status === 404) {
        await res.body?.cancel()
        return 'absent'
      }
      if (!res.ok) {
        await res.body?.cancel()
        return 'unknown'
      }
      const body = (await res.json()) as unknown
      return Array.isArray(body) ? 'folder' : 'absent'
    } catch {
      return 'unknown'
    }
  }
}

// The folder an address or a given subfolder names, with its case kept (GitHub paths are case-sensitive).
function folderAsWritten(address: string, subfolder: string | null | undefined): string | null {
  // A path that climbs (`..`, however it was encoded) names no folder of the repository: never asked about.
  const clean = (p: string) => {
    const segments = p.split(/[/\\]+/).filter((s) => s && s !== '.')
    return segments.includes('..') ? '' : segments.join('/')
  }
  if (subfolder) return clean(subfolder) || null
  let path: string
  try {
    path = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`)
      .pathname
  } catch {
    return null
  }
  const segments = path.split('/').filter(Boolean).map(safeDecode)
  const [kind, , ...rest] = segments.slice(2)
  if (kind === 'tree') return clean(rest.join('/')) || null
  if (kind === 'blob') return clean(rest.slice(0, -1).join('/')) || null
  return null
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * The identity of a repository address with its subfolder checked: on github.com a subfolder (from
 * `/tree/<ref>/<path>`, `/blob/<ref>/<path>/<file>`, or given) stays part of the identity only when GitHub says
 * it is a folder on the default branch. When GitHub cannot be asked (no lookup, rate limit, outage) the answer
 * is the conservative one: the repository itself, so a listing of the repository is found as a duplicate; the
 * owner of a real monorepo folder can submit again once GitHub answers. Other code hosts keep the subfolder as
 * written (they are not asked). Null for what is not an address.
 */
export async function checkedRepositoryAddress(
  address: string,
  subfolder: string | null | undefined,
  lookup: FolderLookup | null,
): Promise<CheckedAddress | null> {
  const a = normalizeAddress(address, subfolder)
  if (!a) return null
  if (!a.subfolder) return { ...a, subfolderCheck: 'none', askedPath: null }
  if (a.host !== 'github.com' || !a.repository) return { ...a, subfolderCheck: 'exists', askedPath: null }
  const asked = folderAsWritten(address, subfolder)
  const [owner, repo] = a.path.split('/') as [string, string]
  const answer: FolderAnswer = asked && lookup ? await lookup({ owner, repo }, asked) : 'unknown'
  if (answer === 'folder') return { ...a, subfolderCheck: 'exists', askedPath: asked }
  const root = normalizeAddress(`https://github.com/${a.path}`)!
  return { ...root, subfolderCheck: answer === 'absent' ? 'absent' : 'unchecked', askedPath: asked }
}

/**
 * A repository address as a listing keeps it: unchanged when it names no subfolder or one GitHub confirms, else the
 * repository's own address (`https://github.com/<owner>/<name>`), so a made-up `/tree/<ref>/<path>` of a listed
 * repository is found as that repository.
 */
export async function checkedRepositoryUrl(url: string, lookup: FolderLookup | null): Promise<string> {
  const a = await checkedRepositoryAddress(url, null, lookup)
  if (!a || a.subfolderCheck === 'none' || a.subfolderCheck === 'exists') return url
  return `https://${a.host}/${a.path}`
}
