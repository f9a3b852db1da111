// The Server Card and the AI Catalog against the current draft of the Server Card proposal
// (modelcontextprotocol/experimental-ext-server-card, schema.json at 8924e08, kept in test/fixtures).
import { describe, expect, test } from 'bun:test'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import schema from '../test/fixtures/server-card.schema.json'
import { AI_CATALOG_PATH, aiCatalog, SERVER_CARD_PATH, SERVER_CARD_TYPE, serverCard } from './card'
import { PROTOCOL_VERSIONS } from './protocol'
import { SERVER_INFO, serverIdentity } from './server'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
ajv.addSchema(schema, 'server-card.schema.json')
const validCard = ajv.getSchema('server-card.schema.json#/$defs/ServerCard')!

// The AI Catalog entry as the proposal's discovery document describes it (identifier, type, url or data).
const validCatalog = ajv.compile({
  type: 'object',
  required: ['specVersion', 'entries'],
  properties: {
    specVersion: { type: 'string' },
    entries: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['identifier', 'type'],
        properties: {
          identifier: { type: 'string', pattern: '^urn:air:[^:]+:mcp:.+$' },
          type: { const: SERVER_CARD_TYPE },
          url: { type: 'string', format: 'uri' },
          data: { type: 'object' },
        },
        oneOf: [{ required: ['url'] }, { required: ['data'] }],
      },
    },
  },
})

describe('the Server Card and the AI Catalog', () => {
  for (const base of [
    'https://dir.example.com',
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
  ]) {
    test(`valid against the draft's schema for ${base}`, () => {
      const card = serverCard(base, serverIdentity(base))
      expect(validCard(card) ? [] : validCard.errors).toEqual([])
      const catalog = aiCatalog(base, SERVER_INFO)
      expect(validCatalog(catalog) ? [] : validCatalog.errors).toEqual([])
      expect(catalog.entries[0]!.url).toBe(`${base}${SERVER_CARD_PATH}`)
      expect(AI_CATALOG_PATH).toBe('/.well-known/ai-catalog.json')
    })
  }

  test('the card says what server/discover says: name, version, title, description, endpoint and versions', () => {
    const base = 'https://dir.example.com'
    const identity = serverIdentity(base)
    const card = serverCard(base, identity)
    expect(card).toMatchObject({
      name: 'com.example.dir/mcp-directory',
      version: identity.version,
      title: identity.title,
      description: identity.description,
    })
    expect(identity.name).toBe(card.name)
    expect(card.remotes).toEqual([
      { type: 'streamable-http', url: `${base}/api/mcp`, supportedProtocolVersions: PROTOCOL_VERSIONS },
    ])
    expect(PROTOCOL_VERSIONS).toContain('2026-07-28')
  })

  test('the schema refuses what the draft refuses (a check that the check works)', () => {
    const card = serverCard('https://dir.example.com', serverIdentity('https://dir.example.com'))
    expect(validCard({ ...card, name: 'no-slash' })).toBe(false)
    expect(validCard({ ...card, description: 'x'.repeat(101) })).toBe(false)
  })
})
