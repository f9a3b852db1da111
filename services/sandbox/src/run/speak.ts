// The conversation with a started server: the handshake (server/discover, else initialize), its tools page by
// page (read as sent: a list that breaks the spec is kept with its defect), then its prompts, resources and skills
// when it offers them, and what it says besides its tools.
import type { Client } from '@modelcontextprotocol/client'
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills'
import { fitListed, readSkills, readTools, serverTexts } from '@mcp-directory/shared/toolscan'
import type { StartContext, StartOutcome } from './start-state'
import { type BoundedStdioTransport, sandboxProtocol } from './stdio'

const MAX_TOOLS = 500
/** At most this many pages of tools are read. */
export const MAX_PAGES = 10

/** Milliseconds since `t` (a performance.now() reading), rounded. */
export const since = (t: number) => Math.round(performance.now() - t)

// One MCP session with the boxed process: the request in progress, and the deadline every request shares.
export interface Session {
  client: Client
  phase: string
  signal: AbortSignal
  /** Milliseconds left of the time limit. */
  remaining: () => number
}

/** The handshake and the lists: initialize, tools/list, then prompts/list and resources/list when offered. */
export async function speakMcp(ctx: StartContext, session: Session, t: BoundedStdioTransport): Promise<StartOutcome> {
  const { client, signal } = session
  const t1 = performance.now()
  // A process that dies ends every pending request at once (the transport closes).
  await client.connect(t, { signal, timeout: session.remaining() })
  ctx.steps.initialize = since(t1)
  session.phase = 'tools/list'
  const t2 = performance.now()
  const { tools, first, defect } = await readTools(client, session, { pages: MAX_PAGES, tools: MAX_TOOLS })
  ctx.steps.tools = since(t2)
  const caps = client.getServerCapabilities() ?? {}
  let prompts: { name: string; description?: string }[] | undefined
  let resources: { name: string; description?: string }[] | undefined
  session.phase = 'prompts/list'
  if (caps.prompts)
    prompts = (
      await client.listPrompts(undefined, { signal, timeout: session.remaining() }).catch(() => ({ prompts: [] }))
    ).prompts
  session.phase = 'resources/list'
  if (caps.resources)
    resources = (
      await client.listResources(undefined, { signal, timeout: session.remaining() }).catch(() => ({ resources: [] }))
    ).resources
  const promptCount = prompts?.length
  const resourceCount = resources?.length
  session.phase = 'skills/list'
  const skills = await readSkills(new SkillsClient(client, { skipInvalid: true }), session)
  // What it says besides its tools, scanned with them: instructions, prompts', resources' and skills' texts.
  // Sent within a size the catalog takes; what was left out is said, and scanned as unread.
  const listed = fitListed(tools, serverTexts(client.getInstructions(), prompts, resources), skills)
  const server = listed.server
  ctx.steps.total = since(ctx.started)
  return {
    verdict: 'ran',
    steps: ctx.steps,
    detail: `${tools.length} tools${defect ? `; ${defect.message}` : ''}`,
    tools: listed.tools,
    ...(defect ? { toolsDefect: defect } : {}),
    ...(listed.skills ? { skills: listed.skills } : {}),
    ...(server ? { server } : {}),
    ...(promptCount !== undefined ? { promptCount } : {}),
    ...(resourceCount !== undefined ? { resourceCount } : {}),
    protocol: sandboxProtocol(client, first),
    stderr: t.stderr,
    stdoutBytes: t.bytesOut,
  }
}
