// The scan's labelled set of real data and many languages: benign tool lists captured from real npm MCP servers
// (benign.json, by `bun run bench:scan-capture`) and poisoned lists built from payloads.json, each payload in a
// tool description, a parameter description and the server's instructions of an otherwise honest list.
import type { ServerTexts, ToolInfo } from '@mcp-directory/shared/contracts'
import { serverTexts, toolInfo } from '@mcp-directory/shared/toolscan'
import benign from './benign.json'
import payloads from './payloads.json'
import fresh from './fresh.json'
import precision from './precision.json'
import classes from './classes.json'
import harm from './harm.json'

export interface LabelledList {
  id: string
  label: 'benign' | 'poisoned'
  /** The listing's name (the npm package, for benign lists). */
  name: string
  /** For poisoned lists: the language or disguise, and the place. */
  kind?: string
  place?: 'description' | 'parameter' | 'instructions'
  tools: ToolInfo[]
  server?: ServerTexts
}

type Raw = Parameters<typeof toolInfo>[0]

/** Every captured server that listed its tools, as the catalog would keep it. */
export function benignLists(): LabelledList[] {
  return (benign.servers as { package: string; version?: string; tools?: Raw[]; instructions?: string }[])
    .filter((s) => s.tools?.length)
    .map((s) => ({
      id: `${s.package}@${s.version}`,
      label: 'benign',
      name: s.package,
      tools: s.tools!.map(toolInfo),
      server: serverTexts(s.instructions),
    }))
}

const HOST: ToolInfo[] = [
  {
    name: 'add_note',
    description: 'Adds a note to the notebook.',
    parameters: ['text', 'notes'],
    parameterDescriptions: { text: 'The text of the note.', notes: 'Optional extra notes.' },
  },
  { name: 'search_notes', description: 'Searches the notes for a term.', parameters: ['query'] },
]
const PLACES = ['description', 'parameter', 'instructions'] as const

function place(text: string, where: (typeof PLACES)[number]): Pick<LabelledList, 'tools' | 'server'> {
  const [add, search] = HOST as [ToolInfo, ToolInfo]
  if (where === 'description') return { tools: [{ ...add, description: `${add.description} ${text}` }, search] }
  if (where === 'parameter')
    return {
      tools: [
        { ...add, parameterDescriptions: { ...add.parameterDescriptions, notes: `Optional notes. ${text}` } },
        search,
      ],
    }
  return { tools: HOST, server: { instructions: `This server keeps notes. ${text}` } }
}

/** Every payload in every place: per language, the override and the exfiltration order; then the disguised ones. */
export function poisonedLists(): LabelledList[] {
  const texts: [string, string][] = [
    ...Object.entries(payloads.languages as Record<string, string[]>).flatMap(([lang, [o, e]]) => [
      [`${lang} override`, o!] as [string, string],
      [`${lang} exfil`, e!] as [string, string],
    ]),
    ...(Object.entries(payloads.disguised) as [string, string][]),
  ]
  return texts.flatMap(([kind, text]) =>
    PLACES.map((where) => ({
      id: `${kind.replace(' ', '-')}-${where}`,
      label: 'poisoned' as const,
      name: 'io.example/notes',
      kind,
      place: where,
      ...place(text, where),
    })),
  )
}

/** One case of the held-out precision set: a tool as listed, and the server's instructions when given. */
interface PrecisionCase {
  id: string
  lang: string
  class: string
  tool: { name: string; description?: string; params?: Record<string, string> }
  instructions?: string
}

const asList = (c: PrecisionCase, label: LabelledList['label']): LabelledList => {
  const params = c.tool.params ?? {}
  return {
    id: c.id,
    label,
    name: 'io.example/server',
    kind: `${c.lang} ${c.class}`,
    tools: [
      {
        name: c.tool.name,
        ...(c.tool.description ? { description: c.tool.description } : {}),
        ...(Object.keys(params).length
          ? {
              parameters: [...new Set(Object.keys(params).map((p) => p.split(/[.[]/)[0]!))],
              parameterDescriptions: params,
            }
          : {}),
      },
    ],
    ...(c.instructions ? { server: { instructions: c.instructions } } : {}),
  }
}

type HeldOut = { benign: PrecisionCase[]; poisoned: PrecisionCase[] }
const heldOut = (set: HeldOut) => ({
  benign: set.benign.map((c) => asList(c, 'benign')),
  poisoned: set.poisoned.map((c) => asList(c, 'poisoned')),
})

/** The held-out set (precision.json), written before the scan read combinations of cues: benign and poisoned. */
export const precisionLists = () => heldOut(precision as HeldOut)

/** The second held-out check (fresh.json), written after the first change and run once before the next. */
export const freshLists = () => heldOut(fresh as HeldOut)

/** Classes an independent check found missed or over-flagged, written before the rules that catch them. */
export const classLists = () => heldOut(classes as HeldOut)

/** Acts against the user a reviewer found missed (secrets by their variable, the user's words sent out, a harvested
 * environment, a substituted payee, confirmation suppressed, other servers disparaged), with honest near misses. */
export const harmLists = () => heldOut(harm as unknown as HeldOut) // params differ per case: JSON types do not unify
