/**
 * Reads a repository's metadata and README from the GitHub REST API (GITHUB_API_URL, GITHUB_TOKEN when set),
 * with conditional requests: the ETag of the last answer goes out as If-None-Match, and a 304 (which GitHub
 * does not count against the rate limit) means nothing changed.
 */

import { githubHeaders, githubRepoPath } from '@mcp-directory/shared/github'
export { githubRepoOf } from '@mcp-directory/shared/github'

/** Repository facts the directory shows. */
export interface RepoMeta {
  stars: number | null
  archived: boolean
  pushedAt: string | null
  homepage: string | null
  /** GitHub's guess of the repository's main language (e.g. TypeScript, Python), or null. */
  language: string | null
}

/** One conditional GET: `changed` with its body and new ETag, `unchanged` (304), or a failure. */
export type Conditional<T> =
  | { status: 'changed'; value: T; etag: string | null }
  | { status: 'unchanged' }
  | { status: 'missing' }
  | { status: 'failed'; reason: string; retryAfterMs?: number }

/** What the GitHub reader needs. */
export interface GithubOptions {
  apiUrl: string
  token: string | null
  timeoutMs: number
  /** fetch (GITHUB_API_URL is the operator's configuration, not a user-supplied address). */
  fetch?: typeof fetch
  userAgent: string
}

const MAX_README_BYTES = 1_000_000
const MAX_MANIFEST_BYTES = 256_000
// A repository's metadata is a few kilobytes; an answer over this is cut (and then fails to parse), never held whole.
const MAX_REPO_META_BYTES = 256_000

/** Reads a body up to `max` bytes (the rest is cut: a README is shown truncated anyway). */
async function boundedText(res: Response, max: number): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of res.body ?? []) {
    chunks.push(size + chunk.byteLength > max ? chunk.slice(0, max - size) : chunk)
    size += chunk.byteLength
    if (size >= max) {
      await res.body?.cancel().catch(() => {})
      break
    }
  }
  // A cut in the middle of a UTF-8 sequence becomes one replacement character, not an error.
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** How long GitHub asks us to wait after a rate-limit answer (Retry-After, or the reset time), if it says. */
function retryAfterMs(res: Response): number | undefined {
  const after = Number(res.headers.get('retry-after'))
  if (Number.isFinite(after) && after > 0) return after * 1000
  if (res.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(res.headers.get('x-ratelimit-reset'))
    if (Number.isFinite(reset) && reset > 0) return Math.max(1000, reset * 1000 - Date.now())
  }
  return undefined
}

/** The GitHub API client a reader sends its requests with. */
interface GithubClient {
  doFetch: typeof fetch
  /** The API address without a trailing slash. */
  base: string
  opts: GithubOptions
}

/** One GET of the API (with If-None-Match when an ETag is known); a failure to get any answer is a reason. */
async function get(
  client: GithubClient,
  path: string,
  accept: string,
  etag: string | null,
): Promise<Response | { failed: string }> {
  const { opts } = client
  const headers = githubHeaders({ accept, userAgent: opts.userAgent, token: opts.token })
  if (etag) headers['if-none-match'] = etag
  try {
    return await client.doFetch(`${client.base}${path}`, {
      headers,
      signal: AbortSignal.timeout(opts.timeoutMs),
      redirect: 'follow',
    })
  } catch (err) {
    return {
      failed:
        err instanceof Error && err.name === 'TimeoutError'
          ? `no answer within ${opts.timeoutMs} ms`
          : `could not connect (${err instanceof Error ? err.message : String(err)})`,
    }
  }
}

/** One conditional GET, its 200 body read by `read`. */
async function conditional<T>(
  client: GithubClient,
  path: string,
  accept: string,
  etag: string | null,
  read: (res: Response) => Promise<T>,
): Promise<Conditional<T>> {
  const res = await get(client, path, accept, etag)
  if ('failed' in res) return { status: 'failed', reason: res.failed }
  if (res.status === 304) return { status: 'unchanged' }
  if (res.status === 404 || res.status === 451) {
    await res.body?.cancel().catch(() => {})
    return { status: 'missing' }
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {})
    return {
      status: 'failed',
      reason: `HTTP ${res.status}`,
      retryAfterMs: res.status === 403 || res.status === 429 ? (retryAfterMs(res) ?? 60_000) : undefined,
    }
  }
  try {
    return { status: 'changed', value: await read(res), etag: res.headers.get('etag') }
  } catch (err) {
    return { status: 'failed', reason: `unreadable answer (${err instanceof Error ? err.message : String(err)})` }
  }
}

