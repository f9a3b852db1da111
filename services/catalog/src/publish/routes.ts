/**
 * The official registry's publishing API: `/v0.1/auth/{dns,http,github-at,none}`, `/v0.1/publish` and the status
 * changes, each also under `/v0` (where `mcp-publisher` sends them). Errors in the registry's shape.
 */
import { bearerToken, jsonBody } from '@mcp-directory/shared/http'
import { mount } from '@mcp-directory/shared/service'
import { Elysia, type Static } from 'elysia'
import {
  registryAuthDns,
  registryAuthDnsV0,
  registryAuthGithub,
  registryAuthGithubV0,
  registryAuthHttp,
  registryAuthHttpV0,
  registryAuthNone,
  registryAuthNoneV0,
  registryPublish,
  registryPublishV0,
  registryUpdateServerStatus,
  registryUpdateServerStatusV0,
  registryUpdateServerVersionStatus,
  registryUpdateServerVersionStatusV0,
} from '../registry/contract'
import { answerRefusal, RegistryRefusal } from '../registry/errors'
import type { ServerResponse } from '../registry/model'
import { segments } from '../registry/routes'
import type { registryService } from '../registry/service'
import type { RegistryAuth } from './auth-service'
import type { PublishService } from './service'

const MAX_AUTH_BODY = 4 * 1024
const MAX_SERVER_JSON = 256 * 1024

/** The publishing operations where the specification puts them (`/v0.1`), and where mcp-publisher sends them. */
const V0_1 = {
  dns: registryAuthDns,
  http: registryAuthHttp,
  github: registryAuthGithub,
  none: registryAuthNone,
  publish: registryPublish,
  versionStatus: registryUpdateServerVersionStatus,
  serverStatus: registryUpdateServerStatus,
}
const V0 = {
  dns: registryAuthDnsV0,
  http: registryAuthHttpV0,
  github: registryAuthGithubV0,
  none: registryAuthNoneV0,
  publish: registryPublishV0,
  versionStatus: registryUpdateServerVersionStatusV0,
  serverStatus: registryUpdateServerStatusV0,
}

type StatusBody = { status: 'active' | 'deprecated' | 'deleted'; statusMessage?: string }

export function publishRoutes(deps: {
  auth: RegistryAuth
  publish: PublishService
  registry: ReturnType<typeof registryService>
  baseUrl: string
}) {
  const { auth, publish, registry, baseUrl } = deps
  const answerError = answerRefusal(baseUrl)
  const authBody = { answerError, parse: jsonBody(MAX_AUTH_BODY) }
  const served = async (name: string, version: string) => {
    const found = await registry.version(name, version, true)
    // A version no longer served (its listing held back since) answers with its name and version only: less than
    // the ServerResponse its contract documents.
    return found.server ?? ({ server: { name, version } } as Static<typeof ServerResponse>)
  }
  const setStatus = async (request: Request, body: StatusBody, all: boolean) => {
    const claims = auth.claimsOf(bearerToken(request))
    const seg = segments(request)
    if (!seg || seg.length !== (all ? 2 : 4)) throw new RegistryRefusal('not_found', 'Server not found')
    const [name, , version = ''] = seg
    const message = body.statusMessage?.trim() || null
    const changed = await publish.setStatus(claims, name, all ? null : version, body.status, message)
    return { name, version, changed }
  }

  const under = (name: string, at: typeof V0_1 | typeof V0) =>
    new Elysia({ name })
      .use(mount(at.dns, ({ body }) => auth.exchangeDns(body), authBody))
      .use(mount(at.http, ({ body }) => auth.exchangeHttp(body), authBody))
      .use(mount(at.github, ({ body }) => auth.exchangeGithub(body.github_token), authBody))
      .use(mount(at.none, () => auth.exchangeNone(), { answerError, parse: 'none' }))
      .use(
        mount(
          at.publish,
          async ({ request, body }) => {
            const done = await publish.publish(auth.claimsOf(bearerToken(request)), body)
            return served(done.name, done.version)
          },
          { answerError, parse: jsonBody(MAX_SERVER_JSON) },
        ),
      )
      .use(
        mount(
          at.versionStatus,
          async ({ request, body }) => {
            const { name, version } = await setStatus(request, body, false)
            return served(name, version)
          },
          authBody,
        ),
      )
      .use(
        mount(
          at.serverStatus,
          async ({ request, body }) => {
            const { name, changed } = await setStatus(request, body, true)
            const servers = await Promise.all(changed.map((v) => served(name, v)))
            return { updatedCount: changed.length, servers }
          },
          authBody,
        ),
      )
  return new Elysia({ name: 'catalog:publish' })
    .use(under('catalog:publish/v0.1', V0_1))
    .use(under('catalog:publish/v0', V0))
}
