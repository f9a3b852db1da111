// POST /api/v1/submit: the model validates the body, the rules check what it cannot say, the service accepts it.
import { checkedRepositoryUrl } from '@mcp-directory/shared/identity'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { jsonObjectBody } from '../http/body'
import { submitServer } from './contract'
import { acceptSubmission } from './rules'
import { type SubmitDeps, submit } from './service'

/** Largest submission body (directory-api §4.7 leaves it open; documented in the README). */
export const MAX_SUBMISSION_BYTES = 64 * 1024

/** The submission route; `accepted` runs after each accepted submission (the outbox and mail are nudged). */
export const submissionRoutes = (deps: SubmitDeps, accepted: () => void) =>
  new Elysia().use(
    mount(
      submitServer,
      async ({ body, set }) => {
        const input = acceptSubmission(body)
        const result = await submit(deps, {
          ...input,
          url: await checkedRepositoryUrl(input.url, deps.folders ?? null),
        })
        accepted()
        // The answer carries the claim secret: never cached.
        set.headers['cache-control'] = 'no-store'
        return result
      },
      {
        parse: jsonObjectBody(MAX_SUBMISSION_BYTES, (removed) => deps.log.info({ removed }, 'submission: NUL removed')),
      },
    ),
  )
