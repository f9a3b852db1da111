import { pageContract } from '../contract'

/** `/claim/:id?token=…`: the ownership-verification page (claim_url). */
export const claimPage = pageContract('GET', '/claim/:id', 'claimPage', 'The ownership-verification page (claim_url)')

/** A verify button of the claim page: the page again, with the verification's outcome. */
export const claimForm = pageContract('POST', '/claim/:id', 'claimForm', 'Runs a verification from the claim page')
