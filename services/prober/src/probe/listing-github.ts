// A listing's GitHub repository, in the order the steps run: the API's back-off, the repository's metadata (and,
// for a listing with nothing to install, how the repository itself runs), then its README and the install it
// suggests; conditional requests with the ETags of the last answers.
import type { GithubRepo } from '@mcp-directory/shared/github'
import { readEtags } from '../state/repository'
import { hostRetryAt, noteHostFailure } from '../state/service'
import { githubRepoOf } from './github'
import type { ProbeRun } from './listing-run'
import { inferInstall } from './readme'
import { type FileRead, repositoryRunOf } from './repository-run'

/** The addresses a repository is read from, each the key of its ETag. */
interface RepoUrls {
  repo: string
  readme: string
}

/** Reads the listing's GitHub repository and README into the facts (nothing when it names no GitHub repository). */
export async function probeGithub(run: ProbeRun): Promise<void> {
  const l = run.listing
  const repo = githubRepoOf(l.repositoryUrl) ?? githubRepoOf(l.url)
  if (!repo) return
  // A listing without packages and remotes may need a guess that runs its repository: read once, then again
  // whenever the repository changed (its metadata is not a 304 any more).
  const wantsRun =
    (!Array.isArray(l.packages) || l.packages.length === 0) && (!Array.isArray(l.remotes) || l.remotes.length === 0)
  const { github, database } = run.deps
  const urls: RepoUrls = { repo: github.repoUrl(repo), readme: github.readmeUrl(repo) }
  if (await githubBackedOff(run, urls.repo)) return
  const known = await readEtags(database, l.id, [urls.repo, urls.readme])
  if (!(await readRepository(run, repo, urls, known.get(urls.repo) ?? null, wantsRun))) return
  await readReadme(run, repo, urls, known.get(urls.readme) ?? null)
}

/** Whether the GitHub API is in back-off (noted in the history, nothing read). */
async function githubBackedOff(run: ProbeRun, repoUrl: string): Promise<boolean> {
  const retryAt = await hostRetryAt(run.deps.database, run.githubHost)
  if (!retryAt) return false
  run.results.push({
    kind: 'github',
    target: repoUrl,
    outcome: 'skipped',
    detail: `GitHub API in back-off until ${retryAt.toISOString()}`,
  })
  return true
}

/** Notes a failed read; rate limits and outages of the API back off every replica (a 404 of one repository does not). */
async function githubFailed(run: ProbeRun, target: string, reason: string, retryAfterMs?: number): Promise<void> {
  run.results.push({ kind: 'github', target, outcome: 'http_error', detail: reason })
  if (retryAfterMs !== undefined || /could not connect|no answer/.test(reason))
    await noteHostFailure(run.deps.database, run.githubHost, reason, retryAfterMs ?? 0)
}

/** The repository's metadata into the facts; false when it failed or is gone (the README is then not read). */
async function readRepository(
  run: ProbeRun,
  repo: GithubRepo,
  urls: RepoUrls,
  etag: string | null,
  wantsRun: boolean,
): Promise<boolean> {
  const { deps, results } = run
  const started = performance.now()
  // A run not yet decided reads the metadata whole (a 304 would not say the language).
  const readRunNow = wantsRun && !run.listing.repositoryRun
  const meta = await deps.hosts.run(run.githubHost, () => deps.github.repo(repo, readRunNow ? null : etag))
  run.progress()
  const latencyMs = Math.round(performance.now() - started)
  if (meta.status === 'failed') {
    await githubFailed(run, urls.repo, meta.reason, meta.retryAfterMs)
    return false
  }
  if (meta.status === 'missing') {
    results.push({ kind: 'github', target: urls.repo, outcome: 'missing', latencyMs, detail: 'repository not found' })
    return false
  }
  results.push({
    kind: 'github',
    target: urls.repo,
    outcome: meta.status === 'changed' ? 'ok' : 'not_modified',
    latencyMs,
  })
  if (meta.status === 'changed') {
    const { language, ...shown } = meta.value
    run.facts.github = shown
    if (meta.etag) run.etags.set(urls.repo, meta.etag)
    if (wantsRun) {
      const found = await repositoryRunOf(
        `${repo.owner}/${repo.repo}`,
        language,
        (path) => readRepoFile(run, repo, urls, path),
        run.at,
      )
      if (found) run.facts.repositoryRun = found
    }
  }
  return true
}

/** One root file of the repository, for deciding how it runs (noted in the history). */
async function readRepoFile(
  run: ProbeRun,
  repo: GithubRepo,
  urls: RepoUrls,
  path: 'package.json' | 'pyproject.toml',
): Promise<FileRead> {
  const r = await run.deps.hosts.run(run.githubHost, () => run.deps.github.file(repo, path))
  run.progress()
  run.results.push({
    kind: 'github',
    target: `${urls.repo}/contents/${path}`,
    outcome: r.status === 'changed' ? 'ok' : r.status === 'failed' ? 'http_error' : 'missing',
    ...(r.status === 'failed' ? { detail: r.reason } : {}),
  })
  return r.status === 'changed'
    ? { status: 'found', text: r.value }
    : r.status === 'failed'
      ? { status: 'failed', reason: r.reason }
      : { status: 'missing' }
}

/** The README and the install it suggests into the facts; a README gone clears both. */
async function readReadme(run: ProbeRun, repo: GithubRepo, urls: RepoUrls, etag: string | null): Promise<void> {
  const { deps, facts } = run
  const readme = await deps.hosts.run(run.githubHost, () => deps.github.readme(repo, etag))
  run.progress()
  if (readme.status === 'failed') return githubFailed(run, urls.readme, readme.reason, readme.retryAfterMs)
  run.results.push({
    kind: 'github',
    target: urls.readme,
    outcome: readme.status === 'changed' ? 'ok' : readme.status === 'unchanged' ? 'not_modified' : 'missing',
  })
  if (readme.status === 'changed') {
    facts.readme = readme.value
    facts.install = inferInstall(readme.value)
    if (readme.etag) run.etags.set(urls.readme, readme.etag)
  } else if (readme.status === 'missing') {
    facts.readme = null
    facts.install = null
  }
}
