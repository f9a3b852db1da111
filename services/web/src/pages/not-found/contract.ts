import { pageContract } from '../contract'

/** Where the gateway sends a browser that asks for a page no route knows: the web service answers its 404 page. */
export const notFoundPage = pageContract('GET', '/*', 'notFoundPage', 'A page nobody has')
