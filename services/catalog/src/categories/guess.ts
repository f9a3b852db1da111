// A listing's category guessed again when more is known of it. Only a guessed category (its source named none
// usable) is ever replaced: a category its source, submitter or owner named is theirs to change.
import {
  type CategoryEvidence,
  guessCategoryFromHints,
  OTHER_CATEGORY,
  storedCategoryName,
} from '@mcp-directory/shared/categories'
import type { ToolInfo } from '@mcp-directory/shared/contracts'

/** What the guess reads of a stored listing. */
export interface GuessableListing {
  name: string
  title: string | null
  description: string
  tools: ToolInfo[]
  readme: string | null
  category: string
  categorySource: string
}

/** The evidence a stored listing offers. */
export const evidenceOf = (l: Omit<GuessableListing, 'category' | 'categorySource'>): CategoryEvidence => ({
  name: l.name,
  title: l.title,
  description: l.description,
  tools: l.tools,
  readme: l.readme,
})

/**
 * The stored category name a guessed category should now have, given the listing as it is after `next`; null when
 * it keeps its category (the category was given, or the guess did not move).
 */
export function reguessedCategory(row: GuessableListing, next: Partial<GuessableListing> = {}): string | null {
  const l = { ...row, ...next }
  if (l.categorySource !== 'guessed') return null
  const name = storedCategoryName(guessCategoryFromHints(evidenceOf(l)) ?? OTHER_CATEGORY)
  return name === row.category ? null : name
}
