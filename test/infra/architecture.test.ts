// The architecture as rules the import graph must keep: folders that stand in layers, files without circles, and
// the catalog's import reached only through its ports. A rule broken names the files behind it.
import { describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { circles, edgesInCircles, folderGraph, importsOf, productFiles, ROOT } from './import-graph'

/** The rooms of the house: each service's source, the gateway's and shared's. */
const ROOMS = [
  'gateway/src',
  'shared/src',
  ...readdirSync(join(ROOT, 'services')).map((service) => `services/${service}/src`),
]

/** Circles between files of one room (a file importing, through others, itself). */
function fileCircles(room: string): string[][] {
  const graph = new Map<string, Set<string>>()
  for (const file of productFiles())
    if (file.startsWith(`${room}/`))
      graph.set(file, new Set(importsOf(file).filter((target) => target.startsWith(`${room}/`))))
  return circles(graph).map((circle) => circle.map((file) => file.slice(room.length + 1)))
}

/** Every folder of a room, the room itself included. */
function foldersOf(room: string): string[] {
  const folders = new Set([room])
  for (const file of productFiles()) {
    if (!file.startsWith(`${room}/`)) continue
    const parts = file.split('/')
    for (let end = room.split('/').length + 1; end < parts.length; end++) folders.add(parts.slice(0, end).join('/'))
  }
  return [...folders]
}

describe('the import graph', () => {
  test("the catalog's top folders stand in layers: no arrow runs back up between them", () => {
    expect(edgesInCircles(folderGraph('services/catalog/src'))).toEqual([])
  })

  test('no folder of any room has a circle between the folders inside it', () => {
    const found = ROOMS.flatMap(foldersOf).flatMap((folder) =>
      circles(folderGraph(folder)).map((circle) => `${folder}: ${circle.join(' ⇄ ')}`),
    )
    expect(found).toEqual([])
  })

  test('no file of a room reaches itself through its imports', () => {
    const found = ROOMS.flatMap((room) => fileCircles(room).map((circle) => `${room}: ${circle.join(' ⇄ ')}`))
    expect(found).toEqual([])
  })

  test("the catalog's import reaches moderation, registry and publish only through its ports", () => {
    const reached = productFiles()
      .filter((file) => file.startsWith('services/catalog/src/import/'))
      .flatMap((file) => importsOf(file).map((target) => `${file} → ${target}`))
      .filter((edge) => /→ services\/catalog\/src\/(moderation|registry|publish)\//.test(edge))
    expect(reached).toEqual([])
  })
})
