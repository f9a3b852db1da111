/**
 * What a tool does to what it names, read from the verb of its name (tool names are mostly `verb_object`:
 * `create_issue`, `getRepoFile`, `API-post-page`), and what a query asks to do, read from its verbs ("open a pull
 * request" asks to create one). Both are sets of a few general operations; a tool whose operation the query asks for
 * ranks above one that does something else to the same object (tool-search.ts). The verbs are the everyday words for
 * each operation, not chosen for any query or tool.
 */
import { written, words } from '../../text/terms'

const OPERATIONS = {
  create: 'create add new make insert generate build draw plot register open file write post compose start',
  read: 'get read retrieve fetch show view see describe inspect load check open detail details info',
  list: 'list browse enumerate all',
  search: 'search find query lookup look discover locate',
  update: 'update edit change modify set patch rename put replace move upsert',
  delete: 'delete remove drop destroy clear clean purge erase',
  send: 'send post reply message notify email publish share',
  run: 'run execute exec trigger invoke launch evaluate eval call start',
} as const

/** Per verb, the bits of the operations it names (a verb can name two: "open" a page, "open" a ticket). */
const BITS = new Map<string, number>()
Object.values(OPERATIONS).forEach((verbs, i) => {
  for (const v of verbs.split(' ')) BITS.set(v, (BITS.get(v) ?? 0) | (1 << i))
})

/** The operations that only read: a question asks for one of them, and each is near the others. */
const READING = (1 << 1) | (1 << 2) | (1 << 3)
/** Words a question starts with: it asks to be told something, whatever verb follows ("who changed this flag"). */
const QUESTION = new Set('what which who whom whose how where when why is are does do did was were'.split(' '))

/**
 * The operations a query asks for: those of its first verb naming one (stop words included: "get", "show"), or the
 * reading ones for a question; 0 when it names none.
 */
export function queryActions(q: string): number {
  const all = words(q.toLowerCase())
  if (all.length && QUESTION.has(all[0]!)) return READING
  for (const w of all) {
    const bits = BITS.get(w)
    if (bits) return bits
  }
  return 0
}

/** The operations near those asked for (another way of reading for one that reads), those asked aside. */
export const nearActions = (bits: number): number => (bits & READING ? READING & ~bits : 0)

/**
 * The operation of a tool: that of its name's first word naming one (`slack_post_message` → send), else that of the
 * verb its description starts with ("Creates a page", "Lists the runs"); 0 for none.
 */
export function toolAction(name: string, description = ''): number {
  const w = written(name)
  for (const word of [...w.words, ...w.parts]) {
    const bits = BITS.get(word)
    if (bits) return bits
  }
  const first = words(description.slice(0, 40).toLowerCase())[0] ?? ''
  return BITS.get(first) ?? BITS.get(first.replace(/e?s$/, '')) ?? BITS.get(first.replace(/s$/, '')) ?? 0
}
