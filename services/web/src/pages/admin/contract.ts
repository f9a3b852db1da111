// The operator's pages: the moderation queue and the import conflicts, their sign-in and sign-out, and their
// forms, each answering with a redirect to the page that says what was done (post/redirect/get).
import { FORM_ANSWERS, pageContract } from '../contract'

/** A form of the operator's pages. */
const form = <const P extends string, const O extends string>(path: P, operationId: O, summary: string) => ({
  ...pageContract('POST', path, operationId, summary),
  responses: FORM_ANSWERS,
})

export const adminPage = pageContract('GET', '/admin', 'adminPage', 'The operator moderation page')
export const adminLogin = form('/admin/login', 'adminLogin', 'Operator sign-in')
export const adminLogout = form('/admin/logout', 'adminLogout', 'Operator sign-out')
export const adminModerate = form('/admin/moderate', 'adminModerate', 'Approve, reject or flag a listing')
/** Signed out, it leads to the sign-in form of the moderation page. */
export const adminConflictsPage = {
  ...pageContract(
    'GET',
    '/admin/conflicts',
    'adminConflictsPage',
    'The operator page of import conflicts and upstreams',
  ),
  responses: FORM_ANSWERS,
}
export const adminResolveConflict = form(
  '/admin/conflicts/resolve',
  'adminResolveConflict',
  'Accept or dismiss an import conflict',
)
export const adminUpstreamTrust = form(
  '/admin/upstreams/trust',
  'adminUpstreamTrust',
  'Set the origins an upstream may replace',
)
