// POST /api/v1/submit: the model validates the body, the rules check what it cannot say, the service accepts it.
import { json } from '@mcp-directory/shared/http'
import { checkedRepositoryUrl } from '@mcp-directory/shared/identity'
import { Elysia } from 'elysia'
import { jsonObjectBody } from '../http/body'
import { SubmissionBody } from './model'
import { acceptSubmission } from './rules'
import { type SubmitDeps, submit } from './service'

/** Largest submission body (directory-api §4.7 leaves it open; documented in the README). */
export const MAX_SUBMISSION_BYTES = 64 * 1024

/** The submission route; `accepted` runs after each accepted submission (the outbox and mail are nudged). */
export const submissionRoutes = (deps: SubmitDeps, accepted: () => void) =>
  new Elysia().post(
    '/api/v1/submit',
    async ({ body }) => {
      const input = acceptSubmission(body)
      const result = await submit(deps, { ...input, url: await checkedRepositoryUrl(input.url, deps.folders ?? null) })
      accepted()
      // The answer carries the claim secret: never cached.
      return json(result, 200, { 'cache-control': 'no-store' })
    },
    {
      parse: jsonObjectBody(MAX_SUBMISSION_BYTES, (removed) => deps.log.info({ removed }, 'submission: NUL removed')),
      body: SubmissionBody,
    },
  )
