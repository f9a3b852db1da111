// A tool list read as sent: what breaks the spec is named, and what is readable is kept. Skills compared by digest.
import { describe, expect, test } from 'bun:test'
import type { SkillInfo } from '../contracts/listing'
import { schemaType, toolInfo } from './listed'
import { toolsOfRaw } from './read'
import { diffSkills, skillInfo, skillsHash } from './skills'

const object = { type: 'object', properties: { q: { type: 'string', description: 'The query' } } }

describe('toolsOfRaw', () => {
  test('a list that keeps the spec has no defect', () => {
    const r = toolsOfRaw([{ name: 'search', description: 'Searches', inputSchema: object }])
    expect(r.defect).toBeUndefined()
    expect(r.tools).toEqual([
      {
        name: 'search',
        description: 'Searches',
        parameters: ['q'],
        parameterDescriptions: { q: 'The query' },
        parameterTypes: { q: 'string' },
      },
    ])
  })

  test('a tool without a name is left out, a repeated name kept once, every kind counted in the message', () => {
    const r = toolsOfRaw([
      { name: 'a', inputSchema: object },
      { description: 'no name', inputSchema: object },
      { name: 'a', inputSchema: object },
      { name: 'b', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } },
      'not a tool',
    ])
    expect(r.tools.map((t) => t.name)).toEqual(['a', 'b'])
    expect(r.defect).toEqual({
      code: 'input_schema_not_object',
      message:
        'tools/list breaks the spec: 1 tool\'s inputSchema lacks type "object"; 1 tool has no name; 1 tool name is listed more than once; 1 entry is not a tool; clients built on the official SDK reject the whole list',
      tools: ['b', '#1', 'a', '#4'],
    })
  })

  test('a missing inputSchema is a defect too', () => {
    expect(toolsOfRaw([{ name: 'x' }]).defect?.code).toBe('input_schema_not_object')
  })
})

const entry = (runbook: string) => ({
  uri: 'skill://ops/triage/SKILL.md',
  frontmatter: { name: 'triage', description: 'Triage incidents', title: 'Triage' },
  resources: [
    { uri: 'skill://ops/triage/SKILL.md', digest: `sha256:${'a'.repeat(64)}`, size: 10 },
    { uri: 'skill://ops/triage/references/RUNBOOK.md', digest: `sha256:${runbook.repeat(64)}`, size: 5 },
  ],
})

describe('skills', () => {
  test('an entry is kept with paths under its root and hex digests', () => {
    expect(skillInfo(entry('b'))).toEqual({
      name: 'triage',
      title: 'Triage',
      description: 'Triage incidents',
      uri: 'skill://ops/triage/SKILL.md',
      files: [
        { path: 'SKILL.md', sha256: 'a'.repeat(64) },
        { path: 'references/RUNBOOK.md', sha256: 'b'.repeat(64) },
      ],
    })
    expect(skillInfo({ uri: 'skill://x/SKILL.md', frontmatter: { description: 'no name' } })).toBeNull()
  })

  test('a changed digest changes the hash and names the skill; order does not', () => {
    const one = skillInfo(entry('b'))!
    const two = skillInfo(entry('c'))!
    const other: SkillInfo = { name: 'deploy', description: 'Deploys', uri: 'skill://deploy/SKILL.md', files: [] }
    expect(skillsHash([one, other])).toBe(skillsHash([other, one]))
    expect(skillsHash([one])).not.toBe(skillsHash([two]))
    expect(diffSkills([one, other], [two])).toEqual({ added: [], removed: ['deploy'], changed: ['triage'] })
    expect(diffSkills([one], [one, other])).toEqual({ added: ['deploy'], removed: [], changed: [] })
  })
})

describe('a tool as listed keeps what an argument line needs', () => {
  test("each top-level parameter's type in a word and the required ones", () => {
    const info = toolInfo({
      name: 'extract',
      inputSchema: {
        properties: {
          path: { type: 'string' },
          pages: { type: 'array', items: { type: 'integer' } },
          mode: { enum: ['fast', 'full'] },
          note: { type: ['string', 'null'] },
          loose: {},
        },
        required: ['path', 'ghost'],
      } as never,
    })
    expect(info.parameterTypes).toEqual({ path: 'string', pages: 'integer[]', mode: 'enum', note: 'string|null' })
    expect(info.required).toEqual(['path'])
    expect(schemaType({ type: 'x'.repeat(41) })).toBeNull()
  })
})
