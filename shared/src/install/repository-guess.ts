/**
 * Step 4 of the install model (shared/src/install/model.ts): the guess that runs the listing's own repository, as
 * the prober read it (`repositoryRun`). It never names a registry package, so nothing the listing does not own runs.
 */
import type { InstallModel, Listing, RepositoryRun } from '../contracts/listing'
import { repositoryKey } from './repository'

type LocalModel = Extract<InstallModel, { kind: 'local' }>

// Console scripts are plain command names: uvx runs them as a word of the command line.
const SCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

/**
 * The guess that runs the listing's own repository, when the prober read it as runnable and it is still the
 * listing's repository (the root of it: a subfolder of a monorepo is not what `github:owner/repo` runs).
 */
export function repositoryGuess(
  l: Pick<Listing, 'repositoryUrl' | 'url'>,
  run: RepositoryRun | null | undefined,
): LocalModel | null {
  if (!run || typeof run !== 'object' || !run.ecosystem || typeof run.repository !== 'string') return null
  const own = l.repositoryUrl ?? l.url
  const key = repositoryKey(own)
  if (!key || key !== `github.com/${run.repository.toLowerCase()}`) return null
  if (!/^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/.test(run.repository)) return null
  // The listing's address must be the repository itself (optionally its default view), not a folder in it.
  let path = ''
  try {
    path = new URL(own ?? '').pathname.replace(/\.git$/i, '')
  } catch {
    return null
  }
  if (path.split('/').filter(Boolean).length !== 2) return null
  const repoUrl = `https://github.com/${run.repository}`
  const note =
    'a guess: no package is known, so this runs the listing’s own repository from GitHub; verify it against the repository README'
  const base = {
    kind: 'local' as const,
    registryType: 'github',
    identifier: repoUrl,
    env: [],
    confidence: 'low' as const,
    basis: 'repository' as const,
    note,
  }
  if (run.ecosystem === 'node')
    return { ...base, runner: 'npx', command: 'npx', args: ['-y', `github:${run.repository}`] }
  if (typeof run.entryPoint !== 'string' || !SCRIPT_NAME.test(run.entryPoint)) return null
  return { ...base, runner: 'uvx', command: 'uvx', args: ['--from', `git+${repoUrl}`, run.entryPoint] }
}
