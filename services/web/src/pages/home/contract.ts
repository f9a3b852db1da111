import { pageContract } from '../contract'

/** `/`: the search with the API's filters, its sections and the categories. */
export const homePage = pageContract('GET', '/', 'homePage', 'Search and browse the directory')
