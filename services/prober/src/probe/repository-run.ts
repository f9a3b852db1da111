/**
 * How a listing's own repository can be run when no package is known (the install guess that never names a
 * registry package): decided from GitHub's language of the repository and its manifest at the root.
 *  - JavaScript/TypeScript with a package.json whose `bin` names one command (a string, a single entry, or an
 *    entry named like the package) → node: `npx -y github:owner/repo` (npm installs and builds a git
 *    dependency itself).
 *  - Python with a pyproject.toml whose `[project.scripts]` has a console script (the only one, else one named
 *    like the project, else one with "mcp" in its name) → python: `uvx --from git+https://github.com/owner/repo <script>`.
 *  - Anything else → ecosystem null, with the reason: nothing can be guessed safely.
 */
import type { FactsBody } from '@mcp-directory/shared/catalog-client'

const SCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/
const NODE_LANGUAGES = new Set(['javascript', 'typescript'])

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The one command a package.json runs with `npx`, or the reason there is none. */
export function nodeCommandOf(packageJson: string): { ok: true; command: string } | { ok: false; reason: string } {
  let pkg: unknown
  try {
    pkg = JSON.parse(packageJson)
  } catch {
    return { ok: false, reason: 'package.json is not JSON' }
  }
  if (!isObject(pkg)) return { ok: false, reason: 'package.json is not an object' }
  const name = typeof pkg.name === 'string' ? pkg.name : ''
  const bin = pkg.bin
  if (typeof bin === 'string' && bin.trim()) return { ok: true, command: name.replace(/^@[^/]+\//, '') || 'bin' }
  if (isObject(bin)) {
    const commands = Object.keys(bin).filter((k) => typeof bin[k] === 'string' && SCRIPT_NAME.test(k))
    if (commands.length === 1) return { ok: true, command: commands[0]! }
    const own = name.replace(/^@[^/]+\//, '')
    if (commands.includes(own)) return { ok: true, command: own }
    if (commands.length > 1)
      return { ok: false, reason: 'package.json has several commands in "bin" and none named like the package' }
  }
  return { ok: false, reason: 'package.json has no "bin" command' }
}

/** The console script a pyproject.toml offers to `uvx --from`, or the reason there is none. */
export function pythonScriptOf(pyproject: string): { ok: true; script: string } | { ok: false; reason: string } {
  let doc: unknown
  try {
    doc = Bun.TOML.parse(pyproject)
  } catch {
    return { ok: false, reason: 'pyproject.toml is not TOML' }
  }
  const project = isObject(doc) && isObject(doc.project) ? doc.project : null
  const scripts =
    project && isObject(project.scripts) ? Object.keys(project.scripts).filter((k) => SCRIPT_NAME.test(k)) : []
  if (scripts.length === 0) return { ok: false, reason: 'pyproject.toml has no [project.scripts] entry' }
  const norm = (s: string) => s.toLowerCase().replace(/[-_.]+/g, '-')
  const projectName = project && typeof project.name === 'string' ? norm(project.name) : ''
  const script =
    scripts.length === 1
      ? scripts[0]
      : (scripts.find((s) => norm(s) === projectName) ?? scripts.find((s) => /mcp/i.test(s)))
  return script
    ? { ok: true, script }
    : { ok: false, reason: 'pyproject.toml has several scripts and none named like the project or for MCP' }
}

/** What reading one root file of the repository gave: its text, none (404), or a failure (try again later). */
export type FileRead = { status: 'found'; text: string } | { status: 'missing' } | { status: 'failed'; reason: string }

/** How the repository runs, as the catalog's facts take it (a Python one always names its console script). */
type RunFacts = NonNullable<FactsBody['repositoryRun']>

/**
 * Decides how the repository runs; null when a file could not be read (nothing is stored, the next probe
 * tries again).
 */
export async function repositoryRunOf(
  repository: string,
  language: string | null,
  readFile: (path: 'package.json' | 'pyproject.toml') => Promise<FileRead>,
  at: Date,
): Promise<RunFacts | null> {
  const checkedAt = at.toISOString()
  const none = (from: string): RunFacts => ({ repository, ecosystem: null, from, checkedAt })
  const lang = (language ?? '').toLowerCase()
  if (NODE_LANGUAGES.has(lang)) {
    const file = await readFile('package.json')
    if (file.status === 'failed') return null
    if (file.status === 'missing') return none(`a ${language} repository without package.json at its root`)
    const cmd = nodeCommandOf(file.text)
    return cmd.ok ? { repository, ecosystem: 'node', from: 'package.json', checkedAt } : none(cmd.reason)
  }
  if (lang === 'python') {
    const file = await readFile('pyproject.toml')
    if (file.status === 'failed') return null
    if (file.status === 'missing') return none('a Python repository without pyproject.toml at its root')
    const s = pythonScriptOf(file.text)
    return s.ok
      ? { repository, ecosystem: 'python', entryPoint: s.script, from: 'pyproject.toml', checkedAt }
      : none(s.reason)
  }
  return none(
    language
      ? `a ${language} repository (only JavaScript, TypeScript and Python ones are run as they are)`
      : 'GitHub names no language for the repository',
  )
}
