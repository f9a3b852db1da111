// The README proof: the repository README's source through GITHUB_API_URL (`/repos/{owner}/{repo}/readme`, raw).
import { githubHeaders, githubRepoPath } from '@mcp-directory/shared/github'
import { OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'
import type { Repository } from '../sites'

const MAX_README_BYTES = 512 * 1024

/** The README source of a repository, or why it could not be read. */
export type ReadmeReader = (repo: Repository) => Promise<{ ok: true; text: string } | { ok: false; reason: string }>

/** Reads READMEs from the GitHub API (raw media type), bounded in time and size. */
export function githubReadme(apiUrl: string, token: string | null): ReadmeReader {
  return async ({ owner, repo }) => {
    let res: Response
    try {
      res = await fetch(`${apiUrl}${githubRepoPath({ owner, repo })}/readme`, {
        headers: githubHeaders({ accept: 'application/vnd.github.raw+json', userAgent: OUTBOUND_USER_AGENT, token }),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      return {
        ok: false,
        reason: `the GitHub API did not answer (${err instanceof Error ? err.message : String(err)})`,
      }
    }
    if (res.status === 404) {
      await res.body?.cancel()
      return { ok: false, reason: 'the repository has no README (404)' }
    }
    if (!res.ok) {
      await res.body?.cancel()
      return { ok: false, reason: `the GitHub API answered ${res.status}` }
    }
    const text = await res.text()
    if (text.length > MAX_README_BYTES) return { ok: false, reason: `the README is over ${MAX_README_BYTES} bytes` }
    return { ok: true, text }
  }
}
