/**
 * One key per source repository, so a package's repository link can be compared with a listing's repository:
 * `host/owner/repo`, lower-case, from the listing-identity normaliser (`shared/src/identity`), which ignores
 * scheme, `www.`, a trailing dot of the host, `.git`, trailing, doubled and encoded slashes, `/tree/…`,
 * `/blob/…`, query and fragment. Here it also reads the spellings package registries use: `git+https://…`,
 * `git://…`, `ssh://git@…`, `git@host:owner/repo.git`, npm's `github:owner/repo`, `gitlab:…`, `bitbucket:…` and
 * bare `owner/repo` shorthands. A subfolder is not part of this key: a package links back to its repository.
 */
import { normalizeAddress } from '../identity'

// npm's shorthand prefixes (package.json `repository`).
const SHORTHAND_HOST: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  gist: 'gist.github.com',
}

/** The comparison key of a repository address (`github.com/owner/repo`), or null when it names none. */
export function repositoryKey(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null
  let s = raw.trim()
  if (!s || s.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(s)) return null
  const shorthand = /^(github|gitlab|bitbucket|gist):([^/].*)$/i.exec(s)
  if (shorthand) s = `https://${SHORTHAND_HOST[shorthand[1]!.toLowerCase()]}/${shorthand[2]}`
  else if (/^[a-z0-9][a-z0-9-]*\/[a-z0-9._-]+$/i.test(s)) s = `https://github.com/${s}` // npm's owner/repo means GitHub
  const address = normalizeAddress(s)
  if (!address?.host.includes('.')) return null
  if (address.codeHost) return address.repository ? `${address.host}/${address.path}` : null
  // Elsewhere (a self-hosted forge) a repository is at least owner/name.
  return address.path.split('/').length >= 2 ? `${address.host}/${address.path}` : null
}

/** True when both addresses name the same repository. */
export function sameRepository(a: string | null | undefined, b: string | null | undefined): boolean {
  const ka = repositoryKey(a)
  return ka !== null && ka === repositoryKey(b)
}
