// The OpenAPI document as the gateway serves it at /docs/json, for a fixed public address.
import { resolve } from 'node:path'
import { gatewayOwnRoutes } from '../../gateway/src/own-routes'
import { ROUTES } from '../../gateway/src/routes'

export const SNAPSHOT_PATH = resolve(import.meta.dir, '../../docs/api/openapi.json')
const BASE = 'https://directory.example'

export async function servedOpenApi(): Promise<unknown> {
  const answer = await gatewayOwnRoutes(BASE, ROUTES).handle(new Request(`${BASE}/docs/json`))
  if (answer.status !== 200) throw new Error(`/docs/json answered ${answer.status}`)
  return answer.json()
}
