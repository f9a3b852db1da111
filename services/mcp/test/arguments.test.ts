// One contract for tool arguments: each tool that mirrors a REST route takes that route's own model, as the gateway's
// route table gives it. Values drawn from the route's model (fast-check) are accepted by the tool; a value that
// breaks one property of the model is refused by the tool, as invalid_parameter naming that argument. And each
// output schema is the route's response model.
import { describe, expect, test } from 'bun:test'
import type { TSchema } from '@sinclair/typebox'
import fc from 'fast-check'
import { documentedSchema } from '../../../gateway/src/openapi'
import { ROUTES } from '../../../gateway/src/routes'
import { AppError } from '@mcp-directory/shared/errors'
import { invalidVariants, type Schema, valid } from '../../../test/contract/schema-arbitrary'
import { checkArgs, toolInput } from '../src/tools/args'
import { TOOL_LIST } from '../src/tools'

const SEED = Number(process.env.CONTRACT_SEED ?? 20261126)
const RUNS = 200

/** Each tool that mirrors a route: the route, where its arguments travel, and the tool's names for its parameters. */
const MIRRORS: {
  tool: string
  method: string
  path: string
  input: 'query' | 'body'
  rename?: Record<string, string>
  /** Arguments the tool takes more widely than the route (a boolean for `verified`, client names for `client`). */
  wider?: string[]
  /** Arguments the tool takes beside the model (the listing id of the route's path). */
  with?: Record<string, unknown>
}[] = [
  {
    tool: 'search_mcp_servers',
    method: 'GET',
    path: '/api/v1/search',
    input: 'query',
    rename: { q: 'query' },
    wider: ['client', 'verified', 'ready'],
  },
  { tool: 'submit_mcp_server', method: 'POST', path: '/api/v1/submit', input: 'body' },
  { tool: 'register_mcp_agent', method: 'POST', path: '/api/v1/agent/register', input: 'body' },
  { tool: 'confirm_mcp_agent', method: 'POST', path: '/api/v1/agent/register/confirm', input: 'body' },
  { tool: 'verify_mcp_claim', method: 'POST', path: '/api/v1/agent/claim', input: 'body' },
  { tool: 'edit_my_server', method: 'PATCH', path: '/api/v1/servers/:id', input: 'body', with: { id: 'a-listing' } },
  {
    tool: 'set_my_server_status',
    method: 'POST',
    path: '/api/v1/servers/:id/status',
    input: 'body',
    with: { id: 'a-listing' },
  },
  {
    tool: 'transfer_my_server',
    method: 'POST',
    path: '/api/v1/servers/:id/transfer',
    input: 'body',
    with: { id: 'a-listing' },
  },
]

const toolNamed = (name: string) => TOOL_LIST.find((t) => t.name === name)!
const routeOf = (m: (typeof MIRRORS)[number]) => ROUTES.find((r) => r.method === m.method && r.path === m.path)!
const modelOf = (m: (typeof MIRRORS)[number]) => routeOf(m)[m.input] as TSchema
const renamed = (value: Record<string, unknown>, rename: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [rename[k] ?? k, v]))

/** The arguments a call refuses, by name; [] when it accepts them. */
function refused(tool: string, args: Record<string, unknown>): string[] {
  try {
    checkArgs(toolNamed(tool).args, args)
    return []
  } catch (e) {
    if (!(e instanceof AppError)) throw e
    expect(e.code).toBe('invalid_parameter')
    return (e.details as { argument: string }[]).map((d) => d.argument)
  }
}

