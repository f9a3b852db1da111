import { t } from '../../models'

/**
 * The search as the page was asked for it: each parameter passed on to the search endpoint as given (it validates
 * them and the page shows its Error object), empty when absent. The order is the order they are passed on in.
 */
export const HomeQuery = t.Object({
  q: t.String(),
  category: t.String(),
  transport: t.String(),
  verified: t.String(),
  claimed: t.String(),
  ready: t.String(),
  sort: t.String(),
  cursor: t.String(),
})
