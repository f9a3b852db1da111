// `bun run bench:scan-capture [--set scan|tools] [--only name,name] [--timeout 40] [--jobs 4]`: installs npm MCP
// servers into a temporary folder (install scripts off), starts each over stdio with a throwaway HOME and
// placeholder credentials, lists its tools and instructions with the official MCP client, and writes what it saw
// (package, version, tools as listed, instructions). `scan` (default): well-known servers → bench/scan/benign.json,
// the benign side of the scan's labelled set; `tools`: more catalog listings → bench/tools/captured.json, for the
// tool-retrieval bench. Servers that do not start within the timeout are recorded with the reason. Needs the npm
// registry.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { z } from 'zod'
import { TOOL_PACKAGES } from '../tools/packages'
import { PACKAGES, PLACEHOLDER_ENV, placeholderEnv } from './packages'

// tools/list read leniently: a server whose schemas the SDK's strict check refuses still lists what a model reads.
const ToolsPage = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
})

const argv = process.argv.slice(2)
const opt = (name: string) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const toolSet = opt('--set') === 'tools'
const OUT = toolSet ? join(import.meta.dir, '..', 'tools', 'captured.json') : join(import.meta.dir, 'benign.json')
const ABOUT = toolSet
  ? 'Tool lists of catalog npm MCP servers as listed over stdio (bun run bench:scan-capture --set tools).'
  : 'Tool lists of real npm MCP servers as listed over stdio (bun run bench:scan-capture); benign.'
const jobs = Number(opt('--jobs') ?? 4)
const only = opt('--only')?.split(',')
const timeoutMs = Number(opt('--timeout') ?? 40) * 1000
const root = mkdtempSync(join(tmpdir(), 'scan-capture-'))

interface Captured {
  package: string
  version?: string
  /** The package's own description (its package.json), for a listing when the catalog has none. */
  description?: string
  tools?: unknown[]
  instructions?: string
  error?: string
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: timed out`)), ms))])
}

/** `npm install` of one package, install scripts off: the error text, or '' when it worked. */
function install(name: string, dir: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${name}@latest`],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let err = ''
    child.stderr.on('data', (d) => {
      err += d
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve(code === 0 ? '' : err || `exit ${code}`)
    })
  })
}

async function capture(spec: (typeof PACKAGES)[number]): Promise<Captured> {
  const dir = join(root, spec.name.replace(/[@/]/g, '_'))
  const home = join(dir, 'home')
  mkdirSync(home, { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{"name":"capture","private":true}')
  const npm = await install(spec.name, dir)
  if (npm) return { package: spec.name, error: `npm install failed: ${npm.slice(0, 300)}` }
  const pkgDir = join(dir, 'node_modules', spec.name)
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
  const bins: Record<string, string> =
    typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {})
  const bin = spec.bin ? bins[spec.bin] : Object.values(bins)[0]
  if (!bin) return { package: spec.name, version: manifest.version, error: 'no bin' }
  const args = (spec.args ?? []).map((a) => a.replace('$HOME', home))
  const transport = new StdioClientTransport({
    command: 'node',
    args: [join(pkgDir, bin), ...args],
    cwd: home,
    env: {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      ...PLACEHOLDER_ENV,
      ...placeholderEnv(spec.env),
    },
    stderr: 'ignore',
  })
  const client = new Client({ name: 'scan-capture', version: '1.0.0' })
  try {
    await withTimeout(client.connect(transport), timeoutMs, 'initialize')
    const tools: unknown[] = []
    let cursor: string | undefined
    do {
      const page = await withTimeout(
        client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ToolsPage),
        timeoutMs,
        'tools/list',
      )
      tools.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor && tools.length < 1000)
    const instructions = client.getInstructions()
    const description = typeof manifest.description === 'string' ? manifest.description : undefined
    return {
      package: spec.name,
      version: manifest.version,
      ...(description ? { description } : {}),
      tools,
      ...(instructions ? { instructions } : {}),
    }
  } catch (e) {
    return { package: spec.name, version: manifest.version, error: String((e as Error).message).slice(0, 300) }
  } finally {
    await transport.close().catch(() => {})
  }
}

/** Merges results into the output file (a new failure never replaces an earlier capture); saved after each
 * server so that a long run that is stopped keeps what it saw. */
function save(results: Captured[]): Captured[] {
  let previous: Captured[] = []
  try {
    previous = JSON.parse(readFileSync(OUT, 'utf8')).servers
  } catch {}
  const byName = new Map(previous.map((s) => [s.package, s]))
  for (const r of results) if (!r.error || !byName.get(r.package)?.tools) byName.set(r.package, r)
  const servers = [...byName.values()].sort((a, b) => (a.package < b.package ? -1 : 1))
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify({ about: ABOUT, servers }, null, 1)}\n`)
  return servers
}

const todo = (toolSet ? TOOL_PACKAGES : PACKAGES).filter((p) => !only || only.includes(p.name))
let next = 0
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (next < todo.length) {
      const spec = todo[next++]!
      const r = await capture(spec)
      console.log(
        `${r.error ? 'FAIL' : 'ok  '} ${spec.name}@${r.version ?? '?'} ${r.error ?? `${r.tools!.length} tools`}`,
      )
      save([r])
    }
  }),
)
const servers = save([])
console.log(`${servers.filter((s) => s.tools).length} captured, ${servers.filter((s) => !s.tools).length} not`)
process.exit(0)
