// `bun run bench:scan`: the tool-list scan against its labelled corpus (shared/src/toolscan/corpus): recall on the
// poisoned lists (a list counts as caught at medium or above), per disguise and per place, and the false-positive
// rate on the clean lists; then the same false-positive rate on every real listing's own description in
// ../shared/data/servers.json, scanned as a one-tool list (real text by real authors, in many languages); then the
// real and multilingual set of bench/scan: the tool lists of real npm servers (false positives) and orders in many
// languages and disguises in every place (recall).
import type { ServerTexts, ToolInfo } from '@mcp-directory/shared/contracts'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { scanTools } from '@mcp-directory/shared/toolscan'
import clean from '../shared/src/toolscan/corpus/clean.json'
import poisoned from '../shared/src/toolscan/corpus/poisoned.json'
import { parseCommand } from '../scripts/cli'
import { benignLists, classLists, freshLists, harmLists, poisonedLists, precisionLists } from './scan/set'

interface CorpusList {
  id: string
  label: 'clean' | 'poisoned'
  disguise?: string
  place?: string
  source: string
  tools: ToolInfo[]
  server?: ServerTexts
}

const NAME = 'bun run bench:scan'
const USAGE = `usage: ${NAME} [--verbose]

Scans the labelled corpus of clean and poisoned tool lists and prints recall (poisoned lists at medium or
above), the false-positive rate (clean lists at medium or above), recall per disguise and per place, and the
false-positive rate on the real listings' descriptions, on real npm servers' tool lists and recall on the
multilingual poisoned lists (bench/scan).

  --verbose    name every list scored wrongly, with its findings
  -h, --help   this text`
const { values } = parseCommand({ name: NAME, usage: USAGE, options: { verbose: { type: 'boolean' } } })
const at = new Date().toISOString()
const caught = (l: CorpusList) => {
  // The listing is named like the server the list was modelled on (a list of the filesystem server is its own).
  const r = scanTools(l.tools, { name: l.source.split(' ')[0]! }, at, l.server)
  return { flagged: r.level === 'medium' || r.level === 'high', high: r.level === 'high', r }
}
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}%`

const started = performance.now()
const bad = (poisoned.lists as CorpusList[]).map((l) => ({ l, ...caught(l) }))
const good = (clean.lists as CorpusList[]).map((l) => ({ l, ...caught(l) }))
const ms = performance.now() - started
const recall = bad.filter((x) => x.flagged).length / bad.length
const fp = good.filter((x) => x.flagged).length
console.log(
  `poisoned lists: ${bad.length}, recall ${recall.toFixed(3)} (at high: ${(bad.filter((x) => x.high).length / bad.length).toFixed(3)})`,
)
console.log(`clean lists: ${good.length}, false positives ${fp} (${pct(fp, good.length)})`)
console.log(`scanned ${bad.length + good.length} lists in ${ms.toFixed(0)} ms`)

const by = (key: 'disguise' | 'place') => {
  const groups = new Map<string, { n: number; hit: number }>()
  for (const x of bad) {
    const g = groups.get(x.l[key] ?? '?') ?? { n: 0, hit: 0 }
    g.n++
    if (x.flagged) g.hit++
    groups.set(x.l[key] ?? '?', g)
  }
  return [...groups].map(([k, g]) => `${k} ${g.hit}/${g.n}`).join(', ')
}
console.log(`by disguise: ${by('disguise')}`)
console.log(`by place: ${by('place')}`)

const servers = await loadSharedData<{ name: string; description?: string }[]>('servers.json')
const real = servers.filter((s) => s.description)
const realFlagged = real.filter(
  (s) =>
    caught({ id: s.name, label: 'clean', source: '', tools: [{ name: 'about', description: s.description }] }).flagged,
)
console.log(
  `real listings' descriptions as one-tool lists: ${real.length}, at medium or above ${realFlagged.length} (${pct(realFlagged.length, real.length)})`,
)

// The real and multilingual set: tool lists captured from real npm servers, and poisoned lists in many languages
// and disguises (bench/scan).
const real2 = benignLists().map((l) => ({ l, r: scanTools(l.tools, { name: l.name }, at, l.server) }))
const poison2 = poisonedLists().map((l) => ({ l, r: scanTools(l.tools, { name: l.name }, at, l.server) }))
const atMedium = (r: { level: string }) => r.level === 'medium' || r.level === 'high'
const realFp = real2.filter((x) => atMedium(x.r))
const poisonHit = poison2.filter((x) => atMedium(x.r))
console.log(
  `real npm servers' tool lists: ${real2.length}, at medium or above ${realFp.length} (${pct(realFp.length, real2.length)})`,
)
console.log(
  `poisoned lists in ${new Set(poison2.map((x) => x.l.kind!.split(' ')[0])).size} languages and disguises: ${poison2.length}, recall ${(poisonHit.length / Math.max(poison2.length, 1)).toFixed(3)}`,
)
for (const x of poison2.filter((y) => !atMedium(y.r))) console.log(`  missed ${x.l.id} (${x.r.level})`)
for (const x of realFp)
  console.log(
    `  flagged ${x.l.id}: ${x.r.findings
      .filter((f) => f.severity === 'medium' || f.severity === 'high')
      .slice(0, 3)
      .map((f) => `${f.tool} ${f.where ?? ''}: ${f.message}`)
      .join('; ')}`,
  )

// The held-out sets (bench/scan/precision.json, written before the scan read combinations of cues, and fresh.json,
// written after): realistic benign descriptions (dotfiles, cc/bcc, base64 examples, "do not tell the user until…")
// and orders against the user in many languages.
for (const [name, held] of [
  ['held-out', precisionLists()],
  ['fresh', freshLists()],
  ['classes', classLists()],
  ['harm', harmLists()],
] as const) {
  const heldBenign = held.benign.map((l) => ({ l, r: scanTools(l.tools, { name: l.name }, at, l.server) }))
  const heldPoison = held.poisoned.map((l) => ({ l, r: scanTools(l.tools, { name: l.name }, at, l.server) }))
  const heldFp = heldBenign.filter((x) => atMedium(x.r))
  const heldHit = heldPoison.filter((x) => atMedium(x.r))
  console.log(
    `${name} benign descriptions: ${heldBenign.length}, at medium or above ${heldFp.length} (${pct(heldFp.length, heldBenign.length)})`,
  )
  console.log(
    `${name} poisoned cases in ${new Set(heldPoison.map((x) => x.l.kind!.split(' ')[0])).size} languages: ${heldPoison.length}, recall ${(heldHit.length / Math.max(heldPoison.length, 1)).toFixed(3)}`,
  )
  for (const x of heldPoison.filter((y) => !atMedium(y.r))) console.log(`  missed ${x.l.id} (${x.r.level})`)
  for (const x of heldFp)
    console.log(
      `  flagged ${x.l.id}: ${x.r.findings
        .filter((f) => f.severity === 'medium' || f.severity === 'high')
        .slice(0, 3)
        .map((f) => `${f.where ?? ''}: ${f.message}`)
        .join('; ')}`,
    )
}

if (values.verbose) {
  for (const x of bad.filter((y) => !y.flagged)) console.log(`missed ${x.l.id} (${x.l.disguise} in ${x.l.place})`)
  for (const x of good.filter((y) => y.flagged))
    console.log(
      `false positive ${x.l.id} (${x.l.source}): ${x.r.findings.map((f) => `${f.tool} ${f.where}: ${f.message}`).join('; ')}`,
    )
  for (const s of realFlagged.slice(0, 30)) console.log(`real ${s.name}: ${s.description}`)
}
