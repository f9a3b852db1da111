/** Category taxonomy: the categories, their spellings and the mapping of community categories. */
export {
  CATEGORIES,
  COMMUNITY_CATEGORY_MAP,
  OTHER_CATEGORY,
  categoryBySlug,
  guessCategoryFromHints,
  mapCommunityCategory,
  resolveCategory,
  scoreCategoryHints,
  storedCategoryName,
  type Category,
} from './taxonomy'
