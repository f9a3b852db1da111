/** GitHub repository addresses and GitHub REST API requests (GITHUB_API_URL), shared by claims and the prober. */

/** A GitHub repository. */
export interface GithubRepo {
  owner: string
  repo: string
}

/** owner/repo of a github.com address, or null for any other address. */
export function githubRepoOf(url: string | null | undefined): GithubRepo | null {
  if (!url) return null
  let u: URL
  try {
    u = new URL(url.trim())
  } catch {
    return null
  }
  if (!/^(?:www\.)?github\.com$/i.test(u.hostname) || !/^https?:$/.test(u.protocol)) return null
  const [owner, rawRepo] = u.pathname.split('/').filter(Boolean)
  const repo = rawRepo?.replace(/\.git$/i, '')
  // GitHub's own rules for owner and repository names.
  if (
    !owner ||
    !repo ||
    !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(owner) ||
    !/^[A-Za-z0-9._-]{1,100}$/.test(repo) ||
    repo === '.' ||
    repo === '..'
  )
    return null
  return { owner, repo }
}

/** `/repos/{owner}/{repo}` of the REST API. */
export const githubRepoPath = ({ owner, repo }: GithubRepo) =>
  `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`

/** Headers of a GitHub REST API request: the media type, the API version, our User-Agent, GITHUB_TOKEN when set. */
export function githubHeaders(opts: {
  accept: string
  userAgent: string
  token: string | null
}): Record<string, string> {
  const h: Record<string, string> = {
    accept: opts.accept,
    'user-agent': opts.userAgent,
    'x-github-api-version': '2022-11-28',
  }
  if (opts.token) h.authorization = `Bearer ${opts.token}`
  return h
}
