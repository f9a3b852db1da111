// The text engine's vocabulary that the API's models name too: the orders it ranks in.

/** The orders of a search: relevance with trust (the default), newest, most installed, most recently checked. */
export const SORTS = ['relevance', 'new', 'installs', 'checked'] as const
