/**
 * The official MCP registry's read API (`/v0.1`, API version 2025-12-01), so registry clients (VS Code's MCP
 * gallery, Copilot, other sub-registries) can use the directory as a registry; also under `/v0`, where
 * `mcp-publisher` reads. Publishing and status changes are in ../publish; updating or deleting a version in place
 * answer 501, as the specification allows.
 */
import type { Database } from '@mcp-directory/shared/db'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import {
  registryDeleteServerVersion,
  registryGetServerVersion,
  registryGetServerVersionV0,
  registryListServers,
  registryListServersV0,
  registryListServerVersions,
  registryListServerVersionsV0,
  registryUpdateServerVersion,
} from './contract'
import { answerRefusal, RegistryRefusal, registryError } from './errors'
import { includesDeleted } from './model'
import { registryService } from './service'

export { encodeCursor } from './service'

export interface RegistryRouteDeps {
  database: Database
  baseUrl: string
  namespace: string
}

interface ParameterProblem {
  parameter: string
  message: string
}

/**
 * The directory's 400 `invalid_parameter` (a failed query model, a repeated parameter, a domain check) in the
 * registry's shape: `error` is a sentence naming the parameter, and so is each detail's message.
 */
async function asRegistryError(response: Response, baseUrl: string): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: string; details?: ParameterProblem[] } | null
  if (body?.error !== 'invalid_parameter' || !body.details?.length) return response
  const details = body.details.map((d) => ({ parameter: d.parameter, message: `${d.parameter} ${d.message}` }))
  const mapped = registryError(baseUrl, 400, details[0].message, 'invalid_parameter', details)
  response.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'content-type') mapped.headers.set(key, value)
  })
  return mapped
}

/** The path segments after `/v0.1/servers/`, decoded (names and versions arrive URL-encoded: `io.x%2Fy`, `1.0.0%2Bbuild`). */
export function segments(request: Request): string[] | null {
  const path = new URL(request.url).pathname.replace(/\/+$/, '')
  try {
    const parts = path
      .split('/')
      .slice(3)
      .map((s) => decodeURIComponent(s))
    return parts.some((p) => p.includes('\0')) ? null : parts
  } catch {
    return null
  }
}

/** The registry read API routes, mounted on the catalog app. */
export function registryRoutes(deps: RegistryRouteDeps) {
  const { baseUrl } = deps
  const registry = registryService(deps)
  const refusals = { answerError: answerRefusal(baseUrl) }
  const notImplemented = (what: string) => (): never => {
    throw new RegistryRefusal('not_implemented', `${what} is not supported by this registry`)
  }
  const serverNotFound = () => new RegistryRefusal('not_found', 'Server not found')
  type VersionsRequest = { request: Request; query: { include_deleted?: string } }
  const versionsOf = async ({ request, query }: VersionsRequest) => {
    const seg = segments(request)
    if (seg?.length !== 2) throw serverNotFound()
    const page = await registry.versions(seg[0], includesDeleted(query.include_deleted))
    if (!page) throw serverNotFound()
    return page
  }
  const versionOf = async ({ request, query }: VersionsRequest) => {
    const seg = segments(request)
    if (seg?.length !== 3) throw serverNotFound()
    const [name, , version] = seg
    const found = await registry.version(name, version, includesDeleted(query.include_deleted))
    if (found.missing === 'server') throw serverNotFound()
    if (found.missing === 'version') throw new RegistryRefusal('not_found', 'Server version not found')
    return found.server
  }

  return (
    new Elysia({ name: 'catalog:registry' })
      // Local to these routes: the service's error mapping answers first, in the directory's shape.
      .mapResponse(({ response }) =>
        // Only a 400 is looked at (a promise handed back for any other answer would replace it).
        response instanceof Response && response.status === 400 ? asRegistryError(response, baseUrl) : undefined,
      )
      .use(mount(registryListServers, ({ query }) => registry.list(query), refusals))
      .use(mount(registryListServersV0, ({ query }) => registry.list(query), refusals))
      .use(mount(registryListServerVersions, versionsOf, refusals))
      .use(mount(registryListServerVersionsV0, versionsOf, refusals))
      .use(mount(registryGetServerVersion, versionOf, refusals))
      .use(mount(registryGetServerVersionV0, versionOf, refusals))
      .use(
        mount(registryUpdateServerVersion, notImplemented('Updating a server version'), {
          ...refusals,
          parse: 'none',
        }),
      )
      .use(
        mount(registryDeleteServerVersion, notImplemented('Deleting a server version'), {
          ...refusals,
          parse: 'none',
        }),
      )
  )
}
