// A service's face (`@mcp-directory/<service>/contracts`: its endpoint contracts and their models) is what the
// gateway's route table, the OpenAPI document, the public client and other services import: it pulls in the
// service's contract and model files and shared/, never its implementation (a ranking engine, a parser), so a
// change inside a service cannot reach its readers through the face. Service files per face when this was written:
// badge 4, catalog 24, sandbox 3, claim-verifier 5, web 12, agent-auth 6, prober 3, mcp 3, submission 7.
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { circles, closure, folderGraph, ROOT } from './import-graph'

/** A contract or model file: `contract.ts`, `contracts.ts`, `model.ts`, `*-model.ts` or anything under `models/`. */
const isContractOrModel = (file: string) =>
  /\/(contracts?|model|[^/]+-model)\.ts$/.test(file) || file.split('/').includes('models')

/** Each service's face file, read from its package.json's `./contracts` export. */
const faces = readdirSync(join(ROOT, 'services')).flatMap((service) => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'services', service, 'package.json'), 'utf8'))
  const face = manifest.exports?.['./contracts']
  return typeof face === 'string' ? [{ service, file: join('services', service, face) }] : []
})

describe("a service's face", () => {
  test('every service exports one', () => {
    expect(faces.map((f) => f.service).sort()).toEqual(readdirSync(join(ROOT, 'services')).sort())
  })

  for (const { service, file } of faces) {
    const pulled = [...closure(file)].filter((f) => f.startsWith(`services/${service}/`))
    test(`${service}: the ${pulled.length} service files it pulls in are contract and model files`, () => {
      expect(pulled.filter((f) => !isContractOrModel(f))).toEqual([])
    })
    test(`${service}: pulls in no other service`, () => {
      const elsewhere = [...closure(file)].filter(
        (f) => !f.startsWith(`services/${service}/`) && !f.startsWith('shared/'),
      )
      expect(elsewhere).toEqual([])
    })
  }
})

describe('shared/src', () => {
  test('its top folders stand in layers: no circle of imports between them', () => {
    expect(circles(folderGraph('shared/src'))).toEqual([])
  })
})
