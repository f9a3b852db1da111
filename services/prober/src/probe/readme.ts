/**
 * What a repository README says about installing its server: the package identifiers it names (npm, PyPI,
 * OCI) and the one install to infer from them. A client config in the README (`"command": "npx", "args":
 * [...]`) is the author's own recipe: confidence high. An install command in prose or a shell block
 * (`npm install x`, `pip install x`, `docker run … image`) only names a package: confidence low.
 */
import type { InferredInstall } from '@mcp-directory/shared/contracts'

/** A package the README names, and where. */
export interface NamedPackage {
  registryType: InferredInstall['registryType']
  identifier: string
  basis: InferredInstall['basis']
}

// The same shapes the install model accepts (shared/src/install), so an inferred package always yields a command.
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/
const PYPI_NAME = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i
const OCI_REF =
  /^[a-z0-9][a-z0-9.-]*(?::\d+)?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/

// Helpers and runners a README mentions that are not the server itself.
const NOT_THE_SERVER_NPM = new Set([
  'mcp-remote',
  '@modelcontextprotocol/inspector',
  '@smithery/cli',
  'supergateway',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'typescript',
  'tsx',
  'ts-node',
  'node',
  'npx',
  'corepack',
  'nodemon',
  'mcp-proxy',
  '@anthropic-ai/claude-code',
  '@anthropic-ai/mcpb',
  '@anthropic-ai/dxt',
])
const NOT_THE_SERVER_PYPI = new Set([
  'uv',
  'pip',
  'pipx',
  'poetry',
  'setuptools',
  'wheel',
  'mcp',
  'mcp[cli]',
  'fastmcp',
  'hatch',
  'build',
  'twine',
  'mcp-proxy',
])
// docker options that take a value: the image is the first word after `run` that is neither an option nor such a value.
const DOCKER_VALUE_OPTIONS = new Set([
  '-e',
  '--env',
  '--env-file',
  '-v',
  '--volume',
  '-p',
  '--publish',
  '--name',
  '--network',
  '--net',
  '-w',
  '--workdir',
  '--mount',
  '-u',
  '--user',
  '--entrypoint',
  '--platform',
  '-l',
  '--label',
  '--add-host',
  '--pull',
  '--restart',
  '-h',
  '--hostname',
  '--cpus',
  '-m',
  '--memory',
])

const MAX_README_SCAN = 300_000

/** Strips a version from an npm spec: `@scope/x@1.2` → `@scope/x`, `x@latest` → `x`. */
function npmName(spec: string): string | null {
  const at = spec.lastIndexOf('@')
  const name = at > 0 ? spec.slice(0, at) : spec
  return NPM_NAME.test(name) && !NOT_THE_SERVER_NPM.has(name) ? name : null
}

/** Strips a version or extras from a PyPI spec: `x==1.0`, `x@1.0`, `x[cli]>=2` → `x`. */
function pypiName(spec: string): string | null {
  const name = spec.split(/[=<>~!@[;\s]/)[0] ?? ''
  return PYPI_NAME.test(name) &&
    !NOT_THE_SERVER_PYPI.has(name.toLowerCase()) &&
    !NOT_THE_SERVER_PYPI.has(spec.toLowerCase())
    ? name
    : null
}

function ociName(ref: string): string | null {
  return ref.length <= 255 && OCI_REF.test(ref) && !ref.includes('${') ? ref : null
}

/** The package a command line runs (`npx -y pkg`, `uvx pkg`, `uvx --from pkg cmd`, `docker run … image`), if any. */
export function packageOfCommand(command: string, args: string[]): Omit<NamedPackage, 'basis'> | null {
  const cmd = command.trim().split(/[\\/]/).pop() ?? ''
  if (cmd === 'npx' || cmd === 'bunx' || cmd === 'pnpx') {
    const spec = args.find((a, i) => !a.startsWith('-') && !(i > 0 && /^(?:-p|--package)$/.test(args[i - 1] ?? '')))
    const pkgFlag = args.findIndex((a) => a === '-p' || a === '--package')
    const chosen = pkgFlag >= 0 && args[pkgFlag + 1] ? args[pkgFlag + 1] : spec
    const name = chosen ? npmName(chosen) : null
    return name ? { registryType: 'npm', identifier: name } : null
  }
  if (cmd === 'uvx' || cmd === 'pipx') {
    const from = args.indexOf('--from')
    const spec = from >= 0 ? args[from + 1] : args.find((a) => !a.startsWith('-') && a !== 'run')
    const name = spec ? pypiName(spec) : null
    return name ? { registryType: 'pypi', identifier: name } : null
  }
  if (cmd === 'docker' || cmd === 'podman') {
    const run = args.indexOf('run')
    if (run < 0) return null
    for (let i = run + 1; i < args.length; i++) {
      const a = args[i] as string
      if (a.startsWith('-')) {
        if (DOCKER_VALUE_OPTIONS.has(a)) i++
        continue
      }
      const name = ociName(a)
      return name ? { registryType: 'oci', identifier: name } : null
    }
  }
  return null
}

/** The fenced code blocks of a Markdown text, with their info strings. */
// One pass over the lines (a README is untrusted: no pattern that could backtrack over the whole text).
function codeBlocks(md: string): { info: string; body: string }[] {
  const out: { info: string; body: string }[] = []
  let open: { fence: string; info: string; lines: string[] } | null = null
  for (const line of md.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line)
    if (open) {
      if (m && m[1]![0] === open.fence[0] && m[1]!.length >= open.fence.length && !m[2]!.trim()) {
        out.push({ info: open.info, body: open.lines.join('\n') })
        open = null
      } else open.lines.push(line)
    } else if (m && !(m[1]![0] === '`' && m[2]!.includes('`')))
      open = { fence: m[1]!, info: m[2]!.trim().toLowerCase(), lines: [] }
  }
  return out
}

