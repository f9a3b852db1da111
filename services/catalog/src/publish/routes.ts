/**
 * The official registry's publishing API: `/v0.1/auth/{dns,http,github-at,none}`, `/v0.1/publish` and the status
 * changes, each also under `/v0` (where `mcp-publisher` sends them). Errors in the registry's shape.
 */
import { bearerToken, json, jsonBody } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import { registryError, segments } from '../registry/routes'
import type { registryService } from '../registry/service'
import { GithubTokenBody, PublishBody, SignedTimestampBody, StatusUpdateBody } from './model'
import type { RegistryAuth } from './auth-service'
import { PublishError } from './errors'
import type { PublishService } from './service'

const MAX_AUTH_BODY = 4 * 1024
const MAX_SERVER_JSON = 256 * 1024
export const PUBLISH_PREFIXES = ['/v0.1', '/v0'] as const

export function publishRoutes(deps: {
  auth: RegistryAuth
  publish: PublishService
  registry: ReturnType<typeof registryService>
  baseUrl: string
}) {
  const { auth, publish, registry, baseUrl } = deps
  const answer = async (work: () => Promise<unknown> | unknown) => {
    try {
      return json(await work())
    } catch (err) {
      if (!(err instanceof PublishError)) throw err
      const code = { 400: 'invalid_body', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }
      const c = code[err.status as keyof typeof code] ?? 'internal'
      return registryError(baseUrl, err.status, err.message, c, err.details)
    }
  }
  const served = async (name: string, version: string) => {
    const found = await registry.version(name, version, true)
    return found.server ?? { server: { name, version } }
  }
  const statusOf = async (
    request: Request,
    body: { status: 'active' | 'deprecated' | 'deleted'; statusMessage?: string },
    all: boolean,
  ) => {
    const claims = auth.claimsOf(bearerToken(request))
    const seg = segments(request)
    if (!seg || seg.length !== (all ? 2 : 4)) throw new PublishError(404, 'Server not found')
    const name = seg[0]
    const version = all ? null : seg[2]
    const changed = await publish.setStatus(claims, name, version, body.status, body.statusMessage?.trim() || null)
    if (!all) return served(name, version as string)
    const servers = await Promise.all(changed.map((v) => served(name, v)))
    return { updatedCount: changed.length, servers }
  }

  const under = (p: (typeof PUBLISH_PREFIXES)[number]) =>
    new Elysia({ name: `catalog:publish${p}` })
      .post(`${p}/auth/dns`, ({ body }) => answer(() => auth.exchangeDns(body)), {
        body: SignedTimestampBody,
        parse: jsonBody(MAX_AUTH_BODY),
      })
      .post(`${p}/auth/http`, ({ body }) => answer(() => auth.exchangeHttp(body)), {
        body: SignedTimestampBody,
        parse: jsonBody(MAX_AUTH_BODY),
      })
      .post(`${p}/auth/github-at`, ({ body }) => answer(() => auth.exchangeGithub(body.github_token)), {
        body: GithubTokenBody,
        parse: jsonBody(MAX_AUTH_BODY),
      })
      .post(`${p}/auth/none`, () => answer(() => auth.exchangeNone()), { parse: 'none' })
      .post(
        `${p}/publish`,
        ({ request, body }) =>
          answer(async () => {
            const claims = auth.claimsOf(bearerToken(request))
            const done = await publish.publish(claims, body)
            return served(done.name, done.version)
          }),
        { body: PublishBody, parse: jsonBody(MAX_SERVER_JSON) },
      )
      .patch(
        `${p}/servers/:serverName/versions/:version/status`,
        ({ request, body }) => answer(() => statusOf(request, body, false)),
        { body: StatusUpdateBody, parse: jsonBody(MAX_AUTH_BODY) },
      )
      .patch(`${p}/servers/:serverName/status`, ({ request, body }) => answer(() => statusOf(request, body, true)), {
        body: StatusUpdateBody,
        parse: jsonBody(MAX_AUTH_BODY),
      })
  return new Elysia({ name: 'catalog:publish' }).use(under('/v0.1')).use(under('/v0'))
}
