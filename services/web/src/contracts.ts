// The web service's pages for people, each declared in its page's folder. Each path is listed on its own, so every
// other path keeps the JSON 404 of the API; none of them is in the OpenAPI document (they are pages, not API
// operations).
import type { Contract } from '@mcp-directory/shared/contracts'
import {
  adminConflictsPage,
  adminLogin,
  adminLogout,
  adminModerate,
  adminPage,
  adminResolveConflict,
  adminUpstreamTrust,
} from './pages/admin/contract'
import { claimForm, claimPage } from './pages/claim/contract'
import { homePage } from './pages/home/contract'
import { listingPage } from './pages/listing/contract'
import { llmsTxt } from './pages/llms/contract'
import { notFoundPage } from './pages/not-found/contract'
import { ownerClaimForm, ownerClaimPage } from './pages/owner-claim/contract'
import { asset, favicon, robotsTxt } from './pages/static/contract'
import { statusPage } from './pages/status/contract'
import { submitForm, submitPage } from './pages/submit/contract'

/** The web service's public routes (pages, the llms.txt description and the static assets), in matching order. */
export const WEB_CONTRACTS: Contract[] = [
  homePage,
  listingPage,
  ownerClaimPage,
  ownerClaimForm,
  submitPage,
  submitForm,
  claimPage,
  claimForm,
  statusPage,
  adminPage,
  adminLogin,
  adminLogout,
  adminModerate,
  adminConflictsPage,
  adminResolveConflict,
  adminUpstreamTrust,
  llmsTxt,
  asset,
  favicon,
  robotsTxt,
]

/** Where the gateway sends a browser that asks for a page no route knows: the web service answers its 404 page. */
export const NOT_FOUND_PAGE_CONTRACT: Contract = notFoundPage