/** The quoted strings of a JSON-ish array body (`"-y", "pkg"`), tolerant of comments and trailing commas. */
function quotedStrings(s: string): string[] {
  return [...s.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
}

/** Packages run by client configs (`"command": "…", "args": [ … ]`) in the README's code blocks. */
function configPackages(md: string): NamedPackage[] {
  const out: NamedPackage[] = []
  for (const block of codeBlocks(md)) {
    if (!/"command"\s*:/.test(block.body)) continue
    for (const m of block.body.matchAll(/"command"\s*:\s*"([^"]{1,100})"\s*,\s*"args"\s*:\s*\[([^\]]{0,4000})\]/g)) {
      const p = packageOfCommand(m[1]!, quotedStrings(m[2]!))
      if (p) out.push({ ...p, basis: 'readme-config' })
    }
  }
  return out
}

/** Split a shell line into words (quotes stripped; enough for install commands). */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '')
}

/** Packages named by install or run commands anywhere in the README (prose, inline code, shell blocks). */
function mentionedPackages(md: string): NamedPackage[] {
  const out: NamedPackage[] = []
  const add = (p: Omit<NamedPackage, 'basis'> | null) => p && out.push({ ...p, basis: 'readme-mention' })
  for (const raw of md.split('\n')) {
    // Shell prompts and inline-code backticks around a command.
    const line = raw.replace(/`/g, ' ').replace(/^\s*[$>]\s*/, '')
    for (const m of line.matchAll(/\b(npx|bunx|uvx|pipx run|docker run)\s+([^\n|;&]{1,300})/g)) {
      const [cmd, ...rest] = m[1]!.split(' ')
      add(packageOfCommand(cmd!, [...rest, ...words(m[2]!)]))
    }
    for (const m of line.matchAll(
      /\b(?:npm\s+(?:install|i|add)|pnpm\s+add|yarn\s+(?:global\s+)?add|bun\s+add)\s+([^\n|;&]{1,300})/g,
    )) {
      const spec = words(m[1]!).find((w) => !w.startsWith('-'))
      const name = spec ? npmName(spec) : null
      if (name) add({ registryType: 'npm', identifier: name })
    }
    for (const m of line.matchAll(
      /\b(?:pip3?\s+install|uv\s+(?:pip\s+install|tool\s+install|add)|pipx\s+install|poetry\s+add)\s+([^\n|;&]{1,300})/g,
    )) {
      const spec = words(m[1]!).find((w) => !w.startsWith('-') && w !== '.')
      const name = spec && !/[/\\]|\.txt$|\.whl$/.test(spec) ? pypiName(spec) : null
      if (name) add({ registryType: 'pypi', identifier: name })
    }
    for (const m of line.matchAll(/\bdocker\s+pull\s+(\S{1,255})/g)) {
      const name = ociName(m[1]!)
      if (name) add({ registryType: 'oci', identifier: name })
    }
  }
  return out
}

/** Every package the README names, configs first, in the order found, without repeats. */
export function packagesNamedIn(readme: string): NamedPackage[] {
  const md = readme.slice(0, MAX_README_SCAN).replace(/\r\n?/g, '\n')
  const seen = new Set<string>()
  const out: NamedPackage[] = []
  for (const p of [...configPackages(md), ...mentionedPackages(md)]) {
    const key = `${p.registryType}:${p.identifier}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(p)
  }
  return out
}

// npm before PyPI before OCI, as the install model ranks runners (a language runtime is lighter than Docker).
const RANK: Record<NamedPackage['registryType'], number> = { npm: 0, pypi: 1, oci: 2 }

/** The install to infer from a README: its own client config (high), else a named package (low), else null. */
export function inferInstall(readme: string | null): InferredInstall | null {
  if (!readme) return null
  const named = packagesNamedIn(readme)
  const pick = (basis: NamedPackage['basis']) =>
    named.filter((p) => p.basis === basis).sort((a, b) => RANK[a.registryType] - RANK[b.registryType])[0]
  const config = pick('readme-config')
  if (config) return { ...config, confidence: 'high' }
  const mention = pick('readme-mention')
  return mention ? { ...mention, confidence: 'low' } : null
}
