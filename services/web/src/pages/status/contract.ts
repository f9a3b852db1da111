import { pageContract } from '../contract'

/** `/status?url=…|name=…`: why a server is (not) listed. */
export const statusPage = pageContract(
  'GET',
  '/status',
  'statusPage',
  'Why a server is (not) listed: the status lookup as a page',
)
