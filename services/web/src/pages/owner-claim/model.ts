import { CLAIM_METHODS } from '@mcp-directory/claim-verifier/model'
import { t } from '../../models'

// The API checks the address and the code as it always does; these only bound what a form may carry.
const Email = t.String({ minLength: 1, maxLength: 254 })
const Code = t.String({ minLength: 1, maxLength: 20 })
const Method = t.Optional(t.Union(CLAIM_METHODS.map((m) => t.Literal(m))))
const WebsiteUrl = t.Optional(t.String({ maxLength: 2048 }))

/** Send a code to the address, then show the challenge or verify `method`. */
export const CodeStep = t.Object({
  step: t.Literal('code'),
  email: Email,
  next: t.Union([t.Literal('challenge'), t.Literal('verify')]),
  method: Method,
  websiteUrl: WebsiteUrl,
})

/** With the code from the e-mail: what to publish for each method. */
export const ChallengeStep = t.Object({ step: t.Literal('challenge'), email: Email, code: Code })

/** With the code from the e-mail: verify the proof of `method`. */
export const VerifyStep = t.Object({
  step: t.Literal('verify'),
  email: Email,
  code: Code,
  method: Method,
  websiteUrl: WebsiteUrl,
})
