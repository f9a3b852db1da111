import { describe, expect, test } from 'bun:test'
import { servedOpenApi, SNAPSHOT_PATH } from './openapi-document'

describe('the OpenAPI document', () => {
  test('is the committed snapshot (refresh it with `bun run openapi:snapshot` when the API changes on purpose)', async () => {
    const committed = await Bun.file(SNAPSHOT_PATH).json()
    expect(await servedOpenApi()).toEqual(committed)
  })
})