/** Stars, archived, last push, homepage and language from a repository answer. */
async function readRepoMeta(res: Response): Promise<RepoMeta> {
  const j = JSON.parse(await boundedText(res, MAX_REPO_META_BYTES)) as Record<string, unknown>
  if (typeof j !== 'object' || j === null) throw new Error('not an object')
  const stars =
    Number.isSafeInteger(j.stargazers_count) && (j.stargazers_count as number) >= 0
      ? (j.stargazers_count as number)
      : null
  const pushedAt =
    typeof j.pushed_at === 'string' && !Number.isNaN(Date.parse(j.pushed_at))
      ? new Date(j.pushed_at).toISOString()
      : null
  const homepage =
    typeof j.homepage === 'string' && /^https?:\/\//i.test(j.homepage.trim()) ? j.homepage.trim().slice(0, 2048) : null
  const language = typeof j.language === 'string' && j.language.length <= 100 ? j.language : null
  return { stars, archived: j.archived === true, pushedAt, homepage, language }
}

/** A root file's text from a contents answer (raw, or GitHub's JSON file object with base64 content). */
async function readManifest(res: Response, path: string): Promise<string> {
  const type = res.headers.get('content-type') ?? ''
  const text = await boundedText(res, MAX_MANIFEST_BYTES * 2)
  // GitHub's JSON form (when the raw media type is not honoured): a file object with base64 content.
  if (!/vnd\.github\.raw/i.test(type) && /json/i.test(type)) {
    const j = JSON.parse(text) as { type?: unknown; content?: unknown; encoding?: unknown }
    if (j && j.type === 'file' && typeof j.content === 'string') {
      const decoded = j.encoding === 'base64' ? Buffer.from(j.content, 'base64').toString('utf8') : j.content
      if (decoded.length > MAX_MANIFEST_BYTES) throw new Error(`${path} is over ${MAX_MANIFEST_BYTES} bytes`)
      return decoded
    }
  }
  if (text.length > MAX_MANIFEST_BYTES) throw new Error(`${path} is over ${MAX_MANIFEST_BYTES} bytes`)
  return text
}

/** The README text of a readme answer: raw, or decoded from the JSON's base64 content. */
async function readReadme(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? ''
  const text = await boundedText(res, MAX_README_BYTES * 2)
  // GitHub's JSON form (when the raw media type is not honoured) carries the text base64-encoded.
  if (/json/i.test(type) && !/vnd\.github\.raw/i.test(type) && text.trimStart().startsWith('{')) {
    const j = JSON.parse(text) as { content?: unknown; encoding?: unknown }
    if (typeof j.content !== 'string') throw new Error('no content in the README answer')
    const decoded = j.encoding === 'base64' ? Buffer.from(j.content, 'base64').toString('utf8') : j.content
    return decoded.slice(0, MAX_README_BYTES)
  }
  return text.slice(0, MAX_README_BYTES)
}

/** A reader of repository metadata and READMEs. */
export function githubReader(opts: GithubOptions) {
  const client: GithubClient = { doFetch: opts.fetch ?? fetch, base: opts.apiUrl.replace(/\/+$/, ''), opts }
  const { base } = client
  const repoPath = githubRepoPath

  return {
    /** The address a repository's metadata is read from (the key of its ETag). */
    repoUrl: (r: { owner: string; repo: string }) => `${base}${repoPath(r)}`,
    readmeUrl: (r: { owner: string; repo: string }) => `${base}${repoPath(r)}/readme`,

    /** Stars, archived, last push and homepage. */
    repo: (r: { owner: string; repo: string }, etag: string | null) =>
      conditional<RepoMeta>(client, repoPath(r), 'application/vnd.github+json', etag, readRepoMeta),

    /** One file at the root of the default branch (package.json, pyproject.toml), raw; no ETag (read rarely). */
    file: (r: { owner: string; repo: string }, path: 'package.json' | 'pyproject.toml') =>
      conditional<string>(client, `${repoPath(r)}/contents/${path}`, 'application/vnd.github.raw+json', null, (res) =>
        readManifest(res, path),
      ),

    /** The README text: raw when GitHub honours the raw media type, else decoded from the JSON's base64 content. */
    readme: (r: { owner: string; repo: string }, etag: string | null) =>
      conditional<string>(client, `${repoPath(r)}/readme`, 'application/vnd.github.raw+json', etag, readReadme),
  }
}

/** The GitHub reader as built. */
export type GithubReader = ReturnType<typeof githubReader>
