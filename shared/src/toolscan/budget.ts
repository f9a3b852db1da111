// What a checker sends the catalog of a server's lists fits well inside the facts body's limit (2 MB, with the
// README and the rest): a server decides how much it lists, not how large a write is. Past LISTED_BYTES, tools are
// left out from the end, and that they were is said (`unscanned`), so what was not sent is a finding the public
// sees, never a silent gap nor a write the catalog refuses.
import type { ServerTexts, SkillInfo, ToolInfo } from '../contracts/listing'
import type { SkillsRead } from './read'

/** Bytes of JSON kept of one server's tools, own texts and skills together. */
export const LISTED_BYTES = 900 * 1024

const bytesOf = (v: unknown) => (v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v)))

/** The tools, the server's texts (with its skills' texts and what was left unread) and skills as sent. */
export function fitListed(
  tools: readonly ToolInfo[],
  texts: ServerTexts | undefined,
  skills: SkillsRead | undefined,
): { tools: ToolInfo[]; server?: ServerTexts; skills?: SkillInfo[] } {
  const unscanned = [...(skills?.unscanned ?? [])]
  let room = LISTED_BYTES - bytesOf(texts) - bytesOf(skills?.texts) - bytesOf(skills?.skills)
  const kept: ToolInfo[] = []
  for (const t of tools) {
    room -= bytesOf(t) + 1
    if (room < 0) break
    kept.push(t)
  }
  if (kept.length < tools.length)
    unscanned.push(
      `${tools.length - kept.length} of ${tools.length} tools were not kept: the list is over ${LISTED_BYTES} bytes`,
    )
  const server: ServerTexts | undefined =
    skills?.texts.length || unscanned.length
      ? {
          ...texts,
          ...(skills?.texts.length ? { skills: skills.texts } : {}),
          ...(unscanned.length ? { unscanned } : {}),
        }
      : texts
  return { tools: kept, ...(server ? { server } : {}), ...(skills ? { skills: skills.skills } : {}) }
}
