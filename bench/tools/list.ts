// `bun bench/tools/list.ts --part dev|holdout`: prints the captured servers of one part and their tools (name,
// title, description, arguments), the text a query writer reads; for writing that part's judged queries without
// seeing the other part.
import { fail, parseCommand } from '../../scripts/cli'
import { inPart, loadCaptured } from './data'

const NAME = 'bun bench/tools/list.ts'
const { values } = parseCommand({
  name: NAME,
  usage: `usage: ${NAME} --part dev|holdout\n\nPrints the captured servers of one part with their tools.`,
  options: { part: { type: 'string' } },
})
if (values.part !== 'dev' && values.part !== 'holdout') fail(NAME, '--part must be dev or holdout')
for (const s of inPart(await loadCaptured(), values.part)) {
  console.log(`\n## ${s.package}@${s.version}${s.description ? ` — ${s.description}` : ''}`)
  for (const t of s.tools) {
    const schema = t.inputSchema as { properties?: Record<string, unknown> } | undefined
    const args = Object.keys(schema?.properties ?? {}).join(', ')
    const title = typeof t.title === 'string' ? ` (${t.title})` : ''
    const description = String(t.description ?? '').replace(/\s+/g, ' ')
    console.log(`- ${t.name}${title}(${args}): ${description}`)
  }
}
