import { t } from '../../models'

const Secret = t.String({ minLength: 1 })

/** The claim link's address: it carries the claim secret. */
export const ClaimQuery = t.Object({ token: Secret })

/** A verify form: the secret in its hidden field, the method (default dns) and the page carrying the badge. */
export const ClaimForm = t.Object({
  token: Secret,
  method: t.Optional(t.String()),
  websiteUrl: t.Optional(t.String()),
})
