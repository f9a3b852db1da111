// A search term's listings, counted by where each holds it: in its own text or only in its observed tools.
import { TOOL_FIELDS } from './document'
import { Postings, TF_BITS, TF_MAX } from './postings'

// The bits of a packed count outside the tool fields: a term with none set is held by a listing's tools alone.
const OWN_BITS = ~TOOL_FIELDS.reduce((m, f) => m | (TF_MAX << (f * TF_BITS)), 0)

/** Whether a term's packed counts in a listing are in its own text, not only in its tools' (see TermPostings). */
export const inOwnText = (packed: number): boolean => (packed & OWN_BITS) !== 0

/**
 * A term's listings, with who holds it where. Every statistic (idf, common words, feedback, senses) reads `df`: the
 * listings whose own text (any field but their tools') holds it, or for a term only tools use, those. Tools are
 * observed for some listings only, and their generic words (page, get, list) would otherwise shift every query's
 * statistics by which listings happened to be checked.
 */
export class TermPostings extends Postings {
  /** Live listings whose own text holds the term. */
  own = 0
  /** Live listings holding the term in their tools' names or descriptions only. */
  toolOnly = 0

  count(own: boolean, by: 1 | -1): void {
    if (own) this.own += by
    else this.toolOnly += by
    this.df = this.own > 0 ? this.own : this.toolOnly
  }
}
