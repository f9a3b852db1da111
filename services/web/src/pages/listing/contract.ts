import { PAGE_ANSWERS, pageContract } from '../contract'

/** `/servers/:id`: the page of one listing (its detailUrl); a merged listing's page leads to its survivor's. */
export const listingPage = {
  ...pageContract('GET', '/servers/:id', 'listingPage', 'The page of one listing (detailUrl)'),
  responses: { ...PAGE_ANSWERS, 308: { description: "A merged listing: the survivor's page" } },
}
