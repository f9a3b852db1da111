/**
 * One key per source repository, so a package's repository link can be compared with a listing's repository:
 * `host/owner/repo`, lower-case. Accepts the spellings registries and users write: `git+https://…`, `git://…`,
 * `ssh://git@…`, `git@host:owner/repo.git`, npm's `github:owner/repo`, `gitlab:…`, `bitbucket:…` and bare
 * `owner/repo` shorthands; ignores scheme, `www.`, a trailing dot of the host, `.git`, trailing and doubled
 * slashes, encoded slashes, `/tree/…`, `/blob/…`, query and fragment.
 */

// Hosts where a repository is exactly owner/repo (deeper paths are files, branches or sub-pages).
const TWO_SEGMENT_HOSTS = new Set(['github.com', 'bitbucket.org', 'codeberg.org', 'gitee.com'])
// npm's shorthand prefixes (package.json `repository`).
const SHORTHAND_HOST: Readonly<Record<string, string>> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org', gist: 'gist.github.com' }
// Path segments from which on an address names something inside a repository.
const INSIDE = new Set(['-', 'tree', 'blob', 'src', 'raw', 'commits', 'commit', 'issues', 'pulls', 'pull', 'releases', 'wiki', 'actions'])
const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,99}$/

/** The comparison key of a repository address (`github.com/owner/repo`), or null when it names none. */
export function repositoryKey(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null
  let s = raw.trim()
  if (!s || s.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(s)) return null
  // Encoded slashes and dots count as what they encode; anything else still encoded is refused below.
  s = s.replace(/%2f/gi, '/').replace(/%2e/gi, '.')
  const shorthand = /^(github|gitlab|bitbucket|gist):([^/].*)$/i.exec(s)
  if (shorthand) s = `https://${SHORTHAND_HOST[shorthand[1]!.toLowerCase()]}/${shorthand[2]}`
  else if (/^[a-z0-9][a-z0-9-]*\/[a-z0-9._-]+$/i.test(s)) s = `https://github.com/${s}` // npm's owner/repo means GitHub
  const scp = /^[a-z0-9._-]+@([a-z0-9.-]+):(?!\/\/)(.+)$/i.exec(s) // git@github.com:owner/repo.git
  if (scp) s = `https://${scp[1]}/${scp[2]}`
  s = s.replace(/^git\+/i, '')
  if (s.startsWith('//')) s = `https:${s}`
  let url: URL
  try {
    url = new URL(s)
  } catch {
    return null
  }
  if (!['https:', 'http:', 'git:', 'ssh:'].includes(url.protocol)) return null
  const host = url.hostname.toLowerCase().replace(/\.+$/, '').replace(/^www\./, '')
  if (!host || !host.includes('.')) return null
  const segments: string[] = []
  for (const part of url.pathname.split('/')) {
    if (!part) continue
    if (INSIDE.has(part.toLowerCase())) break
    segments.push(part.toLowerCase())
  }
  const last = segments.length - 1
  if (last >= 0) segments[last] = segments[last]!.replace(/\.git$/, '')
  const path = TWO_SEGMENT_HOSTS.has(host) ? segments.slice(0, 2) : segments
  if (path.length < 2 || !path.every((p) => SEGMENT.test(p) && p !== '..' && p !== '.')) return null
  return `${host}/${path.join('/')}`
}

/** True when both addresses name the same repository. */
export function sameRepository(a: string | null | undefined, b: string | null | undefined): boolean {
  const ka = repositoryKey(a)
  return ka !== null && ka === repositoryKey(b)
}
