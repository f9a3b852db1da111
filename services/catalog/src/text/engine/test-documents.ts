// A search document for the engine's tests: a stdio listing in Developer Tools with no repository, unless told.
import type { SearchDocument } from './document'

export const testDocument = (
  id: string,
  name: string,
  description: string,
  extra: Partial<SearchDocument> = {},
): SearchDocument => ({
  id,
  name,
  title: null,
  description,
  tags: [],
  tools: [],
  readme: null,
  category: 'Developer Tools',
  repositoryUrl: null,
  repositoryKey: null,
  hasPackage: true,
  hasRemote: false,
  verified: false,
  isOfficial: false,
  stars: null,
  source: 'official-registry',
  ...extra,
})