describe('a tool accepts exactly what the REST route it calls accepts', () => {
  for (const m of MIRRORS) {
    test(`${m.tool}: every value drawn from ${m.method} ${m.path}'s ${m.input} model is accepted`, () => {
      const schema = documentedSchema(modelOf(m)) as Schema
      fc.assert(
        fc.property(valid(schema), (value) => {
          expect(refused(m.tool, { ...m.with, ...renamed(value as Record<string, unknown>, m.rename) })).toEqual([])
        }),
        { numRuns: RUNS, seed: SEED },
      )
    })

    test(`${m.tool}: a value breaking one property of the route's model is refused, naming the argument`, () => {
      const schema = documentedSchema(modelOf(m)) as Schema
      const base = fc.sample(valid(schema), { numRuns: 1, seed: SEED })[0] as Record<string, unknown>
      const variants = invalidVariants(schema, base, false).filter(
        (v) => !m.wider?.includes(m.rename?.[v.property] ?? v.property),
      )
      expect(variants.length).toBeGreaterThan(0)
      for (const v of variants) {
        const argument = m.rename?.[v.property] ?? v.property
        const args = { ...m.with, ...renamed(v.input, m.rename) }
        expect({ case: `${v.property}: ${v.why}`, refused: refused(m.tool, args) }).toEqual({
          case: `${v.property}: ${v.why}`,
          refused: [argument],
        })
      }
    })

    test(`${m.tool}: each argument's schema in tools/list is the route parameter's`, () => {
      const schema = documentedSchema(modelOf(m)) as Schema
      const input = toolInput(toolNamed(m.tool).args) as { properties: Record<string, Record<string, unknown>> }
      for (const [param, p] of Object.entries(schema.properties ?? {})) {
        const argument = m.rename?.[param] ?? param
        if (m.wider?.includes(argument)) continue
        // Custom error texts (nested ones too) are the route's messages, not schema keywords.
        const bare = JSON.parse(JSON.stringify(p, (k, v) => (k === 'error' ? undefined : v)))
        const { description: _d, default: _f, ...keywords } = bare as Record<string, unknown>
        expect({ argument, schema: input.properties[argument] }).toMatchObject({ argument, schema: keywords })
      }
    })
  }

  test('the listing-id tools take any id the path takes, long ones included', () => {
    const id = 'a'.repeat(500)
    for (const tool of ['get_mcp_server', 'get_mcp_install_config', 'get_claim_challenge', 'accept_server_transfer'])
      expect({ tool, refused: refused(tool, { id }) }).toEqual({ tool, refused: [] })
  })
})

describe('each output schema is the response model of the route the tool calls', () => {
  const outputs: [string, string, string][] = [
    ['search_mcp_servers', 'GET', '/api/v1/search'],
    ['get_mcp_server', 'GET', '/api/v1/servers/:id'],
    ['list_mcp_categories', 'GET', '/api/v1/categories'],
    ['submit_mcp_server', 'POST', '/api/v1/submit'],
    ['register_mcp_agent', 'POST', '/api/v1/agent/register'],
    ['confirm_mcp_agent', 'POST', '/api/v1/agent/register/confirm'],
    ['get_claim_challenge', 'GET', '/api/v1/agent/claim/:id/challenge'],
    ['verify_mcp_claim', 'POST', '/api/v1/agent/claim'],
    ['revoke_mcp_agent', 'POST', '/api/v1/agent/revoke'],
  ]
  test('the owner tools: the open record of their routes, so the Error object fits it too', () => {
    for (const [tool, method, path] of [
      ['edit_my_server', 'PATCH', '/api/v1/servers/:id'],
      ['set_my_server_status', 'POST', '/api/v1/servers/:id/status'],
      ['transfer_my_server', 'POST', '/api/v1/servers/:id/transfer'],
      ['accept_server_transfer', 'POST', '/api/v1/servers/:id/transfer/accept'],
    ] as const) {
      const route = ROUTES.find((r) => r.method === method && r.path === path)!
      const ok = Object.entries(route.responses).find(([status]) => status.startsWith('2'))![1] as { schema: TSchema }
      expect({ tool, output: toolNamed(tool).output }).toEqual({ tool, output: JSON.parse(JSON.stringify(ok.schema)) })
    }
  })

  for (const [tool, method, path] of outputs)
    test(`${tool}: the fields of ${method} ${path}'s answer, required as it requires them`, () => {
      const route = ROUTES.find((r) => r.method === method && r.path === path)!
      const ok = Object.entries(route.responses).find(([status]) => status.startsWith('2'))![1] as unknown as {
        schema: { properties: Record<string, unknown>; required?: string[] }
      }
      const output = toolNamed(tool).output as { properties: Record<string, unknown>; anyOf: { required: string[] }[] }
      expect(Object.keys(output.properties).sort()).toEqual(Object.keys(ok.schema.properties).sort())
      expect(output.anyOf[0]!.required).toEqual(ok.schema.required ?? [])
      expect(output.anyOf[1]!.required).toEqual(['error', 'message'])
    })
})
