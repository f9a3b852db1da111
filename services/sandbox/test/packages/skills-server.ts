// A stdio MCP server built with the official SDK v2 that offers one skill (the Skills extension), its SKILL.md text
// set when it is bundled (SKILL_BODY), beside one tool.
import { McpServer } from '@modelcontextprotocol/server'
import { memorySkillFiles, SkillCatalog } from '@modelcontextprotocol/server/ext/skills'
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'

declare const SKILL_BODY: string

async function main() {
  const skills = await SkillCatalog.load(
    memorySkillFiles({
      'release-notes/SKILL.md': `---\nname: release-notes\ndescription: Writes release notes from merged changes\n---\n${SKILL_BODY}\n`,
      'release-notes/templates/NOTES.md': '# Release {{version}}\n',
    }),
  )
  const server = new McpServer({ name: 'skills-stand-in', version: '1.0.0' })
  server.registerTool('list_changes', { description: 'Lists merged changes' }, () => ({ content: [] }))
  skills.attach(server)
  await server.connect(new StdioServerTransport())
}

void main()
