// The product's import graph, read from the source: which file imports which, and which folders import which, so
// tests can hold the architecture to its rules (a service's public face pulls in nothing inside the service; no
// circle between a service's top folders).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dir, '../..')

const transpiler = new Bun.Transpiler({ loader: 'ts' })

/** Product source files: services, gateway and shared, tests and bench aside. */
export function productFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (name === 'node_modules' || name === 'test' || name === 'testing') continue
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path)
    }
  }
  for (const top of ['services', 'gateway/src', 'shared/src']) walk(join(ROOT, top))
  return out.map((p) => relative(ROOT, p)).sort()
}

/** Where an import of a workspace package points: its package.json's exports, read once per package. */
const packageDirs: Record<string, string> = {}
for (const dir of ['gateway', 'shared', ...readdirSync(join(ROOT, 'services')).map((s) => `services/${s}`)]) {
  const manifest = join(ROOT, dir, 'package.json')
  if (existsSync(manifest)) packageDirs[JSON.parse(readFileSync(manifest, 'utf8')).name] = dir
}

function exportTarget(pkgDir: string, sub: string): string | null {
  const exports = JSON.parse(readFileSync(join(ROOT, pkgDir, 'package.json'), 'utf8')).exports ?? {}
  const key = sub ? `./${sub}` : '.'
  if (typeof exports[key] === 'string') return join(pkgDir, exports[key])
  if (typeof exports['./*'] === 'string' && sub) return join(pkgDir, exports['./*'].replace('*', sub))
  return null
}

function asFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile()) return candidate
  return null
}

/** The product file an import names, or null for a package outside the product. */
export function resolveImport(from: string, spec: string): string | null {
  if (spec.startsWith('.')) return asFile(relative(ROOT, resolve(ROOT, dirname(from), spec)))
  const m = /^(@mcp-directory\/[^/]+)(?:\/(.*))?$/.exec(spec)
  if (!m || !packageDirs[m[1]!]) return null
  const target = exportTarget(packageDirs[m[1]!]!, m[2] ?? '')
  return target ? asFile(target.replace(/\.ts$/, '')) : null
}

const importsCache = new Map<string, string[]>()

/** The product files one file imports (type-only imports included: they tie the code together too). */
export function importsOf(file: string): string[] {
  let found = importsCache.get(file)
  if (!found) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const specs = new Set<string>()
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s+['"]([^'"]+)['"]/g)) specs.add(m[1]!)
    for (const i of transpiler.scanImports(text)) specs.add(i.path)
    found = [...specs].map((s) => resolveImport(file, s)).filter((f): f is string => f !== null)
    importsCache.set(file, found)
  }
  return found
}

/** Every product file a file pulls in, itself included. */
export function closure(file: string): Set<string> {
  const seen = new Set<string>([file])
  const queue = [file]
  while (queue.length)
    for (const next of importsOf(queue.pop()!)) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  return seen
}

/** The folder graph inside `root` at one level below it: an edge a→b when a file under a imports one under b. */
export function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  const folderOf = (file: string) => {
    if (!file.startsWith(`${root}/`)) return null
    const rest = file.slice(root.length + 1)
    return rest.includes('/') ? rest.split('/')[0]! : null
  }
  for (const file of productFiles()) {
    const from = folderOf(file)
    if (!from) continue
    if (!graph.has(from)) graph.set(from, new Set())
    for (const target of importsOf(file)) {
      const to = folderOf(target)
      if (to && to !== from) graph.get(from)!.add(to)
    }
  }
  return graph
}

/** Strongly connected components of more than one node: the circles of a graph. */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    order.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!))
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!order.has(v)) visit(v)
  return found
}

/** Edges that run inside a circle: each would have to go for the folders to stand in layers. */
export function edgesInCircles(graph: Map<string, Set<string>>): string[] {
  const member = new Map<string, number>()
  circles(graph).forEach((c, i) => {
    for (const v of c) member.set(v, i)
  })
  const out: string[] = []
  for (const [from, tos] of graph)
    for (const to of tos) if (member.has(from) && member.get(from) === member.get(to)) out.push(`${from} → ${to}`)
  return out.sort()
}
