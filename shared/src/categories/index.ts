/** Category taxonomy: the categories, their spellings, the mapping of community categories and the guessing rule. */
export {
  CATEGORIES,
  COMMUNITY_CATEGORY_MAP,
  OTHER_CATEGORY,
  categoryBySlug,
  resolveCategory,
  storedCategoryName,
  type Category,
} from './taxonomy'
export {
  categorize,
  guessCategoryFromHints,
  mapCommunityCategory,
  readmeIntro,
  scoreCategoryHints,
  type Categorized,
  type CategoryEvidence,
} from './guess'
